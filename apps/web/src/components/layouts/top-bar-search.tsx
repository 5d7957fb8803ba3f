import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

/**
 * The rounded search box of a shell's top bar. What the text does (filter a
 * table, open the dashboard) is the caller's.
 */
export function TopBarSearch({
  label,
  placeholder,
  value,
  onChange,
  onSubmit,
  maxWidth = 440,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit?: () => void;
  maxWidth?: number;
}) {
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
      sx={{ flex: 1, maxWidth, minWidth: 0 }}
    >
      <TextField
        size="small"
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': label },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded fontSize="small" />
              </InputAdornment>
            ),
            sx: { borderRadius: 999, bgcolor: 'background.default' },
          },
        }}
      />
    </Box>
  );
}
