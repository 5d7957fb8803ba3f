export * from './types.js';
export {
  ALLERGEN_IDS,
  EU_14_ALLERGEN_IDS,
  GLUTEN_CEREAL_IDS,
  TREE_NUT_IDS,
  US_9_ALLERGEN_IDS,
} from './catalogue/allergen-ids.js';
export type { AllergenId } from './catalogue/allergen-ids.js';
export {
  ALLERGEN_CATEGORIES,
  allergenById,
  ALLERGENS,
  ingredientsContainingAllergen,
} from './catalogue/allergens.js';
export {
  countIngredientsByCategory,
  foldIngredientName,
  ingredientById,
  ingredientByName,
  ingredientNames,
  INGREDIENTS,
  NON_PURCHASED_INGREDIENT_IDS,
} from './catalogue/ingredients.js';
export { FOOD_FAMILIES } from './catalogue/families.js';
export {
  breaksKeto,
  KETO_EXCLUDED_IDS,
  KETO_SUBSTITUTE_WORDS,
} from './keto.js';
export {
  effectiveShelfLifeDays,
  SHELF_LIFE_DEFAULTS,
} from './catalogue/shelf-life.js';
export type { ShelfLife } from './catalogue/shelf-life.js';
export {
  CUT_LIFE_DAYS,
  KEEPING,
  keepingOf,
  LIFE_CAP_DAYS,
} from './catalogue/keeping.js';
export type { Keeping } from './catalogue/keeping.js';
export {
  deriveRecipeFacts,
  KETO_HIGH_CARB_TOLERANCE_G_PER_SERVING,
  PROTEIN_LEVEL_LABELS,
  PROTEIN_LEVEL_THRESHOLDS_G,
  proteinLevelFor,
  RECIPE_FACTS_RULES_VERSION,
  weighRecipeLines,
} from './derive.js';
export type { IngredientCatalogue, RecipeLineWeight } from './derive.js';
export {
  lineGrams,
  PACKAGE_UNITS,
  packageGrams,
  unitGrams,
} from './quantities.js';
export {
  RECIPE_ART_HEIGHT,
  RECIPE_ART_WIDTH,
  renderDefaultRecipeArt,
  renderRecipeArt,
} from './art/recipe-art.js';
export type { RecipeArtInput } from './art/recipe-art.js';
export * from './parser/index.js';
export { ASIAN_CUISINES, SEED_RECIPES } from './recipes/index.js';
