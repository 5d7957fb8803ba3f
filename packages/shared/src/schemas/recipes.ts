import { z } from 'zod';

import {
  DIETS,
  DIRECTIONS_SEPARATOR,
  MEAL_SLOTS,
  PROTEIN_LEVELS,
  RATING_MAX,
  RATING_MIN,
  RECIPE_PAGE_SIZE_DEFAULT,
  RECIPE_PAGE_SIZES,
} from '../constants.js';
import { messages } from '../messages.js';
import { UserIdSchema } from './auth.js';
import {
  CONTROL_CHARACTERS_MESSAGE,
  hasControlCharacters,
  multilineText,
  text,
} from './text.js';

/**
 * The recipe catalogue's API shapes (spec points 3, 5 and 7; architecture
 * point 6): recipes, the allergen catalogue, the ingredient-line parser and
 * the import from a URL. Field names are the spec's where it names them.
 */

const v = messages.validation;

/** Texts of the recipe API that the spec does not quote. */
export const recipeMessages = {
  nameTooLong: 'Name must be at most 200 characters.',
  descriptionTooLong: 'Description must be at most 2000 characters.',
  directionsTooLong: 'Directions must be at most 20000 characters.',
  cookingTime: 'Total cooking time must be a whole number of minutes.',
  tooManyIngredients: 'A recipe can have at most 200 ingredient lines.',
  ingredientLineTooLong: 'Each ingredient line must be at most 500 characters.',
  tooManyTags: 'A recipe can have at most 30 tags of at most 50 characters.',
  tooManyImageUrls: 'A recipe can have at most 10 image URLs.',
  cuisineTooLong: 'Cuisine must be at most 60 characters.',
  mealTypes: 'Meal types are breakfast, lunch and dinner.',
  limit: `Limit must be a whole number from 1 to ${Math.max(...RECIPE_PAGE_SIZES)}.`,
  page: 'Page must be a whole number from 1.',
  imageType: 'Only JPEG, PNG or GIF images are allowed.',
  imageSize: 'Image must be 5 MB or smaller.',
  imagePixels: 'Image must be at most 25 megapixels.',
  imageUnreadable: 'The image could not be read.',
  tooManyImages: 'A recipe can have at most 5 uploaded images per request.',
  tooManyParts: 'The form has too many fields.',
  fieldTooLong: 'A form field is too long.',
  notMultipart: 'Send the recipe as multipart/form-data or JSON.',
  tooManyLines: 'At most 200 lines can be parsed at once.',
  tooManyParses:
    'Too many ingredient lines parsed for now, please try again later.',
  importNoRecipe: 'This page does not contain a recipe we can read.',
  importScheme: 'Only http and https addresses can be imported.',
  importNotAllowed: 'That address is not allowed.',
  importTimeout: 'The page took too long to answer.',
  importTooLarge: 'The page is too large.',
  importUnreachable: 'The page could not be reached.',
  importUnreadable: 'The page could not be read.',
  importTooManyRedirects: 'The page redirected too many times.',
  importStatus: (status: number) => `The page answered with status ${status}.`,
} as const;

export const RECIPE_NAME_MAX = 200;
export const RECIPE_DESCRIPTION_MAX = 2000;
export const RECIPE_DIRECTIONS_MAX = 20_000;
export const RECIPE_MAX_INGREDIENT_LINES = 200;
export const INGREDIENT_LINE_MAX = 500;
export const RECIPE_MAX_TAGS = 30;
export const RECIPE_TAG_MAX = 50;
export const RECIPE_MAX_IMAGE_URLS = 10;
export const RECIPE_URL_MAX = 2000;
export const RECIPE_PAGE_SIZE_MAX = Math.max(...RECIPE_PAGE_SIZES);
/** Lines `POST /ingredients/parse` takes at once. */
export const PARSE_MAX_LINES = 200;

/** Our own image paths, as answered in a recipe's `images`. */
export const RECIPE_IMAGE_PATH_PATTERN =
  /^\/api\/recipes\/([0-9a-f-]{36})\/images\/([0-9a-f-]{36})$/i;

export function recipeImagePath(recipeId: string, imageId: string): string {
  return `/api/recipes/${recipeId}/images/${imageId}`;
}

/** An absolute http(s) URL: what `url` and external image URLs must be. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '');

/**
 * The text rule of text.ts for the fields below that take a string or a list
 * of strings: adds the issue and answers true when `value` breaks it.
 */
function refuseControlCharacters(
  value: unknown,
  ctx: z.RefinementCtx,
  multiline = false,
): boolean {
  const items: unknown[] = Array.isArray(value) ? value : [value];
  if (
    items.some(
      (item) =>
        typeof item === 'string' && hasControlCharacters(item, { multiline }),
    )
  ) {
    ctx.addIssue({ code: 'custom', message: CONTROL_CHARACTERS_MESSAGE });
    return true;
  }
  return false;
}

/** Strings and lists of strings; each item may itself be comma-separated. */
function commaList(value: unknown): string[] | undefined {
  if (isBlank(value)) return [];
  const items = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(items) || !items.every((i) => typeof i === 'string')) {
    return undefined;
  }
  return items
    .flatMap((item: string) => item.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * Splits the admin form's ingredients text into lines. With a newline the
 * text is one line per ingredient and commas stay inside lines ("1 clove
 * garlic, minced"). Without one it is the edit form's comma-joined list
 * (spec point 5); the server then joins back fragments that are only a
 * preparation ("minced"), since it can ask the catalogue.
 */
export function splitIngredientText(text: string): string[] {
  const parts = /[\r\n]/.test(text) ? text.split(/\r?\n|\r/) : text.split(',');
  return parts.map((line) => line.trim()).filter((line) => line !== '');
}

/**
 * Directions as the stored string: steps joined by '####'. A text without
 * the marker is one step per non-blank line; a list is one step per item.
 */
export function normaliseDirections(value: string | string[]): string {
  const steps = Array.isArray(value)
    ? value
    : value.includes(DIRECTIONS_SEPARATOR)
      ? value.split(DIRECTIONS_SEPARATOR)
      : value.split(/\r?\n|\r/);
  return steps
    .map((step) => step.trim())
    .filter((step) => step !== '')
    .join(DIRECTIONS_SEPARATOR);
}

/** Multipart fields are strings: '' counts as absent, '12' as 12. */
function optionalNumber(
  message: string,
  integer: boolean,
  min: number,
  max: number,
) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): number | undefined => {
      if (isBlank(value)) return undefined;
      const number =
        typeof value === 'number'
          ? value
          : typeof value === 'string'
            ? Number(value.trim())
            : Number.NaN;
      if (
        !Number.isFinite(number) ||
        (integer && !Number.isInteger(number)) ||
        number < min ||
        number > max
      ) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return integer ? number : Math.round(number * 10) / 10;
    });
}

function requiredName(message: string) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): string => {
      if (refuseControlCharacters(value, ctx)) return z.NEVER;
      if (typeof value !== 'string' || value.trim() === '') {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      const name = value.trim();
      if (name.length > RECIPE_NAME_MAX) {
        ctx.addIssue({ code: 'custom', message: recipeMessages.nameTooLong });
        return z.NEVER;
      }
      return name;
    });
}

/** Ingredient lines as sent, and whether they came as one comma-joined text. */
export interface IngredientText {
  lines: string[];
  /** The server joins back fragments that are only a preparation. */
  commaSeparated: boolean;
}

/**
 * Ingredients as the forms send them: one string (lines, or the edit form's
 * comma-joined list) or a list of lines.
 */
function ingredientLines(requiredMessage: string, emptyMessage: string) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): IngredientText => {
      // One line per ingredient: line breaks and tabs are allowed here.
      if (refuseControlCharacters(value, ctx, true)) return z.NEVER;
      if (isBlank(value)) {
        ctx.addIssue({ code: 'custom', message: requiredMessage });
        return z.NEVER;
      }
      let lines: string[];
      if (typeof value === 'string') lines = splitIngredientText(value);
      else if (
        Array.isArray(value) &&
        value.every((i) => typeof i === 'string')
      )
        lines = value.map((line: string) => line.trim()).filter(Boolean);
      else {
        ctx.addIssue({ code: 'custom', message: v.invalidIngredientsFormat });
        return z.NEVER;
      }
      if (lines.length === 0) {
        ctx.addIssue({ code: 'custom', message: emptyMessage });
        return z.NEVER;
      }
      if (lines.length > RECIPE_MAX_INGREDIENT_LINES) {
        ctx.addIssue({
          code: 'custom',
          message: recipeMessages.tooManyIngredients,
        });
        return z.NEVER;
      }
      if (lines.some((line) => line.length > INGREDIENT_LINE_MAX)) {
        ctx.addIssue({
          code: 'custom',
          message: recipeMessages.ingredientLineTooLong,
        });
        return z.NEVER;
      }
      return {
        lines,
        commaSeparated: typeof value === 'string' && !/[\r\n]/.test(value),
      };
    });
}

const urlField = z
  .unknown()
  .optional()
  .transform((value, ctx): string | undefined => {
    if (refuseControlCharacters(value, ctx)) return z.NEVER;
    if (isBlank(value)) return undefined;
    if (
      typeof value !== 'string' ||
      value.trim().length > RECIPE_URL_MAX ||
      !isHttpUrl(value.trim())
    ) {
      ctx.addIssue({ code: 'custom', message: v.invalidUrl });
      return z.NEVER;
    }
    return value.trim();
  });

const tagsField = z
  .unknown()
  .optional()
  .transform((value, ctx): string[] => {
    if (refuseControlCharacters(value, ctx)) return z.NEVER;
    const tags = commaList(value);
    if (tags === undefined) {
      ctx.addIssue({ code: 'custom', message: recipeMessages.tooManyTags });
      return z.NEVER;
    }
    // One tag per spelling, whatever its case: 'Vegan' and 'vegan' are one.
    const seen = new Set<string>();
    const unique = tags.filter((tag) => {
      const key = tag.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (
      unique.length > RECIPE_MAX_TAGS ||
      unique.some((tag) => tag.length > RECIPE_TAG_MAX)
    ) {
      ctx.addIssue({ code: 'custom', message: recipeMessages.tooManyTags });
      return z.NEVER;
    }
    return unique;
  });

const directionsField = z
  .unknown()
  .optional()
  .transform((value, ctx): string | undefined => {
    // Steps may be lines: line breaks and tabs are allowed here.
    if (refuseControlCharacters(value, ctx, true)) return z.NEVER;
    if (isBlank(value)) return undefined;
    if (
      typeof value !== 'string' &&
      !(Array.isArray(value) && value.every((i) => typeof i === 'string'))
    ) {
      ctx.addIssue({ code: 'custom', message: 'Invalid directions format' });
      return z.NEVER;
    }
    const directions = normaliseDirections(value as string | string[]);
    if (directions.length > RECIPE_DIRECTIONS_MAX) {
      ctx.addIssue({
        code: 'custom',
        message: recipeMessages.directionsTooLong,
      });
      return z.NEVER;
    }
    return directions === '' ? undefined : directions;
  });

const descriptionField = z
  .unknown()
  .optional()
  .transform((value, ctx): string | undefined => {
    if (value === undefined || value === null) return undefined;
    if (refuseControlCharacters(value, ctx, true)) return z.NEVER;
    if (
      typeof value !== 'string' ||
      value.trim().length > RECIPE_DESCRIPTION_MAX
    ) {
      ctx.addIssue({
        code: 'custom',
        message: recipeMessages.descriptionTooLong,
      });
      return z.NEVER;
    }
    return value.trim();
  });

const cuisineField = z
  .unknown()
  .optional()
  .transform((value, ctx): string | null | undefined => {
    if (value === undefined) return undefined;
    if (refuseControlCharacters(value, ctx)) return z.NEVER;
    if (isBlank(value)) return null;
    if (typeof value !== 'string' || value.trim().length > 60) {
      ctx.addIssue({ code: 'custom', message: recipeMessages.cuisineTooLong });
      return z.NEVER;
    }
    return value.trim();
  });

const mealTypesField = z
  .unknown()
  .optional()
  .transform((value, ctx): MealType[] | undefined => {
    if (value === undefined) return undefined;
    if (refuseControlCharacters(value, ctx)) return z.NEVER;
    const items = commaList(value);
    const slots = items?.map((item) => item.toLowerCase());
    if (
      slots === undefined ||
      !slots.every((slot) => (MEAL_SLOTS as readonly string[]).includes(slot))
    ) {
      ctx.addIssue({ code: 'custom', message: recipeMessages.mealTypes });
      return z.NEVER;
    }
    return [...new Set(slots as MealType[])];
  });

type MealType = (typeof MEAL_SLOTS)[number];

/**
 * POST /recipes: the add form's fields (spec point 3), as multipart text
 * fields or JSON. `imageUrls` may repeat (`imageUrls[]`) and each value may
 * be comma-separated. Server-owned fields (id, created_by, user_id) are not
 * part of it and so are dropped (security.md S36).
 */
export const CreateRecipeSchema = z.object({
  name: requiredName(v.recipeNameRequired),
  ingredients: ingredientLines(
    v.recipeIngredientsRequired,
    v.recipeIngredientsRequired,
  ),
  url: urlField,
  imageUrls: z
    .unknown()
    .optional()
    .transform((value, ctx): string[] => {
      if (refuseControlCharacters(value, ctx)) return z.NEVER;
      const urls = commaList(value);
      if (urls === undefined || !urls.every(isHttpUrl)) {
        ctx.addIssue({ code: 'custom', message: v.invalidImageUrls });
        return z.NEVER;
      }
      if (urls.length > RECIPE_MAX_IMAGE_URLS) {
        ctx.addIssue({
          code: 'custom',
          message: recipeMessages.tooManyImageUrls,
        });
        return z.NEVER;
      }
      return urls;
    }),
  rating: optionalNumber(v.ratingRange, false, RATING_MIN, RATING_MAX),
  total_cooking_time: optionalNumber(
    recipeMessages.cookingTime,
    true,
    0,
    10_000,
  ),
  serving_size: optionalNumber(v.servingSizePositive, true, 1, 1000),
  directions: directionsField,
  tags: tagsField,
  description: descriptionField,
  cuisine: cuisineField,
  meal_types: mealTypesField,
});
export type CreateRecipeInput = z.input<typeof CreateRecipeSchema>;
export type CreateRecipe = z.output<typeof CreateRecipeSchema>;

/**
 * PUT /recipes/{id}: the edit form's JSON (spec point 7). The spec's fields
 * are "absent when empty", so an absent url, rating, tags, directions,
 * cooking time, serving size or imageUrls clears it. `imageUrls` is the
 * recipe's whole picture list: our own image paths keep those images, in
 * the given order; other entries must be http(s) URLs. description,
 * cuisine and meal_types are not on the spec's form: absent leaves them.
 */
export const UpdateRecipeSchema = z.object({
  name: requiredName(v.nameAndIngredientsRequired),
  ingredients: ingredientLines(
    v.nameAndIngredientsRequired,
    v.atLeastOneIngredient,
  ),
  url: urlField,
  imageUrls: z
    .unknown()
    .optional()
    .transform((value, ctx): string[] => {
      if (refuseControlCharacters(value, ctx)) return z.NEVER;
      const urls = commaList(value);
      if (urls === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: v.invalidImageUrl(String(value)),
        });
        return z.NEVER;
      }
      const bad = urls.find(
        (url) => !isHttpUrl(url) && !RECIPE_IMAGE_PATH_PATTERN.test(url),
      );
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: v.invalidImageUrl(bad) });
        return z.NEVER;
      }
      if (urls.length > RECIPE_MAX_IMAGE_URLS + 5) {
        ctx.addIssue({
          code: 'custom',
          message: recipeMessages.tooManyImageUrls,
        });
        return z.NEVER;
      }
      return urls;
    }),
  rating: optionalNumber(v.ratingRange, false, RATING_MIN, RATING_MAX),
  total_cooking_time: optionalNumber(
    recipeMessages.cookingTime,
    true,
    0,
    10_000,
  ),
  serving_size: optionalNumber(v.servingSizePositive, true, 1, 1000),
  directions: directionsField,
  tags: tagsField,
  description: descriptionField,
  cuisine: cuisineField,
  meal_types: mealTypesField,
});
export type UpdateRecipeInput = z.input<typeof UpdateRecipeSchema>;
export type UpdateRecipe = z.output<typeof UpdateRecipeSchema>;

/** Recipe and image ids are UUIDs; anything else is simply not found. */
export const RecipeIdParamsSchema = z.object({
  id: text({ trim: false }).max(100),
});

export const RecipeImageParamsSchema = z.object({
  id: text({ trim: false }).max(100),
  imageId: text({ trim: false }).max(100),
});

const UUID_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * GET /recipes: one-based pages of at most 100, a name search and a tag
 * filter (comma-separated; a recipe must carry every tag, in any case).
 */
export const RecipeListQuerySchema = z.object({
  page: z.coerce
    .number({ error: recipeMessages.page })
    .int(recipeMessages.page)
    .min(1, recipeMessages.page)
    .default(1),
  limit: z.coerce
    .number({ error: recipeMessages.limit })
    .int(recipeMessages.limit)
    .min(1, recipeMessages.limit)
    .max(RECIPE_PAGE_SIZE_MAX, recipeMessages.limit)
    .default(RECIPE_PAGE_SIZE_DEFAULT),
  search: text().max(100).optional(),
  tags: text({ trim: false })
    .max(500)
    .optional()
    .transform((value) => commaList(value) ?? []),
});
export type RecipeListQuery = z.output<typeof RecipeListQuerySchema>;

export const RecipeIngredientSchema = z.object({
  /** As shown: the written ingredient, or the catalogue name. */
  ingredient: z.string(),
  quantity: z.number().nullable(),
  quantityMax: z.number().nullable(),
  unit: z.string().nullable(),
  preparation: z.string().nullable(),
  /** The line as written. */
  text: z.string(),
  /** The catalogue id, or null for a line the catalogue does not know. */
  ingredientId: z.string().nullable(),
});
export type RecipeIngredient = z.infer<typeof RecipeIngredientSchema>;

export const RecipeCreatorSchema = z.object({
  id: UserIdSchema,
  name: z.string(),
});

export const RecipeSchema = z.object({
  id: z.string(),
  /** Stable id of a seed recipe; null for recipes admins made. */
  slug: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  /** Minutes. */
  total_cooking_time: z.number().int().nullable(),
  rating: z.number().nullable(),
  serving_size: z.number().int().nullable(),
  cuisine: z.string().nullable(),
  meal_types: z.array(z.enum(MEAL_SLOTS)),
  /** Steps joined by '####'. */
  directions: z.string(),
  url: z.string().nullable(),
  tags: z.array(z.string()),
  ingredients: z.array(RecipeIngredientSchema),
  /**
   * Picture URLs: our own paths (generated art, uploads), then external
   * URLs an admin entered, as entered. The SPA's CSP blocks external images,
   * so it shows its default picture when one fails to load.
   */
  images: z.array(z.string()),
  created_by: RecipeCreatorSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Derived from the ingredients, never hand-tagged. */
  diets: z.array(z.enum(DIETS)),
  allergens: z.array(z.string()),
  protein_per_serving: z.number(),
  protein_level: z.enum(PROTEIN_LEVELS),
});
export type Recipe = z.infer<typeof RecipeSchema>;

export const RecipeListSchema = z.object({
  data: z.array(RecipeSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type RecipeList = z.infer<typeof RecipeListSchema>;

/** POST /recipes/import answer: a recipe to review, not stored. */
export const RecipeDraftSchema = RecipeSchema.omit({
  id: true,
  slug: true,
  created_by: true,
  created_at: true,
  updated_at: true,
});
export type RecipeDraft = z.infer<typeof RecipeDraftSchema>;

export const ImportRecipeRequestSchema = z.object({
  url: text({ typeError: v.invalidUrl })
    .min(1, v.invalidUrl)
    .max(RECIPE_URL_MAX, v.invalidUrl),
});
export type ImportRecipeRequest = z.infer<typeof ImportRecipeRequestSchema>;

export const AllergenSchema = z.object({ id: z.string(), name: z.string() });
export const AllergenCategorySchema = z.object({
  name: z.string(),
  allergens: z.array(AllergenSchema),
});
export type AllergenCategory = z.infer<typeof AllergenCategorySchema>;

/** GET /allergens (spec point 7): `data` holds the categories. */
export const AllergenListSchema = z.object({
  data: z.array(AllergenCategorySchema),
});
export type AllergenList = z.infer<typeof AllergenListSchema>;

export const ParseIngredientsRequestSchema = z.object({
  lines: z
    .array(
      multilineText({ trim: false }).max(
        INGREDIENT_LINE_MAX,
        recipeMessages.ingredientLineTooLong,
      ),
    )
    .max(PARSE_MAX_LINES, recipeMessages.tooManyLines),
});
export type ParseIngredientsRequest = z.infer<
  typeof ParseIngredientsRequestSchema
>;

export const ParsedIngredientLineSchema = z.object({
  line: z.string(),
  quantity: z.number().nullable(),
  quantityMax: z.number().nullable(),
  unit: z.string().nullable(),
  ingredient: z.string(),
  ingredientId: z.string().nullable(),
  preparation: z.string().nullable(),
});
export type ParsedIngredientLine = z.infer<typeof ParsedIngredientLineSchema>;

export const ParseIngredientsResponseSchema = z.object({
  data: z.array(ParsedIngredientLineSchema),
});
