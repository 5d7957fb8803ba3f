import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

import { useAdminSessionExpiry } from '../hooks/use-admin-session-expiry';

export interface PagedSearch {
  /** Zero-based, as MUI's TablePagination counts. */
  page: number;
  rowsPerPage: number;
  setPage: (page: number) => void;
  setRowsPerPage: (rowsPerPage: number) => void;
}

/**
 * The page and page size of an admin list. A new filter (any of `filters`)
 * or page size starts again at the first page: the page is remembered with
 * the filters it was picked under, so no effect has to reset it.
 */
export function usePagedSearch(
  defaultRowsPerPage: number,
  filters: readonly string[],
): PagedSearch {
  const [rowsPerPage, setRowsPerPage] = useState(defaultRowsPerPage);
  const filterKey = [...filters, String(rowsPerPage)].join('\n');
  const [paging, setPaging] = useState({ key: filterKey, page: 0 });
  return {
    page: paging.key === filterKey ? paging.page : 0,
    rowsPerPage,
    setPage: (page) => setPaging({ key: filterKey, page }),
    setRowsPerPage,
  };
}

/**
 * A search box's text kept in the URL's `name` parameter (the admin top
 * bar's search box sets it too); replaced, not pushed, on each keystroke.
 */
export function useUrlSearch(name: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.get(name) ?? '';
  const setSearch = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  return [search, setSearch];
}

/** Spec point 8: a list whose fetch gets a 401 ends the admin's session. */
export function useSessionExpiryOnError(error: unknown): void {
  const sessionExpired = useAdminSessionExpiry();
  useEffect(() => {
    if (error) sessionExpired(error);
  }, [error, sessionExpired]);
}
