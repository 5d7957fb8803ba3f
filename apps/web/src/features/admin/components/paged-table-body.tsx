import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TablePagination, {
  type TablePaginationProps,
} from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import type { PagedSearch } from './use-paged-search';

/**
 * The body of an admin list's table: one centred row while the first page
 * loads, one when the page is empty, otherwise the rows given.
 */
export function PagedTableBody({
  columns,
  loading,
  empty,
  loadingText,
  emptyText,
  children,
}: {
  /** How many columns the table shows, so the status rows span them all. */
  columns: number;
  loading: boolean;
  empty: boolean;
  loadingText: string;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <TableBody>
      {loading ? (
        <TableRow>
          <TableCell colSpan={columns} sx={{ py: 6 }}>
            <Stack
              direction="row"
              spacing={2}
              role="status"
              sx={{ justifyContent: 'center', alignItems: 'center' }}
            >
              <CircularProgress size={24} aria-hidden />
              <Typography color="text.secondary">{loadingText}</Typography>
            </Stack>
          </TableCell>
        </TableRow>
      ) : empty ? (
        <TableRow>
          <TableCell colSpan={columns} sx={{ py: 6 }}>
            <Typography color="text.secondary" align="center">
              {emptyText}
            </Typography>
          </TableCell>
        </TableRow>
      ) : (
        children
      )}
    </TableBody>
  );
}

/**
 * What sits between an admin list's filters and its table: the failed
 * fetch's alert with Retry, and a thin bar while a newer page is on its way
 * (the bar's room is kept so the table does not jump).
 */
export function PagedTableStatus({
  error,
  onRetry,
  refreshing,
  refreshingLabel,
}: {
  /** The alert's text; nothing is shown when null. */
  error: ReactNode;
  onRetry: () => void;
  refreshing: boolean;
  refreshingLabel: string;
}) {
  return (
    <>
      {error ? (
        <Alert
          severity="error"
          sx={{ mx: 2, mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          }
        >
          {error}
        </Alert>
      ) : null}
      <Box sx={{ height: 4 }}>
        {refreshing ? <LinearProgress aria-label={refreshingLabel} /> : null}
      </Box>
    </>
  );
}

/** The pagination under an admin list, wired to `usePagedSearch`. */
export function PagedTablePagination({
  paging,
  count,
  page,
  rowsPerPageOptions,
  ...labels
}: {
  paging: PagedSearch;
  count: number;
  /** The page shown, when it differs from the one asked for. */
  page?: number;
  rowsPerPageOptions: readonly number[];
} & Pick<TablePaginationProps, 'labelRowsPerPage' | 'labelDisplayedRows'>) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={count === 0 ? 0 : (page ?? paging.page)}
      rowsPerPage={paging.rowsPerPage}
      rowsPerPageOptions={[...rowsPerPageOptions]}
      onPageChange={(_event, next) => paging.setPage(next)}
      onRowsPerPageChange={(event) =>
        paging.setRowsPerPage(Number(event.target.value))
      }
      {...labels}
    />
  );
}
