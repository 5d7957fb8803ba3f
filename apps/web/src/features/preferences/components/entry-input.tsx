import AddRounded from '@mui/icons-material/AddRounded';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/**
 * A text field whose Enter (or its + button) hands the typed text to
 * `onCommit`, which answers what stays in the field, or an error to show.
 */
export function EntryInput({
  label,
  placeholder,
  helperText,
  addLabel,
  disabled,
  onCommit,
}: {
  label: string;
  placeholder?: string;
  helperText: string;
  /** The accessible name of the + button. */
  addLabel: string;
  disabled?: boolean;
  /**
   * What stays in the field, an error to show, or both (a batch whose valid
   * entries were added and whose invalid one stays to be fixed).
   */
  onCommit: (
    text: string,
  ) => { rest: string; error?: string | null } | { error: string };
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const commit = () => {
    const outcome = onCommit(value);
    if ('rest' in outcome) setValue(outcome.rest);
    setError(outcome.error ?? null);
  };

  return (
    <TextField
      label={label}
      placeholder={placeholder}
      value={value}
      disabled={disabled}
      error={error !== null}
      helperText={error ?? helperText}
      autoComplete="off"
      onChange={(event) => {
        setValue(event.target.value);
        if (error) setError(null);
      }}
      onKeyDown={(event) => {
        // Enter inside a dialog must not submit anything else.
        if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
          event.preventDefault();
          commit();
        }
      }}
      slotProps={{
        // The placeholder's example shows before the field is focused.
        inputLabel: { shrink: true },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={addLabel}
                disabled={disabled || value.trim() === ''}
                onClick={commit}
              >
                <AddRounded />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
