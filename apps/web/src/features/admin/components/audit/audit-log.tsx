import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  ADMIN_AUDIT_ACTIONS,
  ADMIN_AUDIT_PAGE_SIZE_DEFAULT,
  AuditListQuerySchema,
  type AuditEntry,
} from '@platewise/shared';
import { useState } from 'react';

import { useListAuditEntriesQuery } from '../../admin-audit-api';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { BreakableEmail } from '../breakable-email';
import {
  PagedTableBody,
  PagedTablePagination,
  PagedTableStatus,
} from '../paged-table-body';
import { usePagedSearch, useSessionExpiryOnError } from '../use-paged-search';

export const AUDIT_PAGE_SIZES = [10, 25, 50, 100];
export const auditMessages = {
  fetchFailed: 'Failed to fetch the audit log',
  empty: 'No audit entries found',
} as const;

const OUTCOME_COLOR = {
  success: 'success',
  failure: 'error',
  denied: 'warning',
} as const;

const timeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'medium',
});

/** A short, readable form of a stored value (never longer than a line). */
function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

interface Change {
  field: string;
  before: unknown;
  after: unknown;
}

function changesOf(entry: AuditEntry): Change[] {
  const { changes } = entry.details as { changes?: unknown };
  if (typeof changes !== 'object' || changes === null) return [];
  return Object.entries(changes).map(([field, change]) => {
    const { before, after } = (change ?? {}) as {
      before?: unknown;
      after?: unknown;
    };
    return { field, before, after };
  });
}

/** Details that are not changes (an outcome, an invitation's delivery). */
function otherDetails(entry: AuditEntry): string[] {
  return Object.entries(entry.details)
    .filter(([key]) => key !== 'changes')
    .map(([key, value]) => `${key}: ${show(value)}`);
}

function ChangeList({ entry }: { entry: AuditEntry }) {
  const changes = changesOf(entry);
  const others = otherDetails(entry);
  if (changes.length === 0 && others.length === 0) {
    return <Typography color="text.secondary">—</Typography>;
  }
  return (
    <Box
      component="ul"
      sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.25 }}
    >
      {changes.map((change) => (
        <Box
          component="li"
          key={change.field}
          sx={{ overflowWrap: 'anywhere' }}
        >
          <Box component="span" sx={{ fontWeight: 600 }}>
            {change.field}
          </Box>
          : {show(change.before)}{' '}
          <Box component="span" aria-label="changed to">
            →
          </Box>{' '}
          {show(change.after)}
        </Box>
      ))}
      {others.map((text) => (
        <Box
          component="li"
          key={text}
          sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
        >
          {text}
        </Box>
      ))}
    </Box>
  );
}

function Actor({ entry }: { entry: AuditEntry }) {
  if (entry.actorEmail) return <BreakableEmail email={entry.actorEmail} />;
  return <>{entry.actorId ?? 'System'}</>;
}

function AuditTime({ entry }: { entry: AuditEntry }) {
  return (
    <time dateTime={entry.occurredAt}>
      {timeFormat.format(new Date(entry.occurredAt))}
    </time>
  );
}

function ActionChip({ entry }: { entry: AuditEntry }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={OUTCOME_COLOR[entry.outcome]}
      label={entry.action}
      title={`Outcome: ${entry.outcome}`}
      sx={{ fontFamily: 'monospace', maxWidth: '100%' }}
    />
  );
}

const validActor = (value: string) =>
  AuditListQuerySchema.shape.actor.safeParse(value);
const validAction = (value: string) =>
  AuditListQuerySchema.shape.action.safeParse(value);

/**
 * The audit log (issue 12, security S48): every admin change and security
 * event, newest first, filtered by actor and action, one page at a time.
 */
export function AuditLog() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [actorInput, setActorInput] = useState('');
  const [actionInput, setActionInput] = useState('');
  const actor = useDebouncedValue(actorInput.trim());
  const action = useDebouncedValue(actionInput.trim());
  const actorCheck = validActor(actor);
  const actionCheck = validAction(action);
  const paging = usePagedSearch(ADMIN_AUDIT_PAGE_SIZE_DEFAULT, [actor, action]);

  // A half-typed filter is not sent: the last valid one stays in force.
  const { data, error, isLoading, isFetching, refetch } =
    useListAuditEntriesQuery({
      page: paging.page + 1,
      limit: paging.rowsPerPage,
      actor: actorCheck.success ? actor : '',
      action: actionCheck.success ? action : '',
    });
  useSessionExpiryOnError(error);

  const entries = data?.entries ?? [];
  const total = data?.total ?? 0;
  // Phones get one column, each event stacked: five columns cannot fit.
  const columns = wide
    ? ['Time', 'Actor', 'Action', 'Target', 'Change']
    : ['Event'];

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          Audit Log
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Who changed what and when, newest first.
        </Typography>
      </Box>

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ p: 2 }}
        >
          <TextField
            size="small"
            label="Actor"
            placeholder="E-mail or user id"
            value={actorInput}
            onChange={(event) => setActorInput(event.target.value)}
            error={!actorCheck.success}
            helperText={
              actorCheck.success
                ? undefined
                : actorCheck.error.issues[0]?.message
            }
            sx={{ flex: 1, maxWidth: { sm: 360 } }}
            slotProps={{ htmlInput: { maxLength: 254 } }}
          />
          <Autocomplete
            freeSolo
            options={[...ADMIN_AUDIT_ACTIONS]}
            inputValue={actionInput}
            onInputChange={(_event, value) => setActionInput(value)}
            sx={{ flex: 1, maxWidth: { sm: 320 } }}
            renderInput={(params) => (
              <TextField
                {...params}
                size="small"
                label="Action"
                placeholder="Any action"
                error={!actionCheck.success}
                helperText={
                  actionCheck.success
                    ? undefined
                    : actionCheck.error.issues[0]?.message
                }
              />
            )}
          />
        </Stack>

        <PagedTableStatus
          error={error && !data ? auditMessages.fetchFailed : null}
          onRetry={() => void refetch()}
          refreshing={isFetching && !isLoading}
          refreshingLabel="Loading audit entries"
        />

        <TableContainer>
          <Table aria-label="Audit log" aria-busy={isFetching}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column} sx={{ fontWeight: 600 }}>
                    {column}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <PagedTableBody
              columns={columns.length}
              loading={isLoading}
              empty={entries.length === 0}
              loadingText="Loading audit entries…"
              emptyText={auditMessages.empty}
            >
              {entries.map((entry) => (
                <TableRow key={entry.id} sx={{ verticalAlign: 'top' }}>
                  {wide ? (
                    <>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <AuditTime entry={entry} />
                      </TableCell>
                      <TableCell>
                        <Actor entry={entry} />
                      </TableCell>
                      <TableCell>
                        <ActionChip entry={entry} />
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        {show(entry.target)}
                      </TableCell>
                      <TableCell>
                        <ChangeList entry={entry} />
                      </TableCell>
                    </>
                  ) : (
                    <TableCell>
                      <Stack spacing={0.75} sx={{ minWidth: 0 }}>
                        <Typography variant="body2" color="text.secondary">
                          <AuditTime entry={entry} />
                        </Typography>
                        <Box>
                          <ActionChip entry={entry} />
                        </Box>
                        <Typography
                          variant="body2"
                          sx={{ overflowWrap: 'anywhere' }}
                        >
                          <Actor entry={entry} /> → {show(entry.target)}
                        </Typography>
                        <ChangeList entry={entry} />
                      </Stack>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </PagedTableBody>
          </Table>
        </TableContainer>
        <PagedTablePagination
          paging={paging}
          count={total}
          rowsPerPageOptions={AUDIT_PAGE_SIZES}
        />
      </Paper>
    </Stack>
  );
}
