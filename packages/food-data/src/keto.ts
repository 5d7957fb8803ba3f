/**
 * What a ketogenic recipe may not hold at all: sugars, syrups and honey,
 * flours and starches, and the sweet sauces made of them. A keto cook reads
 * "sugar" in an ingredient list as a broken rule whatever the amount, so
 * these disqualify a recipe even by the teaspoon, unless the line names a
 * keto substitute ("2 tbsp sugar or erythritol", "sugar-free maple syrup").
 * Other 'high-carb' ingredients (rice, beans, fruit) keep the per-serving
 * tolerance of derive.ts.
 */

/** Ingredient ids a ketogenic recipe may not contain, in any amount. */
export const KETO_EXCLUDED_IDS: ReadonlySet<string> = new Set([
  // Sugars, syrups, honey.
  'sugar',
  'brown-sugar',
  'powdered-sugar',
  'honey',
  'maple-syrup',
  'molasses',
  'golden-syrup',
  'agave-syrup',
  'sweetened-condensed-milk',
  'strawberry-jam',
  'chocolate-hazelnut-spread',
  'chocolate-chips',
  'dates',
  // Flours and starches.
  'all-purpose-flour',
  'self-raising-flour',
  'bread-flour',
  'whole-wheat-flour',
  'semolina',
  'chickpea-flour',
  'rice-flour',
  'cornstarch',
  'tapioca-starch',
  'masa-harina',
  'cornmeal',
  'breadcrumbs',
  'panko',
  // Sweet sauces.
  'mirin',
  'hoisin-sauce',
  'teriyaki-sauce',
  'sweet-chili-sauce',
  'ketchup',
  'bbq-sauce',
  'gochujang',
]);

/** Words on a line that name a keto substitute for the sugar or flour it lists. */
export const KETO_SUBSTITUTE_WORDS: readonly string[] = [
  'erythritol',
  'stevia',
  'monk fruit',
  'allulose',
  'xylitol',
  'sugar-free',
  'sugar free',
  'keto',
  'almond flour',
  'coconut flour',
  'lupin flour',
  'xanthan',
  'glucomannan',
];

/** Whether a line of `ingredientId` written as `text` rules a recipe out of keto. */
export function breaksKeto(ingredientId: string, text: string): boolean {
  if (!KETO_EXCLUDED_IDS.has(ingredientId)) return false;
  const lower = text.toLowerCase();
  return !KETO_SUBSTITUTE_WORDS.some((word) => lower.includes(word));
}
