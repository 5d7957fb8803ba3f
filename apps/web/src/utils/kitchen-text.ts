/**
 * How amounts and names read in a kitchen: ½ cup rather than 0.5 cup, and
 * list entries starting with a capital. Used by the dashboard's recipe
 * details and the shopping list alike.
 */

const FRACTIONS: ReadonlyArray<readonly [number, string]> = [
  [1 / 8, '⅛'],
  [1 / 4, '¼'],
  [1 / 3, '⅓'],
  [1 / 2, '½'],
  [2 / 3, '⅔'],
  [3 / 4, '¾'],
];

/** Close enough to read as the fraction: the API rounds to 2 decimals. */
const TOLERANCE = 0.011;

const decimals = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** 1.5 → "1½", 0.33 → "⅓", 2 → "2", 0.4 → "0.4". */
export function formatQuantity(value: number): string {
  if (!Number.isFinite(value) || value < 0) return decimals.format(value);
  const whole = Math.floor(value + TOLERANCE);
  const rest = value - whole;
  if (rest < TOLERANCE) return String(whole);
  const fraction = FRACTIONS.find(
    ([part]) => Math.abs(rest - part) < TOLERANCE,
  );
  if (!fraction) return decimals.format(value);
  return whole === 0 ? fraction[1] : `${String(whole)}${fraction[1]}`;
}

/** "cilantro" → "Cilantro"; the rest is left as written. */
export function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase('en') + text.slice(1);
}
