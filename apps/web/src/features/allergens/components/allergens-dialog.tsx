import CheckRounded from '@mui/icons-material/CheckRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { USER_TOAST_MS } from '@platewise/shared';
import { useId, useState, type ReactNode } from 'react';

import { notify } from '../../../lib/notifications';
import {
  partitionEntries,
  entryKey,
  mergeEntries,
  removeEntry,
  splitEntries,
} from '../../../utils/entry-lists';
import { allergenMessages } from '../allergens-messages';
import type { AllergenCategory } from '../allergens-slice';

export interface AllergenChoice {
  /** Allergen ids of the catalogue. */
  allergens: Array<number | string>;
  customAllergens: string[];
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box
      component="section"
      aria-labelledby={id}
      sx={{ display: 'grid', gap: 1 }}
    >
      <Typography
        id={id}
        variant="subtitle2"
        component="h3"
        sx={{ fontWeight: 700 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const chipRow = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: 1,
  m: 0,
  p: 0,
  listStyle: 'none',
} as const;

function AllergensForm({
  categories,
  loading,
  loadFailed,
  onRetry,
  initial,
  saving,
  error,
  onCancel,
  onSave,
}: Omit<AllergensDialogProps, 'open'>) {
  const [selected, setSelected] = useState(() => initial.allergens.map(String));
  const [custom, setCustom] = useState(initial.customAllergens);
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);

  const toggle = (id: string) =>
    setSelected((current) =>
      current.includes(id)
        ? current.filter((item) => item !== id)
        : [...current, id],
    );

  const add = () => {
    const entries = splitEntries(input);
    if (entries.length === 0) {
      setInput('');
      return;
    }
    // A typed name the catalogue knows ("Peanuts") selects its chip, so the
    // planner matches it with the catalogue's synonyms too.
    const byName = new Map(
      categories.flatMap((category) =>
        category.allergens.map((item) => [
          entryKey(item.name),
          String(item.id),
        ]),
      ),
    );
    const known = entries.flatMap((entry) => {
      const id = byName.get(entryKey(entry));
      return id === undefined ? [] : [id];
    });
    const unknown = entries.filter((entry) => !byName.has(entryKey(entry)));
    // The valid entries are added; one over the limit stays in the input,
    // named in the message, instead of costing the whole batch (issue 21).
    const { accepted, rejected, problem } = partitionEntries(custom, unknown);
    setSelected((current) => [...new Set([...current, ...known])]);
    setCustom((current) => mergeEntries(current, accepted));
    setInput(rejected.join(', '));
    setInputError(problem);
  };

  return (
    <>
      <DialogContent dividers sx={{ display: 'grid', gap: 2.5 }}>
        <DialogContentText>
          Recipes with any of these are never planned. Pick from the list or add
          your own.
        </DialogContentText>
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
        {loadFailed && categories.length === 0 ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={onRetry}>
                Retry
              </Button>
            }
          >
            {allergenMessages.loadFailed}
          </Alert>
        ) : null}
        {loading && categories.length === 0 ? (
          <Box
            aria-busy="true"
            aria-label="Loading allergens"
            sx={{ display: 'grid', gap: 1 }}
          >
            {[0, 1, 2].map((row) => (
              <Box key={row} sx={{ display: 'flex', gap: 1 }}>
                <Skeleton variant="rounded" width={90} height={32} />
                <Skeleton variant="rounded" width={120} height={32} />
                <Skeleton variant="rounded" width={70} height={32} />
              </Box>
            ))}
          </Box>
        ) : null}
        {categories.map((category) => (
          <Group key={category.name} title={category.name}>
            <Box component="ul" sx={chipRow}>
              {category.allergens.map((allergen) => {
                const id = String(allergen.id);
                const on = selected.includes(id);
                return (
                  <li key={id}>
                    <Chip
                      label={allergen.name}
                      icon={on ? <CheckRounded /> : undefined}
                      color={on ? 'secondary' : 'default'}
                      variant={on ? 'filled' : 'outlined'}
                      onClick={() => toggle(id)}
                      aria-pressed={on}
                    />
                  </li>
                );
              })}
            </Box>
          </Group>
        ))}
        <Group title="Custom Allergens">
          {custom.length > 0 ? (
            <Box component="ul" sx={chipRow}>
              {custom.map((item) => (
                <li key={item}>
                  <Chip
                    label={item}
                    color="secondary"
                    // The whole chip is the remove button, so keyboard and
                    // screen-reader users reach it (the x icon alone is not
                    // focusable).
                    aria-label={`Remove ${item}`}
                    onClick={() =>
                      setCustom((current) => removeEntry(current, item))
                    }
                    onDelete={() =>
                      setCustom((current) => removeEntry(current, item))
                    }
                  />
                </li>
              ))}
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              None yet.
            </Typography>
          )}
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              size="small"
              label="Custom allergens"
              placeholder={allergenMessages.placeholder}
              value={input}
              error={inputError !== null}
              helperText={inputError ?? 'Separate several with commas.'}
              autoComplete="off"
              // The spec's placeholder shows before the field is focused.
              slotProps={{ inputLabel: { shrink: true } }}
              onChange={(event) => {
                setInput(event.target.value);
                if (inputError) setInputError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  add();
                }
              }}
            />
            <Button
              variant="outlined"
              onClick={add}
              sx={{ flexShrink: 0, mt: 0.25 }}
            >
              Add
            </Button>
          </Box>
        </Group>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={saving}
          aria-busy={saving}
          onClick={async () => {
            const saved = await onSave({
              allergens: selected,
              customAllergens: custom,
            });
            if (saved) {
              notify(allergenMessages.saved, {
                severity: 'success',
                durationMs: USER_TOAST_MS,
              });
            }
          }}
        >
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </DialogActions>
    </>
  );
}

export interface AllergensDialogProps {
  open: boolean;
  /** The catalogue (GET /allergens), from the `allergensAndCategories` slice. */
  categories: AllergenCategory[];
  loading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
  /** The choice when the dialog opens; Cancel returns to it. */
  initial: AllergenChoice;
  saving: boolean;
  /** A failed save's text. */
  error: string | null;
  onCancel: () => void;
  /** Saves the choice; true when it was saved (the caller closes). */
  onSave: (choice: AllergenChoice) => Promise<boolean>;
}

/**
 * The Allergens dialog (spec point 2): chips by category plus Custom
 * Allergens, Cancel and Save. Backdrop clicks and Escape do not close it, so
 * a half-made choice is not lost by accident.
 */
export function AllergensDialog({ open, ...props }: AllergensDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      // Only Cancel and Save close it (spec: not by backdrop or Escape).
      onClose={() => undefined}
      disableEscapeKeyDown
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>Allergens</DialogTitle>
      {/* The dialog mounts it per opening: the draft starts from `initial`. */}
      <AllergensForm {...props} />
    </Dialog>
  );
}
