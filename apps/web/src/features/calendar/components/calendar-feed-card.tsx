import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import EventRounded from '@mui/icons-material/EventRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { CALENDAR_DEFAULT_TIMES, USER_TOAST_MS } from '@platewise/shared';
import { useState } from 'react';

import { failureText } from '../../../lib/api';
import { notify } from '../../../lib/notifications';
import {
  useCreateCalendarFeedMutation,
  useGetCalendarFeedQuery,
  useRevokeCalendarFeedMutation,
} from '../calendar-api';

const SLOTS = [
  ['breakfast', 'Breakfast'],
  ['lunch', 'Lunch'],
  ['dinner', 'Dinner'],
] as const;

type Times = Record<(typeof SLOTS)[number][0], string>;

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const sinceFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * The week in the calendar (issue 18): a secret address that calendar apps
 * subscribe to, with the times the meals appear at. The address is shown
 * once, when made (the server keeps only its hash); copy it then, or make a
 * new one, which stops the old.
 */
export function CalendarFeedCard() {
  const status = useGetCalendarFeedQuery(undefined);
  const [create, created] = useCreateCalendarFeedMutation();
  const [revoke, revoking] = useRevokeCalendarFeedMutation();
  const feed = status.data?.feed ?? null;
  const [draft, setDraft] = useState<Times | null>(null);
  const times: Times =
    draft ??
    (feed
      ? { breakfast: feed.breakfast, lunch: feed.lunch, dinner: feed.dinner }
      : { ...CALENDAR_DEFAULT_TIMES });
  // The address of this visit's create call, while that feed is current.
  const url =
    feed && created.data && created.data.createdAt === feed.createdAt
      ? created.data.url
      : null;

  const onCreate = async () => {
    try {
      await create({ ...times, timeZone: browserTimeZone() }).unwrap();
      setDraft(null);
    } catch (error) {
      notify(
        failureText(
          error,
          'The calendar link could not be made. Please try again.',
        ),
        {
          severity: 'error',
          durationMs: USER_TOAST_MS,
        },
      );
    }
  };

  const onRevoke = async () => {
    try {
      await revoke(undefined).unwrap();
      created.reset();
      notify('Calendar link revoked. Calendars using it stop updating.', {
        severity: 'success',
        durationMs: USER_TOAST_MS,
      });
    } catch (error) {
      notify(
        failureText(
          error,
          'The calendar link could not be revoked. Please try again.',
        ),
        {
          severity: 'error',
          durationMs: USER_TOAST_MS,
        },
      );
    }
  };

  const onCopy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      notify('Calendar link copied.', {
        severity: 'success',
        durationMs: USER_TOAST_MS,
      });
    } catch {
      notify('Copying failed: select the link and copy it yourself.', {
        severity: 'warning',
        durationMs: USER_TOAST_MS,
      });
    }
  };

  return (
    <Card component="section" aria-labelledby="calendar-feed-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <EventRounded color="primary" aria-hidden />
          <Typography id="calendar-feed-title" variant="h6" component="h2">
            Calendar
          </Typography>
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2.5 }}>
          Subscribe to your week&apos;s meals from your phone&apos;s or
          computer&apos;s calendar. The link is private: anyone who has it sees
          your plan.
        </Typography>
        {status.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            The calendar settings could not be loaded.
          </Alert>
        ) : null}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
            maxWidth: 560,
            mb: 2.5,
          }}
        >
          {SLOTS.map(([slot, label]) => (
            <TextField
              key={slot}
              label={label}
              type="time"
              size="small"
              value={times[slot]}
              onChange={(event) =>
                setDraft({ ...times, [slot]: event.target.value })
              }
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ))}
        </Box>
        {feed && !url ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            A calendar link is active since{' '}
            {sinceFormat.format(new Date(feed.createdAt))}. For your safety it
            is shown only once: make a new link to copy it again (the old one
            stops working).
          </Typography>
        ) : null}
        {url ? (
          <TextField
            label="Your calendar link"
            value={url}
            fullWidth
            size="small"
            sx={{ mb: 2, maxWidth: 720 }}
            slotProps={{
              htmlInput: { readOnly: true },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title="Copy link">
                      <IconButton
                        aria-label="Copy calendar link"
                        edge="end"
                        onClick={() => void onCopy()}
                      >
                        <ContentCopyRounded fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
            onFocus={(event) => event.target.select()}
          />
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button
            variant="contained"
            onClick={() => void onCreate()}
            disabled={created.isLoading || status.isLoading}
            aria-busy={created.isLoading}
          >
            {feed ? 'Make New Link' : 'Create Calendar Link'}
          </Button>
          {feed ? (
            <Button
              variant="outlined"
              color="error"
              onClick={() => void onRevoke()}
              disabled={revoking.isLoading}
              aria-busy={revoking.isLoading}
            >
              Revoke Link
            </Button>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}
