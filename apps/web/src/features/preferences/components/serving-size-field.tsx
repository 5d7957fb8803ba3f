import TextField from '@mui/material/TextField';
import {
  MAX_SERVING_SIZE,
  MIN_SERVING_SIZE,
  ServingSizeSchema,
} from '@platewise/shared';

/**
 * The serving size as typed, checked with the API's schema: the message of
 * spec point 5 ('Serving size must be a positive integer'), or null with the
 * number when it is valid.
 */
export function parseServingSize(
  text: string,
): { value: number; error: null } | { value: null; error: string } {
  const trimmed = text.trim();
  // Number('') is 0 and Number('1e1') is 10: only plain digits count.
  const candidate = /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
  const parsed = ServingSizeSchema.safeParse(candidate);
  if (parsed.success) return { value: parsed.data, error: null };
  return {
    value: null,
    error: parsed.error.issues[0]?.message ?? 'Invalid serving size',
  };
}

/** Serving Size (spec "Settings"): an integer from 1. */
export function ServingSizeField({
  value,
  error,
  onChange,
  onBlur,
}: {
  value: string;
  error: string | null;
  onChange: (text: string) => void;
  onBlur?: () => void;
}) {
  return (
    <TextField
      label="Serving Size"
      type="number"
      value={value}
      error={error !== null}
      helperText={
        error ??
        `People each meal feeds, ${MIN_SERVING_SIZE} to ${MAX_SERVING_SIZE}.`
      }
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      sx={{ maxWidth: { sm: 260 } }}
      slotProps={{
        htmlInput: {
          min: MIN_SERVING_SIZE,
          max: MAX_SERVING_SIZE,
          step: 1,
          inputMode: 'numeric',
        },
      }}
    />
  );
}
