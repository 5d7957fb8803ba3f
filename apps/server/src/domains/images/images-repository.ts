import { and, asc, eq, isNotNull } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import {
  recipeImages,
  recipeIngredients,
  recipes,
  type RecipeImageKind,
} from '../../db/schema/index.js';

export interface StoredRecipeImage {
  kind: RecipeImageKind;
  fileName: string | null;
  contentType: string | null;
  recipeName: string;
  cuisine: string | null;
}

export function createImagesRepository(db: Database) {
  return {
    /** The image of a recipe, or undefined when either does not exist. */
    async findRecipeImage(
      recipeId: string,
      imageId: string,
    ): Promise<StoredRecipeImage | undefined> {
      const [row] = await db
        .select({
          kind: recipeImages.kind,
          fileName: recipeImages.fileName,
          contentType: recipeImages.contentType,
          recipeName: recipes.name,
          cuisine: recipes.cuisine,
        })
        .from(recipeImages)
        .innerJoin(recipes, eq(recipes.id, recipeImages.recipeId))
        .where(
          and(
            eq(recipeImages.id, imageId),
            eq(recipeImages.recipeId, recipeId),
          ),
        );
      return row;
    },

    /** The catalogue ids of a recipe's lines, in line order. */
    async ingredientIds(recipeId: string): Promise<string[]> {
      const rows = await db
        .select({ ingredientId: recipeIngredients.ingredientId })
        .from(recipeIngredients)
        .where(
          and(
            eq(recipeIngredients.recipeId, recipeId),
            isNotNull(recipeIngredients.ingredientId),
          ),
        )
        .orderBy(asc(recipeIngredients.position));
      return rows.flatMap((row) =>
        row.ingredientId ? [row.ingredientId] : [],
      );
    },
  };
}

export type ImagesRepository = ReturnType<typeof createImagesRepository>;
