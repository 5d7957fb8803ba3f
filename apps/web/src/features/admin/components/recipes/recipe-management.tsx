import AddRounded from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  RECIPE_PAGE_SIZE_DEFAULT,
  RECIPE_PAGE_SIZES,
  type Recipe,
} from '@platewise/shared';
import { useState } from 'react';

import { isApiQueryError } from '../../../../lib/api';
import { useListAdminRecipesQuery } from '../../admin-recipes-api';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { describeAdminError } from '../../utils/admin-messages';
import { recipeManagementMessages } from '../../utils/recipe-messages';
import { AdminSearchField } from '../admin-search-field';
import { PagedTablePagination, PagedTableStatus } from '../paged-table-body';
import {
  usePagedSearch,
  useSessionExpiryOnError,
  useUrlSearch,
} from '../use-paged-search';
import { AddRecipeDialog } from './add-recipe-dialog';
import { DeleteRecipeDialog } from './delete-recipe-dialog';
import { EditRecipeDialog } from './edit-recipe-dialog';
import { RecipesTable, type RecipeAction } from './recipes-table';

/** The `search` parameter, which the admin top bar's search box sets too. */
export const RECIPE_SEARCH_PARAM = 'search';

/** Spec point 2: the pagination's label is 'from–to of count'. */
export const recipeRowsLabel = ({
  from,
  to,
  count,
}: {
  from: number;
  to: number;
  count: number;
}) => `${String(from)}–${String(to)} of ${String(count)}`;

type OpenDialog =
  { kind: RecipeAction; recipe: Recipe } | { kind: 'add' } | null;

/**
 * Recipe Management (spec point 2): a debounced server-side search by name,
 * the recipes table and its pages of 25, 50 or 100, Add Recipe, and each
 * row's Edit and Delete.
 */
export function RecipeManagement() {
  const [search, setSearch] = useUrlSearch(RECIPE_SEARCH_PARAM);
  const debouncedSearch = useDebouncedValue(search.trim());
  // A new search or page size starts again at the first page.
  const paging = usePagedSearch(RECIPE_PAGE_SIZE_DEFAULT, [debouncedSearch]);
  const { page, rowsPerPage } = paging;
  const [dialog, setDialog] = useState<OpenDialog>(null);

  // The last page the latest answer knows of: a delete can empty the page
  // shown, which then steps back to the one before.
  const [lastPage, setLastPage] = useState<number | null>(null);
  const shownPage = lastPage !== null && page > lastPage ? lastPage : page;
  const { data, error, isError, isLoading, isFetching, refetch } =
    useListAdminRecipesQuery({
      page: shownPage + 1,
      limit: rowsPerPage,
      search: debouncedSearch,
    });
  const total = data?.total ?? 0;
  const recipes = data?.data ?? [];
  const answerLastPage = data
    ? Math.max(0, Math.ceil(total / data.limit) - 1)
    : null;
  if (answerLastPage !== lastPage) setLastPage(answerLastPage);

  useSessionExpiryOnError(error);

  const expired = isApiQueryError(error) && error.status === 401;

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            Recipe Management
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            The catalogue the planner chooses from: add, import, edit or delete
            recipes.
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddRounded />}
          onClick={() => setDialog({ kind: 'add' })}
          sx={{ alignSelf: { xs: 'stretch', sm: 'center' }, flexShrink: 0 }}
        >
          Add Recipe
        </Button>
      </Stack>

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ p: 2 }}>
          <AdminSearchField
            label="Search recipes"
            placeholder="Search recipes by name..."
            value={search}
            onChange={setSearch}
            sx={{ maxWidth: { sm: 420 } }}
          />
        </Box>

        <PagedTableStatus
          error={
            isError && !expired
              ? recipeManagementMessages.fetchFailed(describeAdminError(error))
              : null
          }
          onRetry={() => void refetch()}
          refreshing={isFetching && !isLoading}
          refreshingLabel="Loading recipes"
        />
        <RecipesTable
          recipes={isError ? [] : recipes}
          loading={isLoading}
          busy={isFetching}
          onAction={(kind, recipe) => setDialog({ kind, recipe })}
        />
        <PagedTablePagination
          paging={paging}
          count={total}
          page={shownPage}
          rowsPerPageOptions={RECIPE_PAGE_SIZES}
          labelRowsPerPage="Rows per page:"
          labelDisplayedRows={recipeRowsLabel}
        />
      </Paper>

      {dialog?.kind === 'add' ? (
        <AddRecipeDialog onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditRecipeDialog
          recipe={dialog.recipe}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteRecipeDialog
          recipe={dialog.recipe}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Stack>
  );
}
