import { useEffect, useState, type ComponentType } from 'react';

import { useNotifications } from '../lib/notifications';

let Host: ComponentType | null = null;
let loading: Promise<void> | undefined;

/** Loads the toast code (MUI Snackbar and Alert); tests call it up front. */
export function preloadNotificationsHost(): Promise<void> {
  loading ??= import('./notifications-host').then((module) => {
    Host = module.NotificationsHost;
  });
  return loading;
}

/**
 * NotificationsHost, loaded with the first toast rather than with the page:
 * the landing page shows none before anyone acts (issue 11, landing weight).
 */
export function DeferredNotificationsHost() {
  const [current] = useNotifications();
  const [, setLoaded] = useState(Host !== null);
  useEffect(() => {
    if (current && !Host) {
      void preloadNotificationsHost().then(() => setLoaded(true));
    }
  }, [current]);
  return Host ? <Host /> : null;
}
