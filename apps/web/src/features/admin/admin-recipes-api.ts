import {
  ImportRecipeRequestSchema,
  ParseIngredientsRequestSchema,
  ParseIngredientsResponseSchema,
  RecipeDraftSchema,
  RecipeListSchema,
  RecipeSchema,
  type ImportRecipeRequest,
  type ParseIngredientsRequest,
  type Recipe,
  type RecipeDraft,
  type RecipeList,
} from '@platewise/shared';
import { z } from 'zod';

import { api } from '../../lib/api';
import type { RecipeUpdateBody } from './utils/recipe-form';

type ParseIngredientsResponse = z.infer<typeof ParseIngredientsResponseSchema>;

/** The list's arguments as the page holds them; an empty search means all. */
export interface ListAdminRecipesArgs {
  page: number;
  limit: number;
  search?: string;
}

const toQueryString = (args: ListAdminRecipesArgs) => {
  const params = new URLSearchParams({
    page: String(args.page),
    limit: String(args.limit),
  });
  const search = args.search?.trim();
  if (search) params.set('search', search);
  return params.toString();
};

/**
 * Recipe management (spec points 2, 5 and 7, issue 12): the catalogue's
 * pages, add (multipart, with image files), edit (JSON), delete, the
 * ingredient-line parser behind the add form's preview and the import of a
 * recipe page into a draft.
 */
export const adminRecipesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAdminRecipes: build.query<RecipeList, ListAdminRecipesArgs>({
      // The page builds these from its own controls: no argSchema needed.
      query: (args) => `recipes?${toQueryString(args)}`,
      responseSchema: RecipeListSchema,
      providesTags: ['Recipes'],
    }),
    /** The body is the add form's FormData (recipe-form.ts builds it). */
    createAdminRecipe: build.mutation<Recipe, FormData>({
      query: (body) => ({ url: 'recipes', method: 'POST', body }),
      responseSchema: RecipeSchema,
      invalidatesTags: ['Recipes', 'MealPlan', 'ShoppingList'],
    }),
    updateAdminRecipe: build.mutation<
      Recipe,
      { id: string; body: RecipeUpdateBody }
    >({
      query: ({ id, body }) => ({
        url: `recipes/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      // The body comes from the edit form's validated values (recipe-form.ts).
      argSchema: z.object({
        id: z.string().min(1),
        body: z.custom<RecipeUpdateBody>(
          (value) => typeof value === 'object' && value !== null,
        ),
      }),
      responseSchema: RecipeSchema,
      invalidatesTags: ['Recipes', 'MealPlan', 'ShoppingList'],
    }),
    deleteAdminRecipe: build.mutation<null, string>({
      query: (id) => ({
        url: `recipes/${encodeURIComponent(id)}`,
        method: 'DELETE',
        // 204 has no body to read as JSON; an error still has one.
        responseHandler: 'content-type',
      }),
      transformResponse: () => null,
      argSchema: z.string().min(1),
      invalidatesTags: ['Recipes', 'MealPlan', 'ShoppingList'],
    }),
    parseIngredientLines: build.mutation<
      ParseIngredientsResponse,
      ParseIngredientsRequest
    >({
      query: (body) => ({ url: 'ingredients/parse', method: 'POST', body }),
      argSchema: ParseIngredientsRequestSchema,
      responseSchema: ParseIngredientsResponseSchema,
    }),
    importRecipeDraft: build.mutation<RecipeDraft, ImportRecipeRequest>({
      query: (body) => ({ url: 'recipes/import', method: 'POST', body }),
      argSchema: ImportRecipeRequestSchema,
      responseSchema: RecipeDraftSchema,
    }),
  }),
});

export const {
  useListAdminRecipesQuery,
  useCreateAdminRecipeMutation,
  useUpdateAdminRecipeMutation,
  useDeleteAdminRecipeMutation,
  useParseIngredientLinesMutation,
  useImportRecipeDraftMutation,
} = adminRecipesApi;
