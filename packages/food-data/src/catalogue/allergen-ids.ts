/**
 * Ids of the allergen catalogue, on their own so that the ingredient files can
 * name allergens type-safely without importing the catalogue (which imports
 * the ingredients).
 *
 * Rule for families (gluten cereals and tree nuts): an ingredient names the
 * family *and* every specific member it contains. Wheat flour is
 * ['gluten', 'wheat'], rye bread ['gluten', 'rye', 'wheat'], pesto
 * ['tree-nuts', 'pine-nuts', 'cashews', 'milk']. So a user who avoids
 * 'gluten' (coeliac) or 'tree-nuts' excludes the whole family with one chip,
 * and a user who avoids only 'wheat' or 'almonds' still gets oats or walnuts.
 * Oats count as a gluten cereal, as in EU labelling (regular oats are not
 * safe for coeliacs unless certified gluten-free).
 */
export const GLUTEN_CEREAL_IDS = ['wheat', 'rye', 'barley', 'oats'] as const;

/**
 * Tree nuts: the EU's eight plus pine nuts, which the US FDA lists as a tree
 * nut. Coconut is a separate allergen (the FDA no longer lists it as a tree
 * nut; the EU never did).
 */
export const TREE_NUT_IDS = [
  'almonds',
  'hazelnuts',
  'walnuts',
  'cashews',
  'pecans',
  'brazil-nuts',
  'pistachios',
  'macadamia-nuts',
  'pine-nuts',
] as const;

export const ALLERGEN_IDS = [
  'milk',
  'eggs',
  'fish',
  'crustaceans',
  'molluscs',
  'tree-nuts',
  ...TREE_NUT_IDS,
  'peanuts',
  'sesame',
  'coconut',
  'gluten',
  ...GLUTEN_CEREAL_IDS,
  'soy',
  'lupin',
  'celery',
  'mustard',
  'sulphites',
] as const;

export type AllergenId = (typeof ALLERGEN_IDS)[number];

/** The EU's 14 allergens of Regulation (EU) No 1169/2011, Annex II. */
export const EU_14_ALLERGEN_IDS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soy',
  'milk',
  'tree-nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const satisfies readonly AllergenId[];

/** The US's 9 major food allergens (FALCPA 2004 plus FASTER Act 2021). */
export const US_9_ALLERGEN_IDS = [
  'milk',
  'eggs',
  'fish',
  'crustaceans',
  'tree-nuts',
  'peanuts',
  'wheat',
  'soy',
  'sesame',
] as const satisfies readonly AllergenId[];
