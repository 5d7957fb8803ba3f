import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import {
  Controller,
  type Control,
  type FieldValues,
  type Path,
} from 'react-hook-form';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A select bound to a React Hook Form field. An unset choice is held as
 * `emptyValue` (null for optional fields, '' for required ones) and shown
 * as no selection; the schema's message shows under it.
 */
export function FormSelectField<
  TValues extends FieldValues,
  TContext,
  TOutput extends FieldValues,
>({
  control,
  name,
  label,
  options,
  emptyValue = '',
  emptyLabel,
  ...props
}: Omit<TextFieldProps, 'name' | 'label' | 'select'> & {
  control: Control<TValues, TContext, TOutput>;
  name: Path<TValues>;
  label: string;
  options: readonly SelectOption[];
  emptyValue?: '' | null;
  /** Offer a "none" entry that sets the field back to `emptyValue`. */
  emptyLabel?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          select
          label={label}
          name={field.name}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={(event) =>
            field.onChange(
              event.target.value === '' ? emptyValue : event.target.value,
            )
          }
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.invalid}
          helperText={fieldState.error?.message ?? props.helperText}
        >
          {emptyLabel ? (
            <MenuItem value="">
              <em>{emptyLabel}</em>
            </MenuItem>
          ) : null}
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
