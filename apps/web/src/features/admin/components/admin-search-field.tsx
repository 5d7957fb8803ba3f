import SearchRounded from '@mui/icons-material/SearchRounded';
import InputAdornment from '@mui/material/InputAdornment';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';

/** The search box above an admin list (users, recipes), named by `label`. */
export function AdminSearchField({
  label,
  placeholder,
  value,
  onChange,
  sx,
}: {
  /** The accessible name: the box has a placeholder, not a visible label. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      type="search"
      size="small"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fullWidth
      sx={sx}
      slotProps={{
        htmlInput: { 'aria-label': label, maxLength: 100 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchRounded fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
