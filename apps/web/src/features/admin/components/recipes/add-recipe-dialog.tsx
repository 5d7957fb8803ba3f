import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import {
  CreateRecipeSchema,
  USER_TOAST_MS,
  type CreateRecipe,
  type RecipeDraft,
} from '@platewise/shared';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';

import { isApiQueryError } from '../../../../lib/api';
import { notify } from '../../../../lib/notifications';
import { useCreateAdminRecipeMutation } from '../../admin-recipes-api';
import { useAdminSessionExpiry } from '../../hooks/use-admin-session-expiry';
import { describeAdminError } from '../../utils/admin-messages';
import {
  draftToFormValues,
  emptyRecipeForm,
  isRecipeFormField,
  toRecipeFormData,
  type RecipeFormValues,
} from '../../utils/recipe-form';
import { recipeManagementMessages } from '../../utils/recipe-messages';
import { AdminFormDialog } from '../admin-form-dialog';
import { ImageUploadField, useChosenImages } from './image-upload-field';
import { ImportFromUrl } from './import-from-url';
import { RecipeFields } from './recipe-fields';

/**
 * Add Recipe (spec points 3, 5 and 7): the new-recipe form, sent as
 * multipart with the chosen image files. 'Import from URL' fills it from a
 * recipe page for review. On a refusal the dialog stays open with what was
 * typed, the server's field issues under their fields.
 */
export function AddRecipeDialog({ onClose }: { onClose: () => void }) {
  const [createRecipe, { isLoading }] = useCreateAdminRecipeMutation();
  const sessionExpired = useAdminSessionExpiry();
  const images = useChosenImages();
  const [serverError, setServerError] = useState<string | null>(null);
  const [imported, setImported] = useState<string | null>(null);
  const { control, handleSubmit, setError, getValues, reset } = useForm<
    RecipeFormValues,
    unknown,
    CreateRecipe
  >({
    // The schema reads any input (it also parses multipart text), so the
    // form's own value types fit it.
    resolver: zodResolver(CreateRecipeSchema) as Resolver<
      RecipeFormValues,
      unknown,
      CreateRecipe
    >,
    defaultValues: emptyRecipeForm,
  });

  const onDraft = (draft: RecipeDraft, pageUrl: string) => {
    reset(draftToFormValues(draft, pageUrl));
    setServerError(null);
    setImported(draft.name);
  };

  const onSubmit = handleSubmit(async (recipe) => {
    setServerError(null);
    try {
      await createRecipe(
        toRecipeFormData(
          getValues(),
          recipe,
          images.images.map((image) => image.file),
        ),
      ).unwrap();
      notify(recipeManagementMessages.added, {
        severity: 'success',
        durationMs: USER_TOAST_MS,
      });
      onClose();
    } catch (error) {
      if (sessionExpired(error)) return;
      if (isApiQueryError(error)) {
        for (const issue of error.issues ?? []) {
          const field = issue.path.replace(/\[\]$/, '');
          if (isRecipeFormField(field)) {
            setError(field, { message: issue.message });
          }
        }
      }
      setServerError(
        `${recipeManagementMessages.addFailed}: ${describeAdminError(error)}`,
      );
      notify(recipeManagementMessages.addFailed, {
        severity: 'error',
        durationMs: USER_TOAST_MS,
      });
    }
  });

  return (
    <AdminFormDialog
      open
      title="Add Recipe"
      error={serverError}
      submitLabel="Add Recipe"
      busyLabel="Adding…"
      busy={isLoading}
      maxWidth="md"
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <ImportFromUrl onDraft={onDraft} disabled={isLoading} />
      {imported ? (
        <Alert severity="success" onClose={() => setImported(null)}>
          Imported “{imported}”. Review the fields, then add the recipe.
        </Alert>
      ) : null}
      <Divider />
      <RecipeFields control={control} />
      <div>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Pictures
        </Typography>
        <ImageUploadField
          images={images.images}
          onAdd={images.add}
          onRemove={images.remove}
          disabled={isLoading}
        />
      </div>
    </AdminFormDialog>
  );
}
