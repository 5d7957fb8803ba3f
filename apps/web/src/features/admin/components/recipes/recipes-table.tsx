import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Recipe } from '@platewise/shared';

import { PagedTableBody } from '../paged-table-body';
import { visuallyHidden } from './visually-hidden';

export type RecipeColumn = 'id' | 'name' | 'tags' | 'createdBy' | 'actions';

const HEADERS: Record<RecipeColumn, string> = {
  id: 'ID',
  name: 'Name',
  tags: 'Tags',
  createdBy: 'Created by',
  actions: 'Actions',
};

/** Spec point 9: tags shown at most 3, then an ellipsis. */
export const TAGS_SHOWN = 3;

/**
 * Spec point 2, "fewer columns on small screens": phones name and actions;
 * medium screens add tags and creator; large screens the id too.
 */
export function useRecipeColumns(): RecipeColumn[] {
  const theme = useTheme();
  const medium = useMediaQuery(theme.breakpoints.up('md'));
  const large = useMediaQuery(theme.breakpoints.up('lg'));
  if (large) return ['id', 'name', 'tags', 'createdBy', 'actions'];
  if (medium) return ['name', 'tags', 'createdBy', 'actions'];
  return ['name', 'actions'];
}

export type RecipeAction = 'edit' | 'delete';

function Tags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) {
    return (
      <Typography variant="body2" color="text.disabled">
        —
      </Typography>
    );
  }
  const hidden = tags.slice(TAGS_SHOWN);
  return (
    <Stack
      direction="row"
      spacing={0.75}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
    >
      {tags.slice(0, TAGS_SHOWN).map((tag) => (
        <Chip key={tag} label={tag} size="small" variant="outlined" />
      ))}
      {hidden.length > 0 ? (
        <Tooltip title={hidden.join(', ')}>
          <Box
            component="span"
            sx={{ px: 0.5, color: 'text.secondary', cursor: 'default' }}
          >
            <span aria-hidden="true">…</span>
            <Box component="span" sx={visuallyHidden}>
              {`and ${String(hidden.length)} more: ${hidden.join(', ')}`}
            </Box>
          </Box>
        </Tooltip>
      ) : null}
    </Stack>
  );
}

function Cell({ column, recipe }: { column: RecipeColumn; recipe: Recipe }) {
  switch (column) {
    case 'id':
      return (
        <Box
          component="span"
          title={recipe.id}
          sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}
        >
          {recipe.id.slice(0, 8)}
        </Box>
      );
    case 'name':
      return (
        <Box component="span" sx={{ fontWeight: 500 }}>
          {recipe.name}
        </Box>
      );
    case 'tags':
      return <Tags tags={recipe.tags} />;
    case 'createdBy':
      // Seed recipes have no creator: they ship with the catalogue.
      return recipe.created_by ? (
        <>{recipe.created_by.name || '—'}</>
      ) : (
        <Typography component="span" variant="body2" color="text.secondary">
          Catalogue
        </Typography>
      );
    case 'actions':
      return null;
  }
}

function RowActions({
  recipe,
  onAction,
}: {
  recipe: Recipe;
  onAction: (action: RecipeAction, recipe: Recipe) => void;
}) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title="Edit">
        <IconButton
          aria-label={`Edit ${recipe.name}`}
          onClick={() => onAction('edit', recipe)}
        >
          <EditRounded fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton
          aria-label={`Delete ${recipe.name}`}
          onClick={() => onAction('delete', recipe)}
          sx={{ color: 'error.main' }}
        >
          <DeleteOutlineRounded fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** The recipes of one page, with the columns the screen has room for. */
export function RecipesTable({
  recipes,
  loading,
  busy,
  onAction,
}: {
  recipes: readonly Recipe[];
  /** No page has arrived yet. */
  loading: boolean;
  /** A newer page is on its way. */
  busy: boolean;
  onAction: (action: RecipeAction, recipe: Recipe) => void;
}) {
  const columns = useRecipeColumns();
  return (
    <TableContainer>
      <Table aria-label="Recipes" aria-busy={busy || loading}>
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
          empty={recipes.length === 0}
          loadingText="Loading recipes…"
          emptyText="No recipes found"
        >
          {recipes.map((recipe) => (
            <TableRow key={recipe.id} hover>
              {columns.map((column) => (
                <TableCell
                  key={column}
                  align={column === 'actions' ? 'right' : 'left'}
                  sx={
                    column === 'actions'
                      ? { width: 112, py: 0.5, whiteSpace: 'nowrap' }
                      : column === 'tags'
                        ? { py: 1.25, minWidth: 200 }
                        : { py: 1.25 }
                  }
                >
                  {column === 'actions' ? (
                    <RowActions recipe={recipe} onAction={onAction} />
                  ) : (
                    <Cell column={column} recipe={recipe} />
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
