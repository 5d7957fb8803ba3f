/**
 * App-wide toasts. A tiny external store, so code outside React (listeners,
 * event handlers after navigation) can notify too; <NotificationsHost> shows
 * them with MUI Snackbar + Alert (no un-nonced style injection, decision 004).
 */
import { useSyncExternalStore } from 'react';

export type NotificationSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Notification {
  id: number;
  message: string;
  severity: NotificationSeverity;
  /** Milliseconds before it hides itself; spec point 9 gives 4 s and 3 s. */
  durationMs: number;
}

let queue: readonly Notification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function notify(
  message: string,
  options: { severity?: NotificationSeverity; durationMs?: number } = {},
): number {
  // The same text already waiting (two failed calls, say) is shown once.
  const waiting = queue.find((item) => item.message === message);
  if (waiting) return waiting.id;
  const id = nextId++;
  queue = [
    ...queue,
    {
      id,
      message,
      severity: options.severity ?? 'info',
      durationMs: options.durationMs ?? 4_000,
    },
  ];
  emit();
  return id;
}

export function dismissNotification(id: number): void {
  queue = queue.filter((item) => item.id !== id);
  emit();
}

/** Drops every waiting notification (a test's clean slate). */
export function dismissAllNotifications(): void {
  queue = [];
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => queue;

/** The notifications waiting to be shown, oldest first. */
export function useNotifications(): readonly Notification[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
