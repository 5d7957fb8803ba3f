import type { Recipe } from '@platewise/shared';

import { useDeleteAdminRecipeMutation } from '../../admin-recipes-api';
import { recipeManagementMessages } from '../../utils/recipe-messages';
import { ConfirmDialog } from '../confirm-dialog';

/** Delete a recipe, after a confirmation (spec points 2 and 8). */
export function DeleteRecipeDialog({
  recipe,
  onClose,
}: {
  recipe: Recipe;
  onClose: () => void;
}) {
  const [deleteRecipe, { isLoading }] = useDeleteAdminRecipeMutation();
  return (
    <ConfirmDialog
      title="Delete Recipe"
      description={`Delete “${recipe.name}”? The recipe and its uploaded pictures are removed for good.`}
      submitLabel="Delete"
      busyLabel="Deleting…"
      busy={isLoading}
      destructive
      onConfirm={async () => {
        await deleteRecipe(recipe.id).unwrap();
        return recipeManagementMessages.deleted;
      }}
      failure={recipeManagementMessages.deleteFailed}
      onClose={onClose}
    />
  );
}
