import {
  INGREDIENT_LINE_MAX,
  PARSE_MAX_LINES,
  type ParsedIngredientLine,
} from '@platewise/shared';
import { useEffect, useMemo, useState } from 'react';

import { useParseIngredientLinesMutation } from '../admin-recipes-api';
import { describeAdminError } from '../utils/admin-messages';
import { ingredientLinesOf } from '../utils/recipe-form';
import { useDebouncedValue } from './use-debounced-value';

/**
 * The parser is asked once typing has paused this long. It is rate-limited
 * per admin (RATE_LIMIT_PARSE_USER a minute), so a request per keystroke
 * would soon be refused.
 */
export const PARSE_DEBOUNCE_MS = 500;

/** Parsed lines kept, so a line typed again is not sent again. */
const CACHE_LIMIT = 1000;

export type IngredientLinePreview =
  | { line: string; status: 'pending' }
  | { line: string; status: 'too-long' }
  | { line: string; status: 'parsed'; parsed: ParsedIngredientLine };

const isAbort = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'name' in error &&
  (error as { name: unknown }).name === 'AbortError';

/**
 * The add form's live preview: each line of `text` as the server's parser
 * reads it (quantity, unit, catalogue ingredient). Only lines not parsed yet
 * are sent, a pause after the last keystroke; an answer for text that has
 * changed since is still kept, since its lines may come back.
 */
export function useIngredientPreview(text: string) {
  const lines = useMemo(() => ingredientLinesOf(text), [text]);
  const settled = useDebouncedValue(lines, PARSE_DEBOUNCE_MS);
  const [parsed, setParsed] = useState<
    ReadonlyMap<string, ParsedIngredientLine>
  >(() => new Map());
  const [error, setError] = useState<string | null>(null);
  const [parse, { isLoading }] = useParseIngredientLinesMutation();

  useEffect(() => {
    const missing = [
      ...new Set(
        settled.filter(
          (line) => !parsed.has(line) && line.length <= INGREDIENT_LINE_MAX,
        ),
      ),
    ].slice(0, PARSE_MAX_LINES);
    if (missing.length === 0) return;
    const request = parse({ lines: missing });
    request
      .unwrap()
      .then(({ data }) => {
        setError(null);
        setParsed((previous) => {
          const next = new Map(previous);
          missing.forEach((line, index) => {
            const result = data[index];
            if (result) next.set(line, result);
          });
          // Oldest first: drop what was typed long ago.
          for (const key of next.keys()) {
            if (next.size <= CACHE_LIMIT) break;
            next.delete(key);
          }
          return next;
        });
      })
      .catch((failure: unknown) => {
        if (!isAbort(failure)) setError(describeAdminError(failure));
      });
    return () => request.abort();
  }, [settled, parsed, parse]);

  const items = useMemo(
    () =>
      lines.map((line): IngredientLinePreview => {
        if (line.length > INGREDIENT_LINE_MAX) {
          return { line, status: 'too-long' };
        }
        const result = parsed.get(line);
        return result
          ? { line, status: 'parsed', parsed: result }
          : { line, status: 'pending' };
      }),
    [lines, parsed],
  );

  return {
    items,
    /** A request is on its way, or typing has not paused yet. */
    parsing: isLoading || settled !== lines,
    error,
  };
}
