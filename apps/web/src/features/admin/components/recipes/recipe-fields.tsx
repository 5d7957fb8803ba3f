import Box from '@mui/material/Box';
import { RATING_MAX, RATING_MIN, RATING_STEP } from '@platewise/shared';
import type { Control, FieldValues } from 'react-hook-form';

import { FormTextField } from '../../../../components/form-text-field';
import type { RecipeFormValues } from '../../utils/recipe-form';
import { IngredientLinesField } from './ingredient-lines-field';
import { MealTypesField } from './meal-types-field';

/**
 * The fields the add form and the edit dialog share (spec point 3), in one
 * order: name, numbers, source, tags, meals, ingredients, directions, image
 * URLs. The edit dialog adds the rating.
 */
export function RecipeFields<TOutput extends FieldValues>({
  control,
  withRating = false,
}: {
  control: Control<RecipeFormValues, unknown, TOutput>;
  withRating?: boolean;
}) {
  return (
    <>
      <FormTextField
        control={control}
        name="name"
        label="Name"
        required
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: {
            xs: '1fr',
            sm: withRating ? 'repeat(3, 1fr)' : 'repeat(2, 1fr)',
          },
        }}
      >
        {withRating ? (
          <FormTextField
            control={control}
            name="rating"
            label="Rating"
            type="number"
            helperText={`${String(RATING_MIN)} to ${String(RATING_MAX)}, step ${String(RATING_STEP)}`}
            slotProps={{
              htmlInput: {
                min: RATING_MIN,
                max: RATING_MAX,
                step: RATING_STEP,
                inputMode: 'decimal',
              },
            }}
          />
        ) : null}
        <FormTextField
          control={control}
          name="total_cooking_time"
          label="Total cooking time (minutes)"
          type="number"
          slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
        />
        <FormTextField
          control={control}
          name="serving_size"
          label="Serving size"
          type="number"
          slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
        />
      </Box>
      <FormTextField
        control={control}
        name="url"
        label="Source URL"
        type="url"
        autoComplete="off"
        placeholder="https://"
        helperText="Optional: the page the recipe comes from"
      />
      <FormTextField
        control={control}
        name="tags"
        label="Tags"
        autoComplete="off"
        helperText="Comma-separated, e.g. quick, vegetarian, one-pot"
      />
      <MealTypesField control={control} name="meal_types" />
      <IngredientLinesField
        control={control}
        name="ingredients"
        label="Ingredients"
      />
      <FormTextField
        control={control}
        name="directions"
        label="Directions"
        multiline
        minRows={4}
        maxRows={14}
        helperText="One step per line"
      />
      <FormTextField
        control={control}
        name="imageUrls"
        label="Image URLs"
        autoComplete="off"
        helperText="Comma-separated http(s) addresses"
      />
    </>
  );
}
