import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Kitchen } from '@platewise/shared';
import { useId, useState, type FormEvent } from 'react';

import { isApiQueryError } from '../../../lib/api';
import { capitalise } from '../../../utils/kitchen-text';
import {
  useParseStapleNameMutation,
  useSetKitchenStaplesMutation,
} from '../kitchen-api';

/** Names shown before "and N more" while the editor is closed. */
const SHOWN_NAMES = 6;

export const staplesTexts = {
  explain:
    'Staples are what you always have. They are never on your shopping list to buy: the list shows them under “You have these”.',
  none: 'No staples: everything your week needs is on the list to buy.',
  unknown: (name: string) =>
    `“${name}” is not in the catalogue. Try another name, e.g. “ground cumin”.`,
  failed: 'Your staples could not be saved. Please try again.',
} as const;

/** "Salt, black pepper, olive oil and 12 more". */
export function staplesSummary(names: readonly string[]): string {
  if (names.length === 0) return staplesTexts.none;
  const shown = names.slice(0, SHOWN_NAMES).join(', ');
  const more = names.length - SHOWN_NAMES;
  return capitalise(more > 0 ? `${shown} and ${String(more)} more` : shown);
}

/**
 * The staples editor (issue 20): tick what is always at home, from the
 * suggested staples (salt, pepper, oils, spices) or any ingredient typed by
 * name; each change is saved at once.
 */
export function StaplesEditor({
  userId,
  kitchen,
}: {
  userId: string;
  kitchen: Kitchen;
}) {
  const titleId = useId();
  const regionId = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [setStaples, saving] = useSetKitchenStaplesMutation();
  const [parseName, parsing] = useParseStapleNameMutation();
  const staples = new Set(kitchen.staples);
  const named = kitchen.stapleChoices.filter((choice) =>
    staples.has(choice.ingredientId),
  );
  const suggested = kitchen.stapleChoices
    .filter((choice) => choice.suggested)
    .map((choice) => choice.ingredientId);
  const busy = saving.isLoading || parsing.isLoading;

  async function save(ingredientIds: string[]): Promise<boolean> {
    setProblem(null);
    const result = await setStaples({ user_id: userId, ingredientIds });
    if ('error' in result) {
      setProblem(
        isApiQueryError(result.error)
          ? result.error.error
          : staplesTexts.failed,
      );
      return false;
    }
    return true;
  }

  function toggle(id: string, on: boolean) {
    const next = kitchen.staples.filter((staple) => staple !== id);
    void save(on ? [...next, id] : next);
  }

  async function onAdd(event: FormEvent) {
    event.preventDefault();
    const text = name.trim();
    if (text === '') return;
    setProblem(null);
    const result = await parseName(text);
    const id = 'data' in result ? result.data?.data[0]?.ingredientId : null;
    if (!id) {
      setProblem(
        'error' in result && isApiQueryError(result.error)
          ? result.error.error
          : staplesTexts.unknown(text),
      );
      return;
    }
    if (staples.has(id) || (await save([...kitchen.staples, id]))) {
      setName('');
    }
  }

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h2">
            Staples ({named.length})
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {staplesSummary(named.map((choice) => choice.name))}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((value) => !value)}
          sx={{ alignSelf: { xs: 'flex-start' }, whiteSpace: 'nowrap' }}
        >
          {open ? 'Done' : 'Edit staples'}
        </Button>
      </Stack>
      <Collapse in={open} id={regionId}>
        <Box sx={{ pt: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {staplesTexts.explain}
          </Typography>
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            onSubmit={(event) => void onAdd(event)}
            sx={{ mb: 2 }}
          >
            <TextField
              label="Add a staple"
              placeholder="ground cumin"
              value={name}
              onChange={(event) => setName(event.target.value)}
              size="small"
              fullWidth
              error={problem !== null}
              helperText={problem ?? 'Any ingredient you always have.'}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={busy || name.trim() === ''}
              sx={{ alignSelf: { sm: 'flex-start' }, whiteSpace: 'nowrap' }}
            >
              Add staple
            </Button>
          </Stack>
          <Box
            role="group"
            aria-label="Staples"
            aria-busy={busy}
            sx={{ columns: { xs: 1, sm: 2, md: 3 }, columnGap: 3 }}
          >
            {kitchen.stapleChoices.map((choice) => (
              <FormControlLabel
                key={choice.ingredientId}
                sx={{ display: 'flex', breakInside: 'avoid', mr: 0 }}
                control={
                  <Checkbox
                    size="small"
                    checked={staples.has(choice.ingredientId)}
                    disabled={busy}
                    onChange={(event) =>
                      toggle(choice.ingredientId, event.target.checked)
                    }
                  />
                }
                label={capitalise(choice.name)}
              />
            ))}
          </Box>
          <Stack direction="row" spacing={1.5} sx={{ mt: 2, flexWrap: 'wrap' }}>
            <Button disabled={busy} onClick={() => void save(suggested)}>
              Use the suggested staples
            </Button>
            <Button disabled={busy} onClick={() => void save([])}>
              Clear all
            </Button>
          </Stack>
        </Box>
      </Collapse>
    </Card>
  );
}
