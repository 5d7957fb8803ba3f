import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  WEEKNIGHT_COOKING_TIME_MAX,
  WEEKNIGHT_COOKING_TIME_MIN,
} from '@platewise/shared';

/**
 * The choices offered: steps a cook thinks in. The API takes any whole
 * minute in range, so a saved value between them is listed too.
 */
const CHOICES = [15, 20, 30, 45, 60, 90, 120, 180] as const;

/** "45 minutes", "1 hour 30 minutes", "3 hours". */
export function minutesLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    hours > 0 ? `${hours} ${hours === 1 ? 'hour' : 'hours'}` : '',
    rest > 0 ? `${rest} minutes` : '',
  ].filter(Boolean);
  return parts.join(' ');
}

function choicesWith(value: number): number[] {
  const all = new Set<number>(CHOICES);
  if (
    value >= WEEKNIGHT_COOKING_TIME_MIN &&
    value <= WEEKNIGHT_COOKING_TIME_MAX
  ) {
    all.add(value);
  }
  return [...all].sort((a, b) => a - b);
}

/**
 * Weeknight cooking time (issue 22): the longest a Monday-Friday lunch or
 * dinner may take. A select, so the value is always one the API accepts.
 */
export function WeeknightTimeField({
  value,
  error,
  onChange,
}: {
  value: number;
  error?: string | undefined;
  onChange: (minutes: number) => void;
}) {
  return (
    <TextField
      select
      label="Weeknight cooking time"
      value={value}
      error={error !== undefined}
      helperText={
        error ?? 'The longest a Monday to Friday lunch or dinner may take.'
      }
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: { sm: 260 }, maxWidth: { sm: 320 } }}
    >
      {choicesWith(value).map((minutes) => (
        <MenuItem key={minutes} value={minutes}>
          {minutesLabel(minutes)}
        </MenuItem>
      ))}
    </TextField>
  );
}
