import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { MEAL_SLOTS } from '@platewise/shared';
import {
  Controller,
  type Control,
  type FieldValues,
  type Path,
} from 'react-hook-form';

const LABELS: Record<(typeof MEAL_SLOTS)[number], string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
};

/**
 * The meals a recipe can be planned for. Not a field of the spec's form, but
 * the planner only puts a recipe in the slots it names, so a recipe added
 * without any would never be planned.
 */
export function MealTypesField<
  TValues extends FieldValues,
  TContext,
  TOutput extends FieldValues,
>({
  control,
  name,
}: {
  control: Control<TValues, TContext, TOutput>;
  name: Path<TValues>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = (field.value as string[] | undefined) ?? [];
        const toggle = (slot: string, checked: boolean) =>
          field.onChange(
            MEAL_SLOTS.filter((candidate) =>
              candidate === slot ? checked : value.includes(candidate),
            ),
          );
        return (
          <FormControl component="fieldset" error={fieldState.invalid}>
            <FormLabel component="legend" sx={{ typography: 'body2' }}>
              Planned for
            </FormLabel>
            <FormGroup row>
              {MEAL_SLOTS.map((slot) => (
                <FormControlLabel
                  key={slot}
                  label={LABELS[slot]}
                  control={
                    <Checkbox
                      checked={value.includes(slot)}
                      onChange={(event) => toggle(slot, event.target.checked)}
                      onBlur={field.onBlur}
                    />
                  }
                />
              ))}
            </FormGroup>
            <FormHelperText>
              {fieldState.error?.message ??
                'The planner only suggests a recipe for the meals ticked here.'}
            </FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}
