import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  countPhrase,
  formatIngredientLine,
  KITCHEN_PLACES,
  type KitchenItem,
  type KitchenPlace,
  USER_TOAST_MS,
} from '@platewise/shared';
import { useState, type FormEvent } from 'react';

import { failureText, isApiQueryError } from '../../../lib/api';
import { notify } from '../../../lib/notifications';
import {
  useAddKitchenItemsMutation,
  useGetKitchenQuery,
  useRemoveKitchenItemMutation,
  useUpdateKitchenItemMutation,
} from '../kitchen-api';
import { CookedCard } from './cooked-card';
import { StaplesEditor } from './staples-editor';

const kitchenTexts = {
  moveFailed: 'That item could not be moved. Please try again.',
  removeFailed: 'That item could not be removed. Please try again.',
} as const;

/** A change to one item failed: say so, in the server's words where it gave some. */
function notifyFailure(result: { error?: unknown }, fallback: string): void {
  if (result.error === undefined) return;
  notify(failureText(result.error, fallback), {
    severity: 'error',
    durationMs: USER_TOAST_MS,
  });
}

/** Within this many days of its use-by an item is marked "Use soon". */
export const USE_SOON_DAYS = 2;

const DAY_MS = 86_400_000;

const PLACE_LABELS: Readonly<Record<KitchenPlace, string>> = {
  fridge: 'Fridge',
  freezer: 'Freezer',
  cupboard: 'Cupboard',
};

/** Days from today (the browser's calendar day) to a YYYY-MM-DD date. */
function daysUntil(day: string, today: Date): number {
  const start = Date.UTC(
    today.getFullYear(),
    today.getMonth(),
    today.getDate(),
  );
  return Math.round((Date.parse(`${day}T00:00:00Z`) - start) / DAY_MS);
}

const dateFormat = new Intl.DateTimeFormat('en', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

const WEIGHTS: ReadonlySet<string> = new Set(['g', 'kg', 'lb', 'oz']);

/** "3 onions", "2 kg potatoes", "1 l chicken stock": a count agrees, a weight takes the plural. */
function amountOf(item: KitchenItem): string {
  return formatIngredientLine({
    ingredient: WEIGHTS.has(item.unit.toLowerCase())
      ? countPhrase(item.name, 2)
      : item.name,
    quantity: item.quantity,
    unit: item.unit,
  });
}

/** Where a typed line is kept: as the food data says, or the user's choice. */
type AddPlace = KitchenPlace | 'usual';

function PlaceSelect({ item, userId }: { item: KitchenItem; userId: string }) {
  const [update, updating] = useUpdateKitchenItemMutation();
  return (
    <TextField
      select
      size="small"
      label="Kept in"
      value={item.place}
      disabled={updating.isLoading}
      onChange={(event) =>
        void update({
          id: item.id,
          patch: { user_id: userId, place: event.target.value as KitchenPlace },
        }).then((result) => notifyFailure(result, kitchenTexts.moveFailed))
      }
      slotProps={{
        select: { native: true },
        // Each row's select says whose place it is.
        htmlInput: { 'aria-label': `Where ${item.name} is kept` },
      }}
      sx={{ width: 128, flexShrink: 0 }}
    >
      {KITCHEN_PLACES.map((place) => (
        <option key={place} value={place}>
          {PLACE_LABELS[place]}
        </option>
      ))}
    </TextField>
  );
}

function UseByMark({ item, today }: { item: KitchenItem; today: Date }) {
  if (item.useBy === null) return null;
  const days = daysUntil(item.useBy, today);
  if (days < 0) {
    return <Chip size="small" color="error" label="Past its date" />;
  }
  if (days <= USE_SOON_DAYS) {
    return <Chip size="small" color="warning" label="Use soon" />;
  }
  return null;
}

/**
 * What the user has at home (issue 20), soonest use-by first, with "use
 * soon" marks; a line typed as one writes it ("2 kg potatoes") adds an
 * item, dated from the food data.
 */
export function KitchenPage({ userId }: { userId: string }) {
  const { data, isLoading, isError } = useGetKitchenQuery(userId);
  const [addItems, adding] = useAddKitchenItemsMutation();
  const [removeItem] = useRemoveKitchenItemMutation();
  const [line, setLine] = useState('');
  const [place, setPlace] = useState<AddPlace>('usual');
  const [problem, setProblem] = useState<string | null>(null);
  const today = new Date();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const text = line.trim();
    if (text === '') return;
    setProblem(null);
    const result = await addItems({
      user_id: userId,
      items: [place === 'usual' ? { line: text } : { line: text, place }],
    });
    if ('error' in result) {
      setProblem(
        isApiQueryError(result.error)
          ? result.error.error
          : 'That could not be added. Try again.',
      );
      return;
    }
    setLine('');
  }

  const items = data?.items ?? [];
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <div>
        <Typography variant="h4" component="h1" gutterBottom>
          Kitchen
        </Typography>
        <Typography variant="body1" color="text.secondary">
          What you have at home is used first by your next plan, and taken off
          your shopping list.
        </Typography>
      </div>
      <Card variant="outlined" sx={{ p: 2 }}>
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          onSubmit={(event) => void onSubmit(event)}
        >
          <TextField
            label="Add food you have"
            placeholder="2 kg potatoes"
            value={line}
            onChange={(event) => setLine(event.target.value)}
            size="small"
            fullWidth
            error={problem !== null}
            helperText={problem ?? 'Type it as you would write it down.'}
          />
          <TextField
            select
            label="Keep in"
            value={place}
            onChange={(event) => setPlace(event.target.value as AddPlace)}
            size="small"
            // A fixed width: a select sized by its content took the whole
            // row on desktops and squeezed the line to nothing.
            sx={{ width: { xs: '100%', sm: 170 }, flexShrink: 0 }}
          >
            <MenuItem value="usual">Where it keeps</MenuItem>
            {KITCHEN_PLACES.map((option) => (
              <MenuItem key={option} value={option}>
                {PLACE_LABELS[option]}
              </MenuItem>
            ))}
          </TextField>
          <Button
            type="submit"
            variant="contained"
            disabled={adding.isLoading || line.trim() === ''}
            sx={{ alignSelf: { sm: 'flex-start' }, whiteSpace: 'nowrap' }}
          >
            Add
          </Button>
        </Stack>
      </Card>
      {isError ? (
        <Alert severity="error">Your kitchen could not be loaded.</Alert>
      ) : null}
      {isLoading ? (
        <Skeleton variant="rounded" height={160} />
      ) : items.length === 0 && !isError ? (
        <Typography color="text.secondary">
          Nothing here yet. Add what is in your fridge and cupboards, or tick
          your shopping list and choose Bought.
        </Typography>
      ) : (
        <Card variant="outlined">
          <List aria-label="What you have">
            {items.map((item, index) => (
              <ListItem
                key={item.id}
                divider={index < items.length - 1}
                sx={{
                  flexWrap: 'wrap',
                  columnGap: 1.5,
                  rowGap: 0.5,
                  pr: 1,
                }}
              >
                <ListItemText
                  sx={{ flex: '1 1 200px', minWidth: 0 }}
                  primary={
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                    >
                      <span>{amountOf(item)}</span>
                      <UseByMark item={item} today={today} />
                    </Stack>
                  }
                  secondary={[
                    item.useBy === null
                      ? 'Keeps for months'
                      : `Use by ${dateFormat.format(new Date(`${item.useBy}T00:00:00Z`))}`,
                    item.opened ? 'opened' : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
                <Stack
                  direction="row"
                  spacing={0.5}
                  sx={{ alignItems: 'center', ml: 'auto' }}
                >
                  <PlaceSelect item={item} userId={userId} />
                  <IconButton
                    aria-label={`Remove ${item.name}`}
                    onClick={() =>
                      void removeItem({ id: item.id, userId }).then((result) =>
                        notifyFailure(result, kitchenTexts.removeFailed),
                      )
                    }
                  >
                    <DeleteOutlineRounded />
                  </IconButton>
                </Stack>
              </ListItem>
            ))}
          </List>
        </Card>
      )}
      <CookedCard userId={userId} />
      {data === undefined ? null : (
        <StaplesEditor userId={userId} kitchen={data} />
      )}
    </Stack>
  );
}
