import {
  USER_TOAST_MS,
  type Day,
  type MealPlan,
  type MealSlot,
} from '@platewise/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

import { useSingleFlight } from '../../../hooks/use-single-flight';
import { failureText, isApiQueryError } from '../../../lib/api';
import { dismissNotification, notify } from '../../../lib/notifications';
import {
  useDeleteMealPlanMutation,
  useLockMealMutation,
  useRegenerateMealMutation,
  useRegeneratePlanMutation,
} from '../meal-plans-api';
import { mealPlanTexts } from '../meal-plans-messages';

const toast = { durationMs: USER_TOAST_MS } as const;

/** The slot being changed, as `Monday/dinner`, or 'plan' for the whole week. */
export type PendingChange = `${Day}/${MealSlot}` | 'plan' | null;

export const slotKey = (day: Day, slot: MealSlot) => `${day}/${slot}` as const;

/**
 * What the dashboard can do to a plan. Changes run one after another, each
 * with the version the previous one answered: two quick clicks (a lock, then
 * a regenerate) would otherwise send the same version twice and the second
 * would be refused as stale. A 409 that still happens (another tab) reloads
 * the plan (the mutations invalidate it) and says so.
 */
export function useMealPlanActions(userId: string, plan: MealPlan | null) {
  const [regeneratePlanCall] = useRegeneratePlanMutation();
  const [regenerateMealCall] = useRegenerateMealMutation();
  const [lockMealCall] = useLockMealMutation();
  const [deleteMealPlanCall] = useDeleteMealPlanMutation();
  const [pending, setPending] = useState<PendingChange>(null);

  // The version to send next: the last answer's, or the cached plan's when
  // the cache shows another plan (a reload after a 409, a new plan from
  // Settings). Synced only when the cached version changes, so a render of
  // the cache from before an answer cannot bring an older version back.
  const version = useRef<number | null>(null);
  const cached = plan?.version ?? null;
  useEffect(() => {
    version.current = cached;
  }, [cached]);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // One request at a time per action (issue 21): a double click on
  // Regenerate sent two, and the second silently replaced the first new
  // plan. A repeat while the same action is queued or running joins it.
  const inFlight = useRef(new Map<string, Promise<void>>());

  const enqueue = useCallback(
    (
      action: string,
      change: PendingChange,
      run: (version: number) => Promise<MealPlan>,
    ) => {
      const key = `${action}:${change ?? ''}`;
      const running = inFlight.current.get(key);
      if (running) return running;
      const next = queue.current.then(async () => {
        const current = version.current;
        if (current === null) return;
        setPending(change);
        try {
          const answer = await run(current);
          version.current = answer.version;
        } catch (error) {
          if (isApiQueryError(error) && error.status === 409) {
            notify(mealPlanTexts.stale, { ...toast, severity: 'warning' });
          } else {
            throw error;
          }
        } finally {
          setPending(null);
        }
      });
      queue.current = next.catch(() => undefined);
      inFlight.current.set(key, next);
      const forget = () => {
        inFlight.current.delete(key);
      };
      next.then(forget, forget);
      return next;
    },
    [],
  );

  const regenerateMeal = useCallback(
    (day: Day, slot: MealSlot) => {
      // Kept for its whole time after a success, though the planner answers
      // in milliseconds: a toast that flashes is read by no one, and the
      // card's own progress bar says when the change is done. A failure
      // replaces it at once, since toasts queue.
      const key = slotKey(day, slot);
      // A repeat click joins the running change: no second toast either.
      if (inFlight.current.has(`regenerate:${key}`)) return;
      const id = notify(mealPlanTexts.regeneratingMeal, toast);
      return enqueue('regenerate', key, (current) =>
        regenerateMealCall({
          user_id: userId,
          version: current,
          day,
          slot,
        })
          .unwrap()
          .catch((error: unknown) => {
            dismissNotification(id);
            throw error;
          }),
      ).catch((error: unknown) => {
        notify(failureText(error, mealPlanTexts.regenerateFailed), {
          ...toast,
          severity: 'error',
        });
      });
    },
    [enqueue, regenerateMealCall, userId],
  );

  const toggleLock = useCallback(
    (day: Day, slot: MealSlot, locked: boolean) =>
      enqueue('lock', slotKey(day, slot), (current) =>
        lockMealCall({
          user_id: userId,
          version: current,
          day,
          slot,
          locked,
        }).unwrap(),
      ).catch((error: unknown) => {
        notify(failureText(error, mealPlanTexts.lockFailed), {
          ...toast,
          severity: 'error',
        });
      }),
    [enqueue, lockMealCall, userId],
  );

  const regeneratePlan = useCallback(() => {
    if (inFlight.current.has('regenerate:plan')) return;
    return enqueue('regenerate', 'plan', async (current) => {
      const answer = await regeneratePlanCall({
        user_id: userId,
        version: current,
      }).unwrap();
      notify(mealPlanTexts.planRegenerated, { ...toast, severity: 'success' });
      return answer;
    }).catch((error: unknown) => {
      notify(failureText(error, mealPlanTexts.regenerateFailed), {
        ...toast,
        severity: 'error',
      });
    });
  }, [enqueue, regeneratePlanCall, userId]);

  /**
   * Resolves true when the plan is gone. Once at a time: it waits for the
   * queued changes first, and a second Delete meanwhile sent a second
   * request (issue 21); `deleting` covers the wait too.
   */
  const [deletePlan, deleting] = useSingleFlight(async (): Promise<boolean> => {
    await queue.current;
    try {
      const answer = await deleteMealPlanCall(userId).unwrap();
      if (!answer.success) {
        notify(mealPlanTexts.deleteFailed, { ...toast, severity: 'error' });
        return false;
      }
      version.current = null;
      notify(mealPlanTexts.deleted, { ...toast, severity: 'success' });
      return true;
    } catch {
      notify(mealPlanTexts.deleteError, { ...toast, severity: 'error' });
      return false;
    }
  });

  return {
    pending,
    deleting,
    regenerateMeal,
    toggleLock,
    regeneratePlan,
    deletePlan,
  };
}
