import {
  PROTEIN_LEVEL_LABELS,
  type IngredientResolver,
  type ProteinLevelId,
} from '@platewise/food-data';
import {
  DIETS,
  DIRECTIONS_SEPARATOR,
  isUuid,
  MEAL_SLOTS,
  messages,
  RECIPE_IMAGE_PATH_PATTERN,
  recipeImagePath,
  type CreateRecipe,
  type Diet,
  type IngredientText,
  type MealSlot,
  type Recipe,
  type RecipeList,
  type RecipeListQuery,
  type UpdateRecipe,
} from '@platewise/shared';

import { BadRequestError, NotFoundError } from '../../errors.js';
import type { RequestContext } from '../../request-context.js';
import {
  auditChanges,
  type AuditChanges,
  type AuditLog,
} from '../audit/audit-service.js';
import type {
  ImageExtension,
  ProcessedImage,
} from '../images/images-processing.js';
import type { ImageStore } from '../images/images-store.js';
import {
  deriveLineFacts,
  joinCommaFragments,
  structureLines,
  type StructuredLine,
} from '../ingredients/recipe-lines.js';
import type {
  RecipeFields,
  RecipeImageWrite,
  RecipeRecord,
  RecipesRepository,
} from './recipes-repository.js';

export interface RecipesServiceDeps {
  repo: RecipesRepository;
  /** Built once per process from the catalogue (ingredients domain). */
  resolver: IngredientResolver;
  store: Pick<ImageStore, 'save' | 'remove'>;
  /** Sniffs and re-encodes an upload (images domain). */
  processImage: (data: Buffer) => Promise<ProcessedImage>;
  /** Told about an uploaded file that could not be removed; default ignores. */
  onOrphanFile?: (fileName: string, error: unknown) => void;
  /** Catalogue changes are admin changes (issue 12): each write is audited. */
  audit: Pick<AuditLog, 'record'>;
}

const isDiet = (value: string): value is Diet =>
  (DIETS as readonly string[]).includes(value);
const isMealSlot = (value: string): value is MealSlot =>
  (MEAL_SLOTS as readonly string[]).includes(value);

/** The API's recipe (spec point 3) from the stored one. */
export function toRecipe(record: RecipeRecord): Recipe {
  return {
    id: record.id,
    slug: record.slug,
    name: record.name,
    description: record.description,
    total_cooking_time: record.totalCookingTime,
    rating: record.rating,
    serving_size: record.servingSize,
    cuisine: record.cuisine,
    meal_types: record.mealTypes.filter(isMealSlot),
    directions: record.directions,
    url: record.url,
    tags: record.tags,
    ingredients: record.lines.map((line) => ({
      ingredient: line.name,
      quantity: line.quantity,
      quantityMax: line.quantityMax,
      unit: line.unit,
      preparation: line.preparation,
      text: line.text,
      ingredientId: line.ingredientId,
    })),
    images: record.images.flatMap((image) =>
      image.kind === 'url'
        ? image.url
          ? [image.url]
          : []
        : [recipeImagePath(record.id, image.id)],
    ),
    created_by: record.creator
      ? {
          id: record.creator.id,
          name: [record.creator.firstName, record.creator.lastName]
            .filter((part) => part && part.trim() !== '')
            .join(' '),
        }
      : null,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
    diets: record.diets.filter(isDiet),
    allergens: record.allergens,
    protein_per_serving: record.proteinPerServing,
    protein_level: PROTEIN_LEVEL_LABELS[record.proteinLevel as ProteinLevelId],
  };
}

/** Longer audited values are replaced by their size (see recipeAuditChanges). */
const AUDIT_VALUE_MAX = 300;

function sizeOf(value: unknown): unknown {
  if (Array.isArray(value)) return `${value.length} items`;
  if (typeof value === 'string') return `${value.length} characters`;
  return value;
}

/**
 * The audited fields of a recipe under the API's names. Uploads are named by
 * their path, which an edit keeps; generated art gets a new id on every edit,
 * so it is named by kind lest every edit look like a picture change.
 */
function auditFields(record: RecipeRecord) {
  return {
    name: record.name,
    description: record.description,
    total_cooking_time: record.totalCookingTime,
    rating: record.rating,
    serving_size: record.servingSize,
    cuisine: record.cuisine,
    meal_types: record.mealTypes,
    tags: record.tags,
    url: record.url,
    directions: record.directions,
    ingredients: record.lines.map((line) => line.text),
    images: record.images.map((image) =>
      image.kind === 'url'
        ? image.url
        : image.kind === 'upload'
          ? recipeImagePath(record.id, image.id)
          : 'generated',
    ),
    // Derived from the ingredients, but what a changed line did to the
    // recipe's allergens is what an auditor looks for.
    diets: record.diets,
    allergens: record.allergens,
  };
}
type AuditFields = ReturnType<typeof auditFields>;

/**
 * Summaries of the long fields, so that one event stays small (up to 20,000
 * characters of directions and 200 ingredient lines otherwise). The change is
 * detected on the full values before they are summarised.
 */
const SUMMARIES: Partial<
  Record<keyof AuditFields, (value: unknown) => unknown>
> = {
  directions: (value) => {
    if (typeof value !== 'string' || value === '') return null;
    const steps = value
      .split(DIRECTIONS_SEPARATOR)
      .filter((step) => step.trim() !== '').length;
    return `${steps} steps, ${value.length} characters`;
  },
  ingredients: (value) => {
    if (!Array.isArray(value) || value.length === 0) return null;
    const characters = value.reduce<number>(
      (sum, line) => sum + String(line).length,
      0,
    );
    return `${value.length} lines, ${characters} characters`;
  },
};

function summarise(field: string, value: unknown): unknown {
  const summary = SUMMARIES[field as keyof AuditFields];
  if (summary) return summary(value);
  return JSON.stringify(value ?? null).length > AUDIT_VALUE_MAX
    ? sizeOf(value)
    : value;
}

/**
 * The fields that differ between two versions of a recipe (`before` null for
 * a new one, which lists its non-empty fields), through the audit domain's
 * one diff, with the long values summarised.
 */
export function recipeAuditChanges(
  before: RecipeRecord | null,
  after: RecipeRecord,
): AuditChanges {
  const fields = auditFields(after);
  const changes = before
    ? auditChanges(auditFields(before), fields)
    : auditChanges<Record<string, unknown>>(
        {},
        Object.fromEntries(
          Object.entries(fields).filter(
            ([, value]) =>
              value !== '' && !(Array.isArray(value) && value.length === 0),
          ),
        ),
      );
  return Object.fromEntries(
    Object.entries(changes).map(([field, change]) => [
      field,
      {
        before: summarise(field, change.before),
        after: summarise(field, change.after),
      },
    ]),
  );
}

export function createRecipesService({
  repo,
  resolver,
  store,
  processImage,
  onOrphanFile = () => {},
  audit,
}: RecipesServiceDeps) {
  function toLines(text: IngredientText): StructuredLine[] {
    const lines = text.commaSeparated
      ? joinCommaFragments(text.lines, resolver)
      : text.lines;
    return structureLines(lines, resolver);
  }

  /** Derived columns (architecture point 6): never taken from the client. */
  function derived(lines: StructuredLine[], servingSize: number | null) {
    const facts = deriveLineFacts(lines, servingSize);
    return {
      diets: [...facts.diets],
      allergens: [...facts.allergens],
      proteinPerServing: facts.proteinPerServingG,
      proteinLevel: facts.proteinLevel,
    };
  }

  async function removeFiles(fileNames: readonly string[]) {
    await Promise.all(
      fileNames.map((fileName) =>
        store.remove(fileName).catch((error: unknown) => {
          onOrphanFile(fileName, error);
        }),
      ),
    );
  }

  async function find(id: string): Promise<RecipeRecord> {
    const record = isUuid(id) ? await repo.findById(id) : undefined;
    if (record === undefined) throw new NotFoundError('Recipe not found');
    return record;
  }

  async function get(id: string): Promise<Recipe> {
    return toRecipe(await find(id));
  }

  return {
    async list(query: RecipeListQuery): Promise<RecipeList> {
      const { rows, total } = await repo.list({
        page: query.page,
        limit: query.limit,
        ...(query.search ? { search: query.search } : {}),
        tags: query.tags,
      });
      return {
        data: rows.map(toRecipe),
        total,
        page: query.page,
        limit: query.limit,
      };
    },

    get,

    /**
     * Adds a recipe by `creatorId` (an admin). Uploads are checked and
     * re-encoded before anything is stored, written to disk before their rows
     * are committed, and removed again when the insert fails. Its pictures:
     * the uploads, then our generated art, then external URLs.
     */
    async create(
      creatorId: string,
      input: CreateRecipe,
      files: readonly Buffer[],
      context: RequestContext,
    ): Promise<Recipe> {
      const processed: ProcessedImage[] = [];
      // One at a time: each decode may take up to 25 MP of memory.
      for (const file of files) processed.push(await processImage(file));

      const lines = toLines(input.ingredients);
      const servingSize = input.serving_size ?? null;
      const fields: RecipeFields & { createdBy: string } = {
        name: input.name,
        description: input.description ?? '',
        totalCookingTime: input.total_cooking_time ?? null,
        rating: input.rating ?? null,
        servingSize,
        cuisine: input.cuisine ?? null,
        mealTypes: input.meal_types ?? [],
        tags: input.tags,
        directions: input.directions ?? '',
        url: input.url ?? null,
        createdBy: creatorId,
        ...derived(lines, servingSize),
      };

      const saved: { fileName: string; image: ProcessedImage }[] = [];
      let id: string;
      try {
        for (const image of processed) {
          const fileName = await store.save(
            image.data,
            image.extension as ImageExtension,
          );
          saved.push({ fileName, image });
        }
        const images: RecipeImageWrite[] = [
          ...saved.map(({ fileName, image }) => ({
            kind: 'upload' as const,
            fileName,
            contentType: image.contentType,
          })),
          { kind: 'generated' },
          ...input.imageUrls.map((url) => ({ kind: 'url' as const, url })),
        ];
        id = await repo.insert(fields, lines, images);
      } catch (error) {
        await removeFiles(saved.map(({ fileName }) => fileName));
        throw error;
      }
      const record = await find(id);
      await audit.record(context, {
        type: 'recipe_created',
        outcome: 'success',
        actorId: creatorId,
        target: id,
        changes: recipeAuditChanges(null, record),
      });
      return toRecipe(record);
    },

    /**
     * Replaces a recipe with the edit form's fields (see UpdateRecipeSchema
     * for what an absent field means). Own image paths in `imageUrls` keep
     * those images; uploads left out are deleted after the commit.
     */
    async update(
      actorId: string,
      recipeId: string,
      input: UpdateRecipe,
      context: RequestContext,
    ): Promise<Recipe> {
      const id = recipeId.toLowerCase();
      const current = isUuid(id) ? await repo.findById(id) : undefined;
      if (current === undefined) throw new NotFoundError('Recipe not found');

      const images: RecipeImageWrite[] = [];
      const kept = new Set<string>();
      for (const url of input.imageUrls) {
        const own = RECIPE_IMAGE_PATH_PATTERN.exec(url);
        if (own === null) {
          images.push({ kind: 'url', url });
          continue;
        }
        const image = current.images.find(
          (candidate) =>
            own[1]?.toLowerCase() === id &&
            candidate.id === own[2]?.toLowerCase() &&
            candidate.kind !== 'url',
        );
        if (image === undefined) {
          const message = messages.validation.invalidImageUrl(url);
          throw new BadRequestError(message, [{ path: 'imageUrls', message }]);
        }
        if (kept.has(image.id)) continue;
        kept.add(image.id);
        // Generated art gets a new id, so the new URL is not served from a
        // cache holding the art of the recipe before this edit.
        images.push(
          image.kind === 'generated' ? { kind: 'generated' } : { ...image },
        );
      }

      const lines = toLines(input.ingredients);
      const servingSize = input.serving_size ?? null;
      const fields: Partial<RecipeFields> = {
        name: input.name,
        totalCookingTime: input.total_cooking_time ?? null,
        rating: input.rating ?? null,
        servingSize,
        tags: input.tags,
        directions: input.directions ?? '',
        url: input.url ?? null,
        ...(input.description === undefined
          ? {}
          : { description: input.description }),
        ...(input.cuisine === undefined ? {} : { cuisine: input.cuisine }),
        ...(input.meal_types === undefined
          ? {}
          : { mealTypes: input.meal_types }),
        ...derived(lines, servingSize),
      };
      const removed = await repo.update(id, fields, lines, images);
      if (removed === undefined) throw new NotFoundError('Recipe not found');
      await removeFiles(removed);
      const record = await find(id);
      // `current` was read before the row lock: an edit committed in between
      // shows up in this one's "before". A save that changes nothing is no
      // change, as for user edits (admin-users-service).
      const changes = recipeAuditChanges(current, record);
      if (Object.keys(changes).length > 0) {
        await audit.record(context, {
          type: 'recipe_updated',
          outcome: 'success',
          actorId,
          target: id,
          changes,
        });
      }
      return toRecipe(record);
    },

    async remove(
      actorId: string,
      id: string,
      context: RequestContext,
    ): Promise<void> {
      const deleted = isUuid(id) ? await repo.delete(id) : undefined;
      if (deleted === undefined) throw new NotFoundError('Recipe not found');
      await removeFiles(deleted.files);
      // The name goes in `changes`, whose values stay out of the log lines.
      await audit.record(context, {
        type: 'recipe_deleted',
        outcome: 'success',
        actorId,
        target: id.toLowerCase(),
        changes: auditChanges<{ name: string | null }>(
          { name: deleted.name },
          { name: null },
        ),
      });
    },
  };
}

export type RecipesService = ReturnType<typeof createRecipesService>;
