import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { AdminUser } from '@platewise/shared';
import { useState } from 'react';

import { BreakableEmail } from '../breakable-email';
import { PagedTableBody } from '../paged-table-body';
import { ROLE_LABELS } from './role-options';

export type UserColumn =
  'id' | 'name' | 'email' | 'phone' | 'location' | 'role' | 'actions';

const HEADERS: Record<UserColumn, string> = {
  id: 'ID',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  location: 'Location',
  role: 'Role',
  actions: 'Actions',
};

/**
 * The column sets of spec point 2: small screens name, email, actions;
 * medium add role; large id, name, email, phone, location, role, actions.
 */
export function useUserColumns(): UserColumn[] {
  const theme = useTheme();
  const medium = useMediaQuery(theme.breakpoints.up('md'));
  const large = useMediaQuery(theme.breakpoints.up('lg'));
  if (large) {
    return ['id', 'name', 'email', 'phone', 'location', 'role', 'actions'];
  }
  if (medium) return ['name', 'email', 'role', 'actions'];
  return ['name', 'email', 'actions'];
}

export type UserAction = 'edit' | 'role' | 'status' | 'invitation';

function RowActions({
  user,
  onAction,
}: {
  user: AdminUser;
  onAction: (action: UserAction, user: AdminUser) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (action: UserAction) => {
    setAnchor(null);
    onAction(action, user);
  };
  return (
    <>
      <IconButton
        aria-label={`Actions for ${user.name}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertRounded />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem onClick={() => pick('edit')}>Edit User</MenuItem>
        <MenuItem onClick={() => pick('role')}>Change Role</MenuItem>
        {user.invitationPending ? (
          <MenuItem onClick={() => pick('invitation')}>
            Re-send invitation
          </MenuItem>
        ) : null}
        <MenuItem
          onClick={() => pick('status')}
          sx={{ color: user.isActive ? 'error.main' : undefined }}
        >
          {user.isActive ? 'Disable User' : 'Enable User'}
        </MenuItem>
      </Menu>
    </>
  );
}

function Cell({ column, user }: { column: UserColumn; user: AdminUser }) {
  switch (column) {
    case 'id':
      return (
        <Box
          component="span"
          title={user.id}
          sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}
        >
          {user.id.slice(0, 8)}
        </Box>
      );
    case 'name':
      return (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Box component="span">{user.name}</Box>
          {user.isActive ? null : (
            <Chip label="Disabled" size="small" color="warning" />
          )}
        </Stack>
      );
    case 'email':
      return <BreakableEmail email={user.email} />;
    case 'phone':
      return <>{user.phoneNumber ?? '—'}</>;
    case 'location':
      return <>{user.state ?? '—'}</>;
    case 'role':
      return (
        <Chip
          label={ROLE_LABELS[user.role]}
          size="small"
          color={user.role === 'admin' ? 'secondary' : 'default'}
          variant={user.role === 'admin' ? 'filled' : 'outlined'}
        />
      );
    case 'actions':
      return null;
  }
}

/** The users of one page, with the columns the screen has room for. */
export function UsersTable({
  users,
  loading,
  busy,
  onAction,
}: {
  users: AdminUser[];
  /** No page has arrived yet. */
  loading: boolean;
  /** A newer page is on its way. */
  busy: boolean;
  onAction: (action: UserAction, user: AdminUser) => void;
}) {
  const columns = useUserColumns();
  return (
    <TableContainer>
      <Table aria-label="Users" aria-busy={busy || loading} size="medium">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column}
                align={column === 'actions' ? 'right' : 'left'}
                sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
              >
                {HEADERS[column]}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <PagedTableBody
          columns={columns.length}
          loading={loading}
          empty={users.length === 0}
          loadingText="Loading users…"
          emptyText="No users found"
        >
          {users.map((user) => (
            <TableRow key={user.id} hover>
              {columns.map((column) => (
                <TableCell
                  key={column}
                  align={column === 'actions' ? 'right' : 'left'}
                  sx={
                    column === 'actions' ? { width: 64, py: 0.5 } : { py: 1.25 }
                  }
                >
                  {column === 'actions' ? (
                    <RowActions user={user} onAction={onAction} />
                  ) : (
                    <Cell column={column} user={user} />
                  )}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </PagedTableBody>
      </Table>
    </TableContainer>
  );
}
