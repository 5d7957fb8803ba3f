import { USER_TOAST_MS, type Recipe } from '@platewise/shared';
import { useState, type FormEvent } from 'react';

import { notify } from '../../../../lib/notifications';
import { useDeleteAdminRecipeMutation } from '../../admin-recipes-api';
import { useAdminSessionExpiry } from '../../hooks/use-admin-session-expiry';
import { describeAdminError } from '../../utils/admin-messages';
import { recipeManagementMessages } from '../../utils/recipe-messages';
import { AdminFormDialog } from '../admin-form-dialog';

/** Delete a recipe, after a confirmation (spec points 2 and 8). */
export function DeleteRecipeDialog({
  recipe,
  onClose,
}: {
  recipe: Recipe;
  onClose: () => void;
}) {
  const [deleteRecipe, { isLoading }] = useDeleteAdminRecipeMutation();
  const sessionExpired = useAdminSessionExpiry();
  const [serverError, setServerError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    try {
      await deleteRecipe(recipe.id).unwrap();
      notify(recipeManagementMessages.deleted, {
        severity: 'success',
        durationMs: USER_TOAST_MS,
      });
      onClose();
    } catch (error) {
      if (sessionExpired(error)) return;
      const text = recipeManagementMessages.deleteFailed(
        describeAdminError(error),
      );
      setServerError(text);
      notify(text, { severity: 'error', durationMs: USER_TOAST_MS });
    }
  };

  return (
    <AdminFormDialog
      open
      title="Delete Recipe"
      description={`Delete “${recipe.name}”? The recipe and its uploaded pictures are removed for good.`}
      error={serverError}
      submitLabel="Delete"
      busyLabel="Deleting…"
      busy={isLoading}
      destructive
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    />
  );
}
