import {
  PROTEIN_LEVEL_LABELS,
  type IngredientResolver,
} from '@platewise/food-data';
import {
  recipeMessages,
  RECIPE_MAX_TAGS,
  type RecipeDraft,
} from '@platewise/shared';

import { AppError } from '../../errors.js';
import {
  deriveLineFacts,
  structureLines,
} from '../ingredients/recipe-lines.js';
import type { PageFetcher } from './recipe-import-fetch.js';
import { mealTypesOf } from './recipe-import-json-ld.js';
import { directionsText, readRecipePage } from './recipe-import-read.js';

export interface RecipeImportServiceDeps {
  fetchPage: PageFetcher;
  resolver: IngredientResolver;
}

function uniqueTerms(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  return terms
    .filter((term) => {
      const key = term.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, RECIPE_MAX_TAGS);
}

export function createRecipeImportService({
  fetchPage,
  resolver,
}: RecipeImportServiceDeps) {
  return {
    /**
     * A draft from a recipe page for the admin to review and then save with
     * POST /recipes; nothing is stored here. Its lines go through the same
     * parser, and its facts are derived the same way, as a saved recipe's.
     */
    async importFromUrl(url: string): Promise<RecipeDraft> {
      const page = await fetchPage(url);
      const read = await readRecipePage(page.html, page.url);
      if (read === null) {
        throw new AppError(
          422,
          'VALIDATION_FAILED',
          recipeMessages.importNoRecipe,
        );
      }
      const { recipe } = read;
      const lines = structureLines(recipe.ingredientLines, resolver);
      const facts = deriveLineFacts(lines, recipe.servings);
      return {
        name: recipe.name,
        description: recipe.description,
        total_cooking_time: recipe.totalMinutes,
        rating: recipe.rating,
        serving_size: recipe.servings,
        cuisine: recipe.cuisines[0] ?? null,
        meal_types: mealTypesOf(recipe.categories),
        directions: directionsText(recipe.steps),
        url: page.url,
        // Keywords first; category and cuisine are useful filters too.
        tags: uniqueTerms([
          ...recipe.keywords,
          ...recipe.categories,
          ...recipe.cuisines,
        ]),
        ingredients: lines.map((line) => ({
          ingredient: line.name,
          quantity: line.quantity,
          quantityMax: line.quantityMax,
          unit: line.unit,
          preparation: line.preparation,
          text: line.text,
          ingredientId: line.ingredientId,
        })),
        images: recipe.images,
        diets: [...facts.diets],
        allergens: [...facts.allergens],
        protein_per_serving: facts.proteinPerServingG,
        protein_level: PROTEIN_LEVEL_LABELS[facts.proteinLevel],
      };
    },
  };
}

export type RecipeImportService = ReturnType<typeof createRecipeImportService>;
