import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import IosShareRounded from '@mui/icons-material/IosShareRounded';
import PrintRounded from '@mui/icons-material/PrintRounded';
import ShoppingCartRounded from '@mui/icons-material/ShoppingCartRounded';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { USER_TOAST_MS, type ShoppingSummary } from '@platewise/shared';
import { useId, useState } from 'react';

import { notify } from '../../../lib/notifications';
import { shoppingListTexts } from '../shopping-list-messages';
import { shoppingListCsv, shoppingListText } from '../utils/shopping-list-view';

export const CSV_FILE_NAME = 'shopping-list.csv';

function canShare(): boolean {
  return typeof navigator.share === 'function';
}

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(
    new Blob([text], { type: 'text/csv;charset=utf-8' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * 'Order on Instacart' (spec "Shopping List") keeps its label and does what
 * works without an Instacart account: the list copied as text to paste into
 * any shop's app or a message, printed, saved as CSV, or shared through the
 * system's share sheet where the browser has one. All of it works offline
 * (the CSV writer is in the service worker's precache).
 */
export function OrderMenu({
  summary,
  disabled,
}: {
  summary: ShoppingSummary | undefined;
  disabled: boolean;
}) {
  const menuId = useId();
  const buttonId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  const copy = async () => {
    close();
    try {
      await navigator.clipboard.writeText(shoppingListText(summary));
      notify(shoppingListTexts.copied, {
        severity: 'success',
        durationMs: USER_TOAST_MS,
      });
    } catch {
      notify(shoppingListTexts.copyFailed, {
        severity: 'error',
        durationMs: USER_TOAST_MS,
      });
    }
  };

  const print = () => {
    close();
    // Let the menu close first, or it is printed over the list.
    setTimeout(() => window.print(), 0);
  };

  const saveCsv = async () => {
    close();
    let csv: string;
    try {
      csv = await shoppingListCsv(summary);
    } catch {
      // Its code is loaded on first use: offline before the service worker
      // kept it, there is none.
      notify(shoppingListTexts.downloadFailed, {
        severity: 'error',
        durationMs: USER_TOAST_MS,
      });
      return;
    }
    download(csv, CSV_FILE_NAME);
    notify(shoppingListTexts.downloaded, {
      severity: 'success',
      durationMs: USER_TOAST_MS,
    });
  };

  const share = async () => {
    close();
    try {
      await navigator.share({
        title: 'Shopping list',
        text: shoppingListText(summary),
      });
    } catch {
      // Cancelled in the share sheet, or refused: nothing to say.
    }
  };

  return (
    <>
      <Button
        id={buttonId}
        variant="contained"
        color="secondary"
        startIcon={<ShoppingCartRounded />}
        endIcon={<ExpandMoreRounded />}
        disabled={disabled}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        className="no-print"
      >
        Order on Instacart
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <MenuItem onClick={() => void copy()}>
          <ListItemIcon>
            <ContentCopyRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText
            primary="Copy list as text"
            secondary="Paste it into your shop’s app or a message"
          />
        </MenuItem>
        <MenuItem onClick={print}>
          <ListItemIcon>
            <PrintRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Print list" secondary="Fits on one page" />
        </MenuItem>
        <MenuItem onClick={() => void saveCsv()}>
          <ListItemIcon>
            <DownloadRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText
            primary="Download CSV"
            secondary="For a spreadsheet or an online order"
          />
        </MenuItem>
        {canShare() ? (
          <MenuItem onClick={() => void share()}>
            <ListItemIcon>
              <IosShareRounded fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary="Share list"
              secondary="Send it to another app"
            />
          </MenuItem>
        ) : null}
      </Menu>
    </>
  );
}
