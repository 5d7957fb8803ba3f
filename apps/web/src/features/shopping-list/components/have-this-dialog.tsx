import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { USER_TOAST_MS, type ShoppingItem } from '@platewise/shared';
import { useId, useState, type FormEvent } from 'react';

import { isApiQueryError, isUnreachable } from '../../../lib/api';
import { notify } from '../../../lib/notifications';
import { capitalise } from '../../../utils/kitchen-text';
import { useAddKitchenItemsMutation } from '../../kitchen/kitchen-api';
import { shoppingListTexts } from '../shopping-list-messages';
import { formatAmount } from '../utils/shopping-list-view';

/** What the list still asks for: the recipes' need less what is at home. */
export function stillNeeded(item: ShoppingItem): number | null {
  if (item.quantity === null) return null;
  const left = item.quantity - (item.haveQuantity ?? 0);
  return left > 0 ? Math.round(left * 100) / 100 : null;
}

/** The kitchen item an "I have this" adds: the ingredient and amount, or a line. */
export function haveItemBody(
  item: ShoppingItem,
  quantity: number | null,
): { ingredientId: string; quantity: number; unit: string } | { line: string } {
  if (item.ingredientId !== null && quantity !== null) {
    return { ingredientId: item.ingredientId, quantity, unit: item.unit };
  }
  // No amount ("to taste"): one package as sold; an item the catalogue
  // lacks goes in as the line it reads.
  return {
    line:
      quantity === null
        ? item.name
        : `${String(quantity)} ${item.unit} ${item.name}`.replace(/\s+/g, ' '),
  };
}

/**
 * "I have this" (issue 20): how much of a list item is at home. It goes
 * into the kitchen, which takes it off what is left to buy; the rest stays
 * on the list.
 */
export function HaveThisDialog({
  userId,
  item,
  onClose,
}: {
  userId: string;
  item: ShoppingItem;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const needed = stillNeeded(item);
  const [amount, setAmount] = useState(needed === null ? '' : String(needed));
  const [problem, setProblem] = useState<string | null>(null);
  const [haveItem, saving] = useAddKitchenItemsMutation();
  const name = capitalise(item.name);
  // "g", "cups"; a bare count is counted by the item's own noun.
  const unit = item.unit === '' ? item.name : item.unit;
  const withAmount = item.quantity !== null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const quantity = withAmount ? Number(amount.replace(',', '.')) : null;
    if (quantity !== null && !(quantity > 0 && Number.isFinite(quantity))) {
      setProblem(shoppingListTexts.haveAmount);
      return;
    }
    setProblem(null);
    const result = await haveItem({
      user_id: userId,
      items: [haveItemBody(item, quantity)],
    });
    if ('error' in result) {
      setProblem(
        isUnreachable(result.error)
          ? shoppingListTexts.needsNetwork
          : isApiQueryError(result.error)
            ? result.error.error
            : shoppingListTexts.haveFailed,
      );
      return;
    }
    notify(
      shoppingListTexts.haveSaved(
        quantity === null
          ? name
          : `${formatAmount(quantity, item.unit)}${item.unit === '' ? '' : ` ${item.name}`}`,
      ),
      { severity: 'success', durationMs: USER_TOAST_MS },
    );
    onClose();
  }

  return (
    <Dialog
      open
      onClose={saving.isLoading ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
      slotProps={{
        paper: {
          component: 'form',
          onSubmit: (event: FormEvent) => void onSubmit(event),
        },
      }}
    >
      <DialogTitle id={titleId}>I have {item.name}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          {withAmount
            ? shoppingListTexts.haveExplain(
                item.unit === ''
                  ? `${formatAmount(item.quantity, '')} ${item.name}`
                  : formatAmount(item.quantity, item.unit),
              )
            : shoppingListTexts.haveExplainPackage}
        </DialogContentText>
        {withAmount ? (
          <TextField
            label="Amount at home"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={problem !== null}
            helperText={problem ?? ' '}
            fullWidth
            slotProps={{
              htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
              input: {
                endAdornment: (
                  <InputAdornment position="end">{unit}</InputAdornment>
                ),
              },
            }}
          />
        ) : problem !== null ? (
          <DialogContentText color="error">{problem}</DialogContentText>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving.isLoading}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={saving.isLoading}
          aria-busy={saving.isLoading}
        >
          Take off the list
        </Button>
      </DialogActions>
    </Dialog>
  );
}
