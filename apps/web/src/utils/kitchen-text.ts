/**
 * How amounts and names read in a kitchen: ½ cup rather than 0.5 cup, and
 * list entries starting with a capital. Used by the dashboard's recipe
 * details and the shopping list alike.
 */

// One formatter for amounts on every screen and export (issue 21).
export { formatQuantity } from '@platewise/shared';

/** "cilantro" → "Cilantro"; the rest is left as written. */
export function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase('en') + text.slice(1);
}
