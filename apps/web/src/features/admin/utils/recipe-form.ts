import {
  DIRECTIONS_SEPARATOR,
  isHttpUrl,
  MEAL_SLOTS,
  messages,
  recipeMessages,
  UpdateRecipeSchema,
  type CreateRecipe,
  type Recipe,
  type RecipeDraft,
  type UpdateRecipe,
} from '@platewise/shared';

/** What the recipe forms hold: text as typed, meal types as ticked. */
export interface RecipeFormValues {
  name: string;
  total_cooking_time: string;
  serving_size: string;
  directions: string;
  url: string;
  /** Comma-separated (spec point 5). */
  tags: string;
  /** One ingredient per line. */
  ingredients: string;
  /** Comma-separated (spec point 5). */
  imageUrls: string;
  meal_types: string[];
  /** Only the edit dialog shows it; the add form leaves it blank. */
  rating: string;
}

export type MealType = (typeof MEAL_SLOTS)[number];

export const emptyRecipeForm: RecipeFormValues = {
  name: '',
  total_cooking_time: '',
  serving_size: '',
  directions: '',
  url: '',
  tags: '',
  ingredients: '',
  imageUrls: '',
  meal_types: [],
  rating: '',
};

/** The fields a server issue's `path` can point at. */
export const RECIPE_FORM_FIELDS = [
  'name',
  'total_cooking_time',
  'serving_size',
  'directions',
  'url',
  'tags',
  'ingredients',
  'imageUrls',
  'meal_types',
  'rating',
] as const;
export type RecipeFormField = (typeof RECIPE_FORM_FIELDS)[number];

export function isRecipeFormField(path: string): path is RecipeFormField {
  return (RECIPE_FORM_FIELDS as readonly string[]).includes(path);
}

/** A comma-separated field as a list: trimmed, blanks dropped (spec point 5). */
export function splitCommaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The ingredients box as lines: one per line, trimmed, blanks dropped. */
export function ingredientLinesOf(text: string): string[] {
  return text
    .split(/\r?\n|\r/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * Lines as the ingredients text sent to the server. The server reads a text
 * without a line break as a comma-separated list; the newline after each
 * line keeps "1 clove garlic, minced" one line, even when it is the only one.
 */
export function ingredientsText(lines: readonly string[]): string {
  return lines.map((line) => `${line}\n`).join('');
}

/** Stored directions ('####' between steps) as one step per line. */
export function directionsAsLines(directions: string): string {
  return directions
    .split(DIRECTIONS_SEPARATOR)
    .map((step) => step.trim())
    .filter((step) => step !== '')
    .join('\n');
}

const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

const mealTypesOf = (values: readonly string[]): MealType[] =>
  MEAL_SLOTS.filter((slot) => values.includes(slot));

/**
 * POST /recipes as multipart (spec point 7): the validated fields, absent
 * when empty, `imageUrls[]` repeated and the files as `images`.
 */
export function toRecipeFormData(
  values: RecipeFormValues,
  recipe: CreateRecipe,
  files: readonly File[],
): FormData {
  const form = new FormData();
  form.append('name', recipe.name);
  // As the preview showed them: one ingredient per line of the box.
  form.append(
    'ingredients',
    ingredientsText(ingredientLinesOf(values.ingredients)),
  );
  if (recipe.total_cooking_time !== undefined) {
    form.append('total_cooking_time', String(recipe.total_cooking_time));
  }
  if (recipe.serving_size !== undefined) {
    form.append('serving_size', String(recipe.serving_size));
  }
  if (recipe.directions !== undefined) {
    form.append('directions', recipe.directions);
  }
  if (recipe.url !== undefined) form.append('url', recipe.url);
  if (recipe.tags.length > 0) form.append('tags', recipe.tags.join(','));
  if (recipe.meal_types && recipe.meal_types.length > 0) {
    form.append('meal_types', recipe.meal_types.join(','));
  }
  for (const url of recipe.imageUrls) form.append('imageUrls[]', url);
  // A File carries its own name.
  for (const file of files) form.append('images', file);
  return form;
}

/** PUT /recipes/{id}'s JSON (spec point 7): fields absent when empty. */
export interface RecipeUpdateBody {
  name: string;
  ingredients: string;
  total_cooking_time?: number;
  rating?: number;
  serving_size?: number;
  directions?: string;
  url?: string;
  /** Comma-joined. */
  tags?: string;
  imageUrls?: string[];
  meal_types: MealType[];
}

export function toRecipeUpdateBody(
  values: RecipeFormValues,
  recipe: UpdateRecipe,
): RecipeUpdateBody {
  const body: RecipeUpdateBody = {
    name: recipe.name,
    ingredients: ingredientsText(ingredientLinesOf(values.ingredients)),
    meal_types: recipe.meal_types ?? [],
  };
  if (recipe.total_cooking_time !== undefined) {
    body.total_cooking_time = recipe.total_cooking_time;
  }
  if (recipe.rating !== undefined) body.rating = recipe.rating;
  if (recipe.serving_size !== undefined) {
    body.serving_size = recipe.serving_size;
  }
  if (recipe.directions !== undefined) body.directions = recipe.directions;
  if (recipe.url !== undefined) body.url = recipe.url;
  if (recipe.tags.length > 0) body.tags = recipe.tags.join(',');
  if (recipe.imageUrls.length > 0) body.imageUrls = recipe.imageUrls;
  return body;
}

/** The edit dialog's starting values: the recipe as stored. */
export function recipeToFormValues(recipe: Recipe): RecipeFormValues {
  return {
    name: recipe.name,
    rating: numberText(recipe.rating),
    total_cooking_time: numberText(recipe.total_cooking_time),
    serving_size: numberText(recipe.serving_size),
    directions: directionsAsLines(recipe.directions),
    url: recipe.url ?? '',
    tags: recipe.tags.join(', '),
    ingredients: recipe.ingredients.map((line) => line.text).join('\n'),
    imageUrls: recipe.images.join(', '),
    meal_types: mealTypesOf(recipe.meal_types),
  };
}

/**
 * An imported draft as the add form's values, to review before saving. The
 * page's address is the recipe's source unless the page names another.
 */
export function draftToFormValues(
  draft: RecipeDraft,
  pageUrl: string,
): RecipeFormValues {
  return {
    name: draft.name,
    total_cooking_time: numberText(draft.total_cooking_time),
    serving_size: numberText(draft.serving_size),
    directions: directionsAsLines(draft.directions),
    url: draft.url ?? pageUrl,
    tags: draft.tags.join(', '),
    ingredients: draft.ingredients.map((line) => line.text).join('\n'),
    // Only addresses the add form accepts; our own paths are not the draft's.
    imageUrls: draft.images.filter(isHttpUrl).join(', '),
    meal_types: mealTypesOf(draft.meal_types),
    // A page's rating is its readers', not ours.
    rating: '',
  };
}

const HAS_LETTER = /\p{L}/u;

/**
 * The edit form's schema: the shared one, plus spec point 5's 'Invalid
 * ingredients format' for a line that names nothing (only digits or marks,
 * such as a stray "2" left from a split line).
 */
export const EditRecipeFormSchema = UpdateRecipeSchema.superRefine(
  (recipe, ctx) => {
    if (recipe.ingredients.lines.some((line) => !HAS_LETTER.test(line))) {
      ctx.addIssue({
        code: 'custom',
        path: ['ingredients'],
        message: messages.validation.invalidIngredientsFormat,
      });
    }
  },
);

/** Upload limits the server enforces (recipe-form.ts, images domain). */
export const MAX_UPLOAD_FILES = 5;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const IMAGE_MIME_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);
const IMAGE_EXTENSION = /\.(jpe?g|png|gif)$/i;
/** The file picker's filter (spec point 5: jpeg, jpg, png, gif). */
export const IMAGE_ACCEPT =
  'image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif';

/**
 * The files of a pick that can be uploaded next to `alreadyChosen` others,
 * and why the rest cannot. The server checks the content again.
 */
export function acceptImageFiles(
  picked: readonly File[],
  alreadyChosen: number,
): { accepted: File[]; error: string | null } {
  const accepted: File[] = [];
  let error: string | null = null;
  for (const file of picked) {
    const typeOk = file.type
      ? IMAGE_MIME_TYPES.has(file.type)
      : IMAGE_EXTENSION.test(file.name);
    if (!typeOk) error = recipeMessages.imageType;
    else if (file.size > MAX_UPLOAD_BYTES) error = recipeMessages.imageSize;
    else if (alreadyChosen + accepted.length >= MAX_UPLOAD_FILES) {
      error = recipeMessages.tooManyImages;
    } else accepted.push(file);
  }
  return { accepted, error };
}
