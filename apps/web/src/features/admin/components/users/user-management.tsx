import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ADMIN_USER_PAGE_SIZE_DEFAULT,
  ADMIN_USER_PAGE_SIZES,
  type AdminUser,
  type Role,
} from '@platewise/shared';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import { useListAdminUsersQuery } from '../../admin-users-api';
import { useAdminSessionExpiry } from '../../hooks/use-admin-session-expiry';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { userManagementMessages } from '../../utils/admin-messages';
import { AddUserDialog } from './add-user-dialog';
import { ChangeRoleDialog } from './change-role-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { ROLE_OPTIONS } from './role-options';
import { ToggleStatusDialog } from './toggle-status-dialog';
import { UsersTable, type UserAction } from './users-table';

/** The `search` parameter, which the admin top bar's search box sets too. */
export const USER_SEARCH_PARAM = 'search';

type OpenDialog =
  { kind: UserAction; user: AdminUser } | { kind: 'add' } | null;

/** Spec: "results also filtered on the client by name or email". */
function matchesSearch(user: AdminUser, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return (
    user.name.toLowerCase().includes(needle) ||
    user.email.toLowerCase().includes(needle)
  );
}

/**
 * User Management (spec point 2): a debounced server-side search, a role
 * filter, the users table and its pages, and the row actions' dialogs.
 */
export function UserManagement() {
  const [params, setParams] = useSearchParams();
  const search = params.get(USER_SEARCH_PARAM) ?? '';
  const debouncedSearch = useDebouncedValue(search.trim());
  const [role, setRole] = useState<Role | ''>('');
  const [rowsPerPage, setRowsPerPage] = useState<number>(
    ADMIN_USER_PAGE_SIZE_DEFAULT,
  );
  // A new search, filter or page size starts again at the first page.
  const filterKey = `${debouncedSearch}\n${role}\n${rowsPerPage}`;
  const [paging, setPaging] = useState({ key: filterKey, page: 0 });
  const page = paging.key === filterKey ? paging.page : 0;
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const { data, error, isError, isLoading, isFetching, refetch } =
    useListAdminUsersQuery({
      page: page + 1,
      limit: rowsPerPage,
      search: debouncedSearch,
      role,
    });

  const sessionExpired = useAdminSessionExpiry();
  useEffect(() => {
    if (error) sessionExpired(error);
  }, [error, sessionExpired]);

  const users = useMemo(
    () => (data?.users ?? []).filter((user) => matchesSearch(user, search)),
    [data, search],
  );
  const total = data?.total ?? 0;

  const setSearch = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(USER_SEARCH_PARAM, value);
    else next.delete(USER_SEARCH_PARAM);
    setParams(next, { replace: true });
  };

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            User Management
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Edit accounts, change roles, and disable or enable access.
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1Rounded />}
          onClick={() => setDialog({ kind: 'add' })}
          sx={{ alignSelf: { xs: 'stretch', sm: 'center' }, flexShrink: 0 }}
        >
          Add User
        </Button>
      </Stack>

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ p: 2 }}
        >
          <TextField
            type="search"
            size="small"
            placeholder="Search users by name..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            fullWidth
            sx={{ flex: { sm: '1 1 auto' }, maxWidth: { sm: 420 } }}
            slotProps={{
              htmlInput: { 'aria-label': 'Search users', maxLength: 100 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            size="small"
            label="Role"
            value={role}
            onChange={(event) => setRole(event.target.value as Role | '')}
            fullWidth
            sx={{ width: { sm: 180 }, flex: { sm: 'none' } }}
            slotProps={{
              select: { displayEmpty: true },
              inputLabel: { shrink: true },
            }}
          >
            <MenuItem value="">All</MenuItem>
            {ROLE_OPTIONS.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        </Stack>

        {isError && !sessionExpiredStatus(error) ? (
          <Alert
            severity="error"
            sx={{ mx: 2, mb: 2 }}
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => void refetch()}
              >
                Retry
              </Button>
            }
          >
            {userManagementMessages.fetchFailed}
          </Alert>
        ) : null}

        <Box sx={{ height: 4 }}>
          {isFetching && !isLoading ? (
            <LinearProgress aria-label="Loading users" />
          ) : null}
        </Box>
        <UsersTable
          users={users}
          loading={isLoading}
          busy={isFetching}
          onAction={(kind, user) => setDialog({ kind, user })}
        />
        <TablePagination
          component="div"
          count={total}
          page={total === 0 ? 0 : page}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={[...ADMIN_USER_PAGE_SIZES]}
          onPageChange={(_event, next) =>
            setPaging({ key: filterKey, page: next })
          }
          onRowsPerPageChange={(event) =>
            setRowsPerPage(Number(event.target.value))
          }
          labelRowsPerPage="Rows per page:"
        />
      </Paper>

      {dialog?.kind === 'add' ? (
        <AddUserDialog onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditUserDialog user={dialog.user} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'role' ? (
        <ChangeRoleDialog user={dialog.user} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'status' ? (
        <ToggleStatusDialog
          user={dialog.user}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Stack>
  );
}

function sessionExpiredStatus(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    (error as { status: unknown }).status === 401
  );
}
