import TextField, { type TextFieldProps } from '@mui/material/TextField';
import {
  Controller,
  type Control,
  type FieldValues,
  type Path,
} from 'react-hook-form';

import { PasswordField } from './password-field';

/**
 * A TextField bound to a React Hook Form field: the schema's message shows
 * under it (unless the form gathers its errors in one alert), and the input
 * is marked invalid for assistive technology.
 */
export function FormTextField<
  TValues extends FieldValues,
  TContext,
  TOutput extends FieldValues,
>({
  control,
  name,
  label,
  password = false,
  hideErrorText = false,
  helperText,
  ...props
}: Omit<TextFieldProps, 'name' | 'label'> & {
  control: Control<TValues, TContext, TOutput>;
  name: Path<TValues>;
  label: string;
  /** A password input with its show/hide toggle. */
  password?: boolean;
  /** The form shows its errors in one alert, not under each field. */
  hideErrorText?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const shared = {
          ...props,
          name: field.name,
          value: (field.value as string | undefined) ?? '',
          onChange: field.onChange,
          onBlur: field.onBlur,
          inputRef: field.ref,
          error: fieldState.invalid,
          helperText: hideErrorText
            ? helperText
            : (fieldState.error?.message ?? helperText),
        };
        return password ? (
          <PasswordField {...shared} label={label} />
        ) : (
          <TextField {...shared} label={label} />
        );
      }}
    />
  );
}
