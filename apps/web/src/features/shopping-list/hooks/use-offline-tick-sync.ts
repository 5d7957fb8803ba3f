import { USER_TOAST_MS } from '@platewise/shared';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';

import { isApiQueryError } from '../../../lib/api';
import { notify } from '../../../lib/notifications';
import {
  shoppingListApi,
  useMergeShoppingTicksMutation,
  type SyncedShoppingSummary,
} from '../shopping-list-api';
import { shoppingListTexts } from '../shopping-list-messages';
import {
  clearOfflineTicks,
  readOfflineTicks,
  writeOfflineTicks,
  type OfflineTicks,
} from '../utils/offline-ticks';

type CacheState = Parameters<
  ReturnType<typeof shoppingListApi.endpoints.getShoppingList.select>
>[0];

const useCacheDispatch =
  useDispatch.withTypes<ThunkDispatch<CacheState, unknown, UnknownAction>>();

/** Shows queued ticks on a list read from the offline copy. */
function overlay(draft: SyncedShoppingSummary, queued: OfflineTicks) {
  for (const entry of draft.data) {
    for (const item of [
      ...entry.freshIngredients,
      ...entry.nonPerishableIngredients,
    ]) {
      const change = queued.changes[item.key];
      if (change) item.ticked = change.ticked;
    }
  }
}

/**
 * Sends the ticks queued offline (issue 18) as soon as the browser is
 * online with the list loaded, merged per key on the server (the later
 * change wins over ticks another device made meanwhile); the list then
 * shows what the server holds. Until then the queued ticks are shown on the
 * list. A new plan meanwhile (409) drops them: they were another list's.
 */
export function useOfflineTickSync(
  userId: string,
  list: SyncedShoppingSummary | undefined,
  online: boolean,
) {
  const dispatch = useCacheDispatch();
  const [merge] = useMergeShoppingTicksMutation();
  const sending = useRef(false);

  useEffect(() => {
    if (!list || list.version === null) return;
    const queued = readOfflineTicks(userId);
    if (!queued || Object.keys(queued.changes).length === 0) return;
    if (queued.version !== list.version) {
      clearOfflineTicks(userId);
      return;
    }
    const shown = [
      ...(list.data[0]?.freshIngredients ?? []),
      ...(list.data[0]?.nonPerishableIngredients ?? []),
    ].every((item) => {
      const change = queued.changes[item.key];
      return !change || change.ticked === item.ticked;
    });
    if (!shown) {
      dispatch(
        shoppingListApi.util.updateQueryData(
          'getShoppingList',
          userId,
          (draft) => overlay(draft, queued),
        ),
      );
    }
    if (!online || sending.current) return;
    sending.current = true;
    const changes = Object.entries(queued.changes).map(([key, change]) => ({
      key,
      ...change,
    }));
    merge({ user_id: userId, version: queued.version, changes })
      .unwrap()
      .then((answer) => {
        // Only what was sent leaves the queue; a tick made meanwhile stays.
        const now = readOfflineTicks(userId);
        const left = Object.entries(now?.changes ?? {}).filter(
          ([key, change]) => queued.changes[key]?.at !== change.at,
        );
        clearOfflineTicks(userId);
        if (now && left.length > 0) {
          writeOfflineTicks(userId, {
            version: now.version,
            changes: Object.fromEntries(left),
          });
        }
        const ticked = new Set(answer.ticked);
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
                  item.ticked = ticked.has(item.key);
                }
              }
              draft.syncedAt = new Date().toUTCString();
            },
          ),
        );
        notify(shoppingListTexts.offlineSynced, {
          severity: 'success',
          durationMs: USER_TOAST_MS,
        });
      })
      .catch((error: unknown) => {
        if (isApiQueryError(error) && error.status === 409) {
          clearOfflineTicks(userId);
          notify(shoppingListTexts.stale, {
            severity: 'warning',
            durationMs: USER_TOAST_MS,
          });
        }
        // Otherwise (still no network) they stay queued for the next try.
      })
      .finally(() => {
        sending.current = false;
      });
  }, [dispatch, list, merge, online, userId]);
}
