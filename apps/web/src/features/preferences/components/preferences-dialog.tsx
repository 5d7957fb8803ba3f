import CheckRounded from '@mui/icons-material/CheckRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  PROTEIN_LEVELS,
  QUICK_CUISINES,
  USER_TOAST_MS,
  type ProteinLevel,
} from '@platewise/shared';
import { useId, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';

import { notify } from '../../../lib/notifications';
import {
  entriesProblem,
  partitionEntries,
  hasEntry,
  mergeEntries,
  splitEntries,
  takeLastEntry,
} from '../../../utils/entry-lists';
import {
  useSettingsEdits,
  useSettingsFormContext,
} from '../hooks/use-settings-form';
import { settingsMessages } from '../preferences-messages';
import { EntryInput } from './entry-input';

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Box
      component="section"
      aria-labelledby={id}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <div>
        <Typography
          id={id}
          variant="subtitle1"
          component="h3"
          sx={{ fontWeight: 700 }}
        >
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {description}
        </Typography>
      </div>
      {children}
    </Box>
  );
}

function ChipList({
  label,
  items,
  color,
  onRemove,
}: {
  label: string;
  items: string[];
  color: 'primary' | 'secondary';
  onRemove: (item: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        m: 0,
        p: 0,
        listStyle: 'none',
      }}
    >
      {items.map((item) => (
        <li key={item}>
          <Chip
            label={item}
            color={color}
            variant="outlined"
            // The whole chip is the remove button, so keyboard and
            // screen-reader users reach it (the x icon alone is not focusable).
            aria-label={`Remove ${item}`}
            onClick={() => onRemove(item)}
            onDelete={() => onRemove(item)}
          />
        </li>
      ))}
    </Box>
  );
}

/**
 * The Preferences dialog (spec point 2): likes with quick cuisine tiles,
 * dislikes and the protein level. Adding or removing a like or dislike saves
 * at once with the whole settings object; the protein level is saved with
 * 'Save Preferences' (or Save All Settings).
 */
export function PreferencesDialog({
  open,
  onClose,
  saveCurrent,
  onSaveError,
}: {
  open: boolean;
  onClose: () => void;
  /** Saves the whole settings form as it is now (useSettingsSaver). */
  saveCurrent: () => Promise<unknown>;
  /** Shows a failed save; answers the text to show in the dialog, if any. */
  onSaveError: (error: unknown) => string | null;
}) {
  const { control } = useSettingsFormContext();
  const edits = useSettingsEdits();
  const [chosen, proteinLevel] = useWatch({
    control,
    name: ['preferences', 'proteinLevel'],
  });
  const likes = chosen.likes.map(({ name }) => name);
  const dislikes = chosen.dislikes.map(({ name }) => name);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));

  const save = async (): Promise<boolean> => {
    setSaveState('saving');
    setError(null);
    try {
      await saveCurrent();
      setSaveState('saved');
      return true;
    } catch (failure) {
      setSaveState('failed');
      setError(onSaveError(failure));
      return false;
    }
  };

  const addLikes = (text: string) => {
    const { accepted, rejected, problem } = partitionEntries(
      likes,
      splitEntries(text),
    );
    if (mergeEntries(likes, accepted).length > likes.length) {
      edits.likesAdded(accepted);
      void save();
    }
    // The valid entries are in; a refused one stays to be fixed (issue 21).
    return { rest: rejected.join(', '), error: problem };
  };

  const addDislike = (text: string) => {
    const { entry, rest } = takeLastEntry(text);
    if (entry === null) return { rest: '' };
    const problem = entriesProblem(dislikes, [entry]);
    if (problem) return { error: problem };
    if (!hasEntry(dislikes, entry)) {
      edits.dislikeAdded(entry);
      void save();
    }
    return { rest };
  };

  const toggleCuisine = (cuisine: string) => {
    if (hasEntry(likes, cuisine)) {
      edits.likeRemoved(cuisine);
    } else {
      const problem = entriesProblem(likes, [cuisine]);
      if (problem) {
        setError(problem);
        return;
      }
      edits.likesAdded([cuisine]);
    }
    void save();
  };

  const status =
    saveState === 'saving'
      ? 'Saving…'
      : saveState === 'saved'
        ? 'All changes saved'
        : '';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      slotProps={{ transition: { onExited: () => setSaveState('idle') } }}
    >
      <DialogTitle id={titleId}>Preferences</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 3 }}>
        {error ? (
          <Alert severity="error" role="alert" onClose={() => setError(null)}>
            {error}
          </Alert>
        ) : null}
        <Section
          title="Likes"
          description="Ingredients, dishes or cuisines you enjoy; the planner favours them."
        >
          <EntryInput
            label="Likes"
            placeholder="e.g., chicken, basil, lentils"
            helperText="Press Enter to add; separate several with commas."
            addLabel="Add likes"
            onCommit={addLikes}
          />
          <Box
            role="group"
            aria-label="Quick cuisines"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
          >
            {QUICK_CUISINES.map((cuisine) => {
              const liked = hasEntry(likes, cuisine);
              return (
                <ToggleButton
                  key={cuisine}
                  value={cuisine}
                  selected={liked}
                  size="small"
                  color="primary"
                  onChange={() => toggleCuisine(cuisine)}
                  // MUI's grey default is too faint for a label on paper.
                  sx={{
                    borderRadius: 999,
                    px: 1.75,
                    gap: 0.5,
                    color: 'text.primary',
                  }}
                >
                  {liked ? <CheckRounded fontSize="small" /> : null}
                  {cuisine}
                </ToggleButton>
              );
            })}
          </Box>
          <ChipList
            label="Your likes"
            items={likes}
            color="primary"
            onRemove={(item) => {
              edits.likeRemoved(item);
              void save();
            }}
          />
        </Section>
        <Divider />
        <Section
          title="Dislikes"
          description="The planner never picks a recipe with any of these."
        >
          <EntryInput
            label="Dislikes"
            placeholder="e.g., olives"
            helperText="Enter adds the entry after the last comma and leaves the rest in the box: press Enter again to add the next."
            addLabel="Add dislike"
            onCommit={addDislike}
          />
          <ChipList
            label="Your dislikes"
            items={dislikes}
            color="secondary"
            onRemove={(item) => {
              edits.dislikeRemoved(item);
              void save();
            }}
          />
        </Section>
        <Divider />
        <Section
          title="Protein level"
          description="How much protein your meals should have. Click the chosen level again to have no preference."
        >
          <ToggleButtonGroup
            exclusive
            color="primary"
            aria-label="Protein level"
            value={proteinLevel}
            onChange={(_event, next: ProteinLevel | null) =>
              edits.proteinLevelChosen(next)
            }
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
            }}
          >
            {PROTEIN_LEVELS.map((level) => (
              <ToggleButton
                key={level}
                value={level}
                sx={{ py: 1.25, color: 'text.primary' }}
              >
                {level}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Section>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        <Typography
          role="status"
          variant="body2"
          color="text.secondary"
          sx={{ mr: 'auto' }}
        >
          {status}
        </Typography>
        <Button onClick={onClose}>Close</Button>
        <Button
          variant="contained"
          disabled={saveState === 'saving'}
          aria-busy={saveState === 'saving'}
          onClick={async () => {
            if (await save()) {
              notify(settingsMessages.preferencesSaved, {
                severity: 'success',
                durationMs: USER_TOAST_MS,
              });
              onClose();
            }
          }}
        >
          Save Preferences
        </Button>
      </DialogActions>
    </Dialog>
  );
}
