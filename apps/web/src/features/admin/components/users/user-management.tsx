import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ADMIN_USER_PAGE_SIZE_DEFAULT,
  ADMIN_USER_PAGE_SIZES,
  type AdminUser,
  type Role,
} from '@platewise/shared';
import { useMemo, useState } from 'react';

import { useListAdminUsersQuery } from '../../admin-users-api';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { userManagementMessages } from '../../utils/admin-messages';
import { AdminSearchField } from '../admin-search-field';
import { PagedTablePagination, PagedTableStatus } from '../paged-table-body';
import {
  usePagedSearch,
  useSessionExpiryOnError,
  useUrlSearch,
} from '../use-paged-search';
import { AddUserDialog } from './add-user-dialog';
import { ChangeRoleDialog } from './change-role-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { ResendInvitationDialog } from './resend-invitation-dialog';
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
  const [search, setSearch] = useUrlSearch(USER_SEARCH_PARAM);
  const debouncedSearch = useDebouncedValue(search.trim());
  const [role, setRole] = useState<Role | ''>('');
  // A new search, filter or page size starts again at the first page.
  const paging = usePagedSearch(ADMIN_USER_PAGE_SIZE_DEFAULT, [
    debouncedSearch,
    role,
  ]);
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const { data, error, isError, isLoading, isFetching, refetch } =
    useListAdminUsersQuery({
      page: paging.page + 1,
      limit: paging.rowsPerPage,
      search: debouncedSearch,
      role,
    });

  useSessionExpiryOnError(error);

  const users = useMemo(
    () => (data?.users ?? []).filter((user) => matchesSearch(user, search)),
    [data, search],
  );
  const total = data?.total ?? 0;

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
          <AdminSearchField
            label="Search users"
            placeholder="Search users by name..."
            value={search}
            onChange={setSearch}
            sx={{ flex: { sm: '1 1 auto' }, maxWidth: { sm: 420 } }}
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

        <PagedTableStatus
          error={
            isError && !sessionExpiredStatus(error)
              ? userManagementMessages.fetchFailed
              : null
          }
          onRetry={() => void refetch()}
          refreshing={isFetching && !isLoading}
          refreshingLabel="Loading users"
        />
        <UsersTable
          users={users}
          loading={isLoading}
          busy={isFetching}
          onAction={(kind, user) => setDialog({ kind, user })}
        />
        <PagedTablePagination
          paging={paging}
          count={total}
          rowsPerPageOptions={ADMIN_USER_PAGE_SIZES}
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
      {dialog?.kind === 'invitation' ? (
        <ResendInvitationDialog
          user={dialog.user}
          onClose={() => setDialog(null)}
        />
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
