/**
 * A `console.error` fails the test that caused it (style guide, "Testing"),
 * unless the test says it expects one.
 */
let allowed = false;

/** Call inside a test that expects errors to be logged (an error page, say). */
export function allowConsoleErrors(): void {
  allowed = true;
}

export function consoleErrorsAllowed(): boolean {
  return allowed;
}

export function resetConsoleErrorsAllowed(): void {
  allowed = false;
}
