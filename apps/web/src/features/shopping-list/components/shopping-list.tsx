import EggRounded from '@mui/icons-material/EggRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import KitchenRounded from '@mui/icons-material/KitchenRounded';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { USER_TOAST_MS, type ShoppingItem } from '@platewise/shared';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { isApiQueryError, isUnreachable } from '../../../lib/api';
import { notify } from '../../../lib/notifications';
import { paths } from '../../../lib/paths';
import { useOfflineTickSync } from '../hooks/use-offline-tick-sync';
import { useOnlineStatus } from '../hooks/use-online-status';
import { useShoppingTicks } from '../hooks/use-shopping-ticks';
import {
  useGetShoppingListQuery,
  useMarkListBoughtMutation,
} from '../shopping-list-api';
import { shoppingListTexts } from '../shopping-list-messages';
import { listsOf } from '../utils/shopping-list-view';
import { HaveThisDialog } from './have-this-dialog';
import { InstallAppButton } from './install-app-button';
import { IosInstallHint } from './ios-install-hint';
import { OrderMenu } from './order-menu';
import { ShoppingListPrintStyles } from './print-styles';
import { ShoppingPanel } from './shopping-panel';

function PanelSkeleton({ title }: { title: string }) {
  return (
    <Card sx={{ p: { xs: 2, sm: 3 } }} aria-busy="true">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box sx={{ columns: { xs: 1, sm: 2 }, columnGap: 4 }}>
        {[0, 1, 2, 3, 4, 5].map((index) => (
          <Box key={index} sx={{ display: 'flex', gap: 1.5, py: 1 }}>
            <Skeleton variant="rounded" width={20} height={20} />
            <Box sx={{ flex: 1 }}>
              <Skeleton variant="text" width="70%" />
              <Skeleton variant="text" width="45%" />
            </Box>
          </Box>
        ))}
      </Box>
    </Card>
  );
}

/**
 * An answer dated this much before the browser's clock came from the
 * service worker's cache, not the server (clocks a few minutes apart still
 * count as fresh).
 */
const KEPT_ANSWER_MS = 10 * 60_000;

const syncedFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** "on Tue 14:05", from the server's Date header. */
function formatSynced(value: string): string | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? null
    : `on ${syncedFormat.format(date)}`;
}

/**
 * The Smart Shopping List (spec "Shopping List"): Fresh Ingredients and
 * Non-Perishables of the stored plan, ticks kept on the server, and the
 * 'Order on Instacart' menu.
 */
export function ShoppingList({ userId }: { userId: string }) {
  const { data, isLoading, isError, error, isSuccess, refetch } =
    useGetShoppingListQuery(userId, {
      // The phone in the shop and the laptop at home show the same ticks.
      refetchOnFocus: true,
      refetchOnReconnect: true,
    });
  const toggle = useShoppingTicks(userId);
  const online = useOnlineStatus();
  useOfflineTickSync(userId, data, online);
  const announced = useRef(false);
  const [haveFor, setHaveFor] = useState<ShoppingItem | null>(null);

  const { fresh, pantry, have } = listsOf(data);
  const [markBought, bought] = useMarkListBoughtMutation();
  const anyTicked = [...fresh, ...pantry].some((item) => item.ticked);
  const total = fresh.length + pantry.length;

  useEffect(() => {
    // A list with nothing in it was not "loaded successfully" as far as a
    // user can tell (issue 21): the empty state below says what to do.
    // Offline the list is the one the service worker kept, not loaded now
    // (issue 20): the offline notice says how old it is instead. So is an
    // answer whose Date header is old (the network failed while the
    // browser thought it was online).
    const syncedAt = Date.parse(data?.syncedAt ?? '');
    const kept =
      Number.isFinite(syncedAt) && Date.now() - syncedAt > KEPT_ANSWER_MS;
    if (isSuccess && online && !kept && total > 0 && !announced.current) {
      announced.current = true;
      notify(shoppingListTexts.loaded, {
        severity: 'success',
        durationMs: USER_TOAST_MS,
      });
    }
  }, [isSuccess, online, total, data?.syncedAt]);

  // Network-only actions say so offline instead of failing unseen: the
  // ticks are kept on the device, the kitchen is on the server (issue 18).
  const needsNetwork = () =>
    notify(shoppingListTexts.needsNetwork, {
      severity: 'warning',
      durationMs: USER_TOAST_MS,
    });
  const onBought = async () => {
    if (!online) {
      needsNetwork();
      return;
    }
    const result = await markBought(userId);
    if ('error' in result) {
      if (isUnreachable(result.error)) needsNetwork();
      else {
        notify(shoppingListTexts.boughtFailed, {
          severity: 'error',
          durationMs: USER_TOAST_MS,
        });
      }
    }
  };
  const onHave = (item: ShoppingItem) => {
    if (online) setHaveFor(item);
    else needsNetwork();
  };

  const ticked = [...fresh, ...pantry].filter((item) => item.ticked).length;
  const errorText =
    isApiQueryError(error) && error.status === 401
      ? shoppingListTexts.unauthorized
      : shoppingListTexts.loadFailed;

  return (
    <Stack spacing={3} className="shopping-page" sx={{ maxWidth: 1280 }}>
      <ShoppingListPrintStyles />
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'flex-end',
        }}
      >
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography variant="h4" component="h1" gutterBottom>
            Smart Shopping List
          </Typography>
          <Typography color="text.secondary" className="no-print">
            {total > 0
              ? `${String(total)} items for your week, ${String(ticked)} ticked. Amounts are added up across recipes and counted in the packages shops sell.`
              : 'Everything your week’s plan needs, in one list.'}
          </Typography>
        </Box>
        <InstallAppButton />
        <OrderMenu summary={data} disabled={total === 0} />
      </Box>
      <IosInstallHint />
      {online ? null : (
        <Alert severity="warning" className="no-print" role="status">
          {shoppingListTexts.offline(
            data?.syncedAt ? formatSynced(data.syncedAt) : null,
          )}
        </Alert>
      )}
      {isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {errorText}
        </Alert>
      ) : null}
      {isLoading ? (
        <>
          <PanelSkeleton title="Fresh Ingredients" />
          <PanelSkeleton title="Non-Perishables" />
        </>
      ) : isError ? null : (
        <>
          {total === 0 ? (
            <Alert
              severity="info"
              className="no-print"
              action={
                <Button
                  component={RouterLink}
                  to={paths.user.settings.getHref()}
                  color="inherit"
                  size="small"
                >
                  Go to Settings
                </Button>
              }
            >
              {shoppingListTexts.emptyHint}
            </Alert>
          ) : null}
          <ShoppingPanel
            title="Fresh Ingredients"
            icon={<EggRounded />}
            items={fresh}
            emptyText={shoppingListTexts.freshEmpty}
            onToggle={toggle}
            onHave={onHave}
          />
          <ShoppingPanel
            title="Non-Perishables"
            icon={<KitchenRounded />}
            items={pantry}
            emptyText={shoppingListTexts.pantryEmpty}
            onToggle={toggle}
            onHave={onHave}
          />
          {anyTicked ? (
            <Box className="no-print">
              <Button
                variant="contained"
                disabled={bought.isLoading}
                aria-busy={bought.isLoading}
                onClick={() => void onBought()}
              >
                Bought: put the ticked items in my kitchen
              </Button>
            </Box>
          ) : null}
          {have.length > 0 ? (
            <Accordion disableGutters variant="outlined">
              <AccordionSummary expandIcon={<ExpandMoreRounded />}>
                <Typography sx={{ fontWeight: 600 }}>
                  You have these ({have.length})
                </Typography>
              </AccordionSummary>
              <AccordionDetails>
                <Typography variant="body2" color="text.secondary">
                  {have.map((item) => item.name).join(', ')}
                </Typography>
              </AccordionDetails>
            </Accordion>
          ) : null}
        </>
      )}
      {haveFor === null ? null : (
        <HaveThisDialog
          key={haveFor.key}
          userId={userId}
          item={haveFor}
          onClose={() => setHaveFor(null)}
        />
      )}
    </Stack>
  );
}
