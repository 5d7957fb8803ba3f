import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * Whether the module of `meta` is the process's entry point:
 * `import.meta.main` (Node 24); the argv check keeps older runtimes from
 * exiting silently.
 */
export function isEntryPoint(meta: ImportMeta): boolean {
  if (typeof meta.main === 'boolean') return meta.main;
  const entry = process.argv[1];
  return (
    entry !== undefined && pathToFileURL(realpathSync(entry)).href === meta.url
  );
}
