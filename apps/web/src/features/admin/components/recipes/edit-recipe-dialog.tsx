import { zodResolver } from '@hookform/resolvers/zod';
import {
  USER_TOAST_MS,
  type Recipe,
  type UpdateRecipe,
} from '@platewise/shared';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';

import { isApiQueryError } from '../../../../lib/api';
import { notify } from '../../../../lib/notifications';
import { useUpdateAdminRecipeMutation } from '../../admin-recipes-api';
import { useAdminSessionExpiry } from '../../hooks/use-admin-session-expiry';
import { describeAdminError } from '../../utils/admin-messages';
import {
  EditRecipeFormSchema,
  isRecipeFormField,
  recipeToFormValues,
  toRecipeUpdateBody,
  type RecipeFormValues,
} from '../../utils/recipe-form';
import { recipeManagementMessages } from '../../utils/recipe-messages';
import { AdminFormDialog } from '../admin-form-dialog';
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
  const sessionExpired = useAdminSessionExpiry();
  const [serverError, setServerError] = useState<string | null>(null);
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

  const onSubmit = handleSubmit(async (parsed) => {
    setServerError(null);
    try {
      await updateRecipe({
        id: recipe.id,
        body: toRecipeUpdateBody(getValues(), parsed),
      }).unwrap();
      notify(recipeManagementMessages.updated, {
        severity: 'success',
        durationMs: USER_TOAST_MS,
      });
      onClose();
    } catch (error) {
      if (sessionExpired(error)) return;
      if (isApiQueryError(error)) {
        for (const issue of error.issues ?? []) {
          if (isRecipeFormField(issue.path)) {
            setError(issue.path, { message: issue.message });
          }
        }
      }
      const text = recipeManagementMessages.updateFailed(
        describeAdminError(error),
      );
      setServerError(text);
      notify(text, { severity: 'error', durationMs: USER_TOAST_MS });
    }
  });

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
