import { USER_TOAST_MS } from '@platewise/shared';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useRef } from 'react';
import { useDispatch, useStore } from 'react-redux';

import { failureText, isApiQueryError } from '../../../lib/api';
import { notify } from '../../../lib/notifications';
import {
  shoppingListApi,
  useSetShoppingTicksMutation,
} from '../shopping-list-api';
import { shoppingListTexts } from '../shopping-list-messages';
import { queueOfflineTick } from '../utils/offline-ticks';
import { listsOf } from '../utils/shopping-list-view';

interface QueuedChange {
  key: string;
  ticked: boolean;
  version: number;
}

type CacheState = Parameters<
  ReturnType<typeof shoppingListApi.endpoints.getShoppingList.select>
>[0];

const useCacheDispatch =
  useDispatch.withTypes<ThunkDispatch<CacheState, unknown, UnknownAction>>();

/**
 * Ticking a row: the box changes at once (the cached list is patched) and
 * the whole set of ticked keys is sent to the server, which keeps it with
 * the plan. One request at a time, and after it the latest set if boxes
 * changed meanwhile, so the server always ends with what the screen shows
 * however fast someone taps. A failure reloads the list as stored.
 */
export function useShoppingTicks(userId: string) {
  const dispatch = useCacheDispatch();
  const store = useStore();
  const [putTicks] = useSetShoppingTicksMutation();
  const sending = useRef(false);
  const changedSince = useRef(false);

  const send = useCallback(
    async (change?: QueuedChange) => {
      if (sending.current) {
        changedSince.current = true;
        return;
      }
      sending.current = true;
      try {
        do {
          changedSince.current = false;
          const summary = shoppingListApi.endpoints.getShoppingList.select(
            userId,
          )(store.getState() as CacheState).data;
          if (!summary || summary.version === null) return;
          const { fresh, pantry } = listsOf(summary);
          await putTicks({
            user_id: userId,
            version: summary.version,
            ticked: [...fresh, ...pantry]
              .filter((item) => item.ticked)
              .map((item) => item.key),
          }).unwrap();
        } while (changedSince.current);
      } catch (error) {
        if (
          change &&
          isApiQueryError(error) &&
          error.status === 'FETCH_ERROR'
        ) {
          // The network went away mid-request: queue it like an offline tick.
          queueOfflineTick(userId, change.version, change.key, change.ticked);
          return;
        }
        if (isApiQueryError(error) && error.status === 409) {
          // The mutation invalidated the list: the new plan's list loads.
          notify(shoppingListTexts.stale, {
            severity: 'warning',
            durationMs: USER_TOAST_MS,
          });
        } else {
          notify(failureText(error, shoppingListTexts.tickFailed), {
            severity: 'error',
            durationMs: USER_TOAST_MS,
          });
          dispatch(shoppingListApi.util.invalidateTags(['ShoppingList']));
        }
      } finally {
        sending.current = false;
      }
    },
    [dispatch, putTicks, store, userId],
  );

  return useCallback(
    (key: string, ticked: boolean) => {
      const version = shoppingListApi.endpoints.getShoppingList.select(userId)(
        store.getState() as CacheState,
      ).data?.version;
      dispatch(
        shoppingListApi.util.updateQueryData(
          'getShoppingList',
          userId,
          (draft) => {
            for (const entry of draft.data) {
              for (const item of [
                ...entry.freshIngredients,
                ...entry.nonPerishableIngredients,
              ]) {
                if (item.key === key) item.ticked = ticked;
              }
            }
          },
        ),
      );
      // Offline (issue 18): kept on this device, sent when the network
      // returns (useOfflineTickSync).
      if (!navigator.onLine && typeof version === 'number') {
        queueOfflineTick(userId, version, key, ticked);
        return;
      }
      void send(
        typeof version === 'number' ? { key, ticked, version } : undefined,
      );
    },
    [dispatch, send, store, userId],
  );
}
