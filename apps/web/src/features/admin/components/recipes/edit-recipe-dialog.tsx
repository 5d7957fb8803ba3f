import { zodResolver } from '@hookform/resolvers/zod';
import type { Recipe, UpdateRecipe } from '@platewise/shared';
import { useForm, type Resolver } from 'react-hook-form';

import { isApiQueryError } from '../../../../lib/api';
import { useUpdateAdminRecipeMutation } from '../../admin-recipes-api';
import {
  EditRecipeFormSchema,
  isRecipeFormField,
  recipeToFormValues,
  toRecipeUpdateBody,
  type RecipeFormValues,
} from '../../utils/recipe-form';
import { recipeManagementMessages } from '../../utils/recipe-messages';
import { AdminFormDialog } from '../admin-form-dialog';
import { useDialogSubmit } from '../use-dialog-submit';
import { RecipeFields } from './recipe-fields';

/**
 * Edit recipe (spec points 5 and 7): the recipe's fields plus its rating,
 * sent as JSON with empty fields left out. Image URLs list the recipe's
 * pictures, its own uploads included: removing one from the list removes
 * the picture.
 */
export function EditRecipeDialog({
  recipe,
  onClose,
}: {
  recipe: Recipe;
  onClose: () => void;
}) {
  const [updateRecipe, { isLoading }] = useUpdateAdminRecipeMutation();
  const { serverError, submit } = useDialogSubmit(onClose);
  const { control, handleSubmit, setError, getValues } = useForm<
    RecipeFormValues,
    unknown,
    UpdateRecipe
  >({
    // The schema reads any input (it also parses multipart text), so the
    // form's own value types fit it.
    resolver: zodResolver(EditRecipeFormSchema) as Resolver<
      RecipeFormValues,
      unknown,
      UpdateRecipe
    >,
    defaultValues: recipeToFormValues(recipe),
  });

  const onSubmit = handleSubmit((parsed) =>
    submit({
      run: async () => {
        await updateRecipe({
          id: recipe.id,
          body: toRecipeUpdateBody(getValues(), parsed),
        }).unwrap();
        return recipeManagementMessages.updated;
      },
      failure: recipeManagementMessages.updateFailed,
      onFailure: (error) => {
        if (!isApiQueryError(error)) return;
        for (const issue of error.issues ?? []) {
          if (isRecipeFormField(issue.path)) {
            setError(issue.path, { message: issue.message });
          }
        }
      },
    }),
  );

  return (
    <AdminFormDialog
      open
      title="Edit Recipe"
      error={serverError}
      submitLabel="Save changes"
      busyLabel="Saving…"
      busy={isLoading}
      maxWidth="md"
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <RecipeFields control={control} withRating />
    </AdminFormDialog>
  );
}
