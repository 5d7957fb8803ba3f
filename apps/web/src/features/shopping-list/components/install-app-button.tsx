import InstallMobileRounded from '@mui/icons-material/InstallMobileRounded';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';

/** Chromium's install prompt event (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * "Install app" (issue 18): offered when the browser says the app can be
 * installed (on phones, so the list opens from the home screen, offline
 * too); gone once installed or dismissed.
 */
export function InstallAppButton() {
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      // Keep the browser's own mini-bar away; the button asks instead.
      event.preventDefault();
      setPrompt(event as InstallPromptEvent);
    };
    const onInstalled = () => setPrompt(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!prompt) return null;
  return (
    <Button
      variant="outlined"
      className="no-print"
      startIcon={<InstallMobileRounded />}
      onClick={() => {
        void prompt.prompt();
        void prompt.userChoice.finally(() => setPrompt(null));
      }}
    >
      Install App
    </Button>
  );
}
