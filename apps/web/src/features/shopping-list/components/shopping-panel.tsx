import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import type { ShoppingItem } from '@platewise/shared';
import { useId, type ReactNode } from 'react';

import { capitalise } from '../../../utils/kitchen-text';
import {
  formatAmount,
  groupByAisle,
  itemNotes,
} from '../utils/shopping-list-view';

/** Whether "I have this" is offered: something is left to buy. */
export function canSayHave(item: ShoppingItem): boolean {
  if (item.packageCount <= 0) return false;
  return item.quantity === null || (item.haveQuantity ?? 0) < item.quantity;
}

function ItemRow({
  item,
  onToggle,
  onHave,
}: {
  item: ShoppingItem;
  onToggle: (key: string, ticked: boolean) => void;
  onHave: ((item: ShoppingItem) => void) | undefined;
}) {
  const id = useId();
  const notes = itemNotes(item);
  return (
    <Box
      component="li"
      sx={{ breakInside: 'avoid', listStyle: 'none' }}
      className="shopping-row"
    >
      <Box
        component="label"
        htmlFor={`${id}-box`}
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          gap: 0.5,
          py: 0.5,
          pr: 1,
          borderRadius: 2,
          cursor: 'pointer',
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Checkbox
          id={`${id}-box`}
          checked={item.ticked}
          onChange={(event) => onToggle(item.key, event.target.checked)}
          size="small"
          slotProps={{
            input: {
              'aria-labelledby': `${id}-name`,
              'aria-describedby':
                notes.length > 0 ? `${id}-amount ${id}-notes` : `${id}-amount`,
            },
          }}
          sx={{ mt: -0.25 }}
        />
        <Box sx={{ flex: 1, minWidth: 0, pt: 0.75 }}>
          <Box
            sx={{
              display: 'flex',
              gap: 1,
              justifyContent: 'space-between',
              alignItems: 'baseline',
            }}
          >
            <Typography
              id={`${id}-name`}
              variant="body2"
              className="shopping-name"
              sx={{
                fontWeight: 600,
                textDecoration: item.ticked ? 'line-through' : 'none',
                color: item.ticked ? 'text.secondary' : 'text.primary',
                overflowWrap: 'anywhere',
              }}
            >
              {capitalise(item.name)}
            </Typography>
            <Typography
              id={`${id}-amount`}
              variant="body2"
              sx={{
                fontVariantNumeric: 'tabular-nums',
                whiteSpace: 'nowrap',
                color: item.ticked ? 'text.secondary' : 'text.primary',
              }}
            >
              {formatAmount(item.quantity, item.unit)}
            </Typography>
          </Box>
          {notes.length > 0 ? (
            <Typography
              id={`${id}-notes`}
              variant="caption"
              color="text.secondary"
              component="p"
              sx={{ m: 0 }}
            >
              {notes.join(' · ')}
            </Typography>
          ) : null}
        </Box>
      </Box>
      {onHave !== undefined && canSayHave(item) ? (
        <Button
          size="small"
          className="no-print"
          onClick={() => onHave(item)}
          aria-describedby={`${id}-name`}
          sx={{ ml: 4.5, mt: -0.5, mb: 0.5, py: 0.25, minHeight: 32 }}
        >
          I have this
        </Button>
      ) : null}
    </Box>
  );
}

/**
 * A panel of the list (spec "Shopping List"): checkbox rows grouped by
 * aisle, in two columns from tablets up, one on phones.
 */
export function ShoppingPanel({
  title,
  icon,
  items,
  emptyText,
  onToggle,
  onHave,
}: {
  title: string;
  icon: ReactNode;
  items: readonly ShoppingItem[];
  emptyText: string;
  onToggle: (key: string, ticked: boolean) => void;
  /** "I have this" on an item with something left to buy (issue 20). */
  onHave?: (item: ShoppingItem) => void;
}) {
  const titleId = useId();
  const ticked = items.filter((item) => item.ticked).length;
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      className="shopping-panel"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          mb: 2,
          '& > svg': { color: 'primary.main' },
        }}
      >
        {icon}
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {items.length > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {ticked} of {items.length} ticked
          </Typography>
        ) : null}
      </Box>
      {items.length === 0 ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <Box
          className="shopping-columns"
          sx={{ columns: { xs: 1, sm: 2 }, columnGap: 4 }}
        >
          {groupByAisle(items).map((aisle) => (
            <Box
              key={aisle.category}
              component="section"
              aria-label={aisle.label}
              sx={{ mb: 2 }}
            >
              <Typography
                variant="overline"
                component="h3"
                color="text.secondary"
                className="shopping-aisle"
                sx={{ display: 'block', breakAfter: 'avoid', lineHeight: 2 }}
              >
                {aisle.label}
              </Typography>
              <Box component="ul" sx={{ m: 0, p: 0 }}>
                {aisle.items.map((item) => (
                  <ItemRow
                    key={item.key}
                    item={item}
                    onToggle={onToggle}
                    onHave={onHave}
                  />
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Card>
  );
}
