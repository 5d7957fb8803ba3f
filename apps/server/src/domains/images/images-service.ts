import { createHash } from 'node:crypto';

import { renderRecipeArt } from '@platewise/food-data';
import { isUuid } from '@platewise/shared';

import { NotFoundError } from '../../errors.js';
import type { ImagesRepository } from './images-repository.js';
import type { ImageStore } from './images-store.js';

export type RecipeImageFile =
  | { kind: 'generated'; body: string; etag: string }
  | {
      kind: 'upload';
      body: Buffer;
      etag: string;
      contentType: string;
      fileName: string;
    };

export interface ImagesServiceDeps {
  repo: Pick<ImagesRepository, 'findRecipeImage' | 'ingredientIds'>;
  store: Pick<ImageStore, 'read'>;
}

function etagOf(text: string): string {
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
}

export function createImagesService({ repo, store }: ImagesServiceDeps) {
  return {
    /**
     * A recipe's generated art or uploaded file. External URLs are never
     * fetched or proxied by us: the recipe answer lists them as entered.
     */
    async recipeImage(
      recipeId: string,
      imageId: string,
    ): Promise<RecipeImageFile> {
      const image =
        isUuid(recipeId) && isUuid(imageId)
          ? await repo.findRecipeImage(recipeId, imageId)
          : undefined;
      if (image?.kind === 'generated') {
        // Drawn from the recipe as it is now; the image id changes when the
        // recipe is edited, so a cached copy never outlives its recipe.
        const body = renderRecipeArt({
          name: image.recipeName,
          cuisine: image.cuisine ?? '',
          ingredientIds: await repo.ingredientIds(recipeId),
        });
        return { kind: 'generated', body, etag: etagOf(body) };
      }
      if (image?.kind === 'upload' && image.fileName && image.contentType) {
        const body = await store.read(image.fileName);
        if (body !== undefined) {
          return {
            kind: 'upload',
            body,
            // A stored name is a UUID and its bytes never change.
            etag: `"${image.fileName}"`,
            contentType: image.contentType,
            fileName: image.fileName,
          };
        }
      }
      throw new NotFoundError();
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
