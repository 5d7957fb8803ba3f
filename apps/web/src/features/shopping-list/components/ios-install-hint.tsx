import IosShareRounded from '@mui/icons-material/IosShareRounded';
import Alert from '@mui/material/Alert';
import { useState } from 'react';

/** Set once the hint was dismissed: it does not come back on this device. */
export const IOS_INSTALL_HINT_DISMISSED_KEY =
  'platewise.iosInstallHintDismissed';

/**
 * Safari on an iPhone or iPad. An iPad asks for the desktop site, so it
 * says Macintosh, but a Mac has no touch screen. Other browsers on iOS
 * (Chrome, Firefox, Edge, in-app views) name themselves and install another
 * way, if at all.
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number) {
  const ios =
    /iPhone|iPad|iPod/.test(userAgent) ||
    (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const otherBrowser =
    /CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|YaBrowser|DuckDuckGo|FBAN|FBAV|Instagram/.test(
      userAgent,
    );
  return ios && /Safari\//.test(userAgent) && !otherBrowser;
}

/** Opened from the home screen already (Safari's own flag, or the manifest's). */
function installed(): boolean {
  return (
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia('(display-mode: standalone)').matches
  );
}

function dismissed(): boolean {
  try {
    return localStorage.getItem(IOS_INSTALL_HINT_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

function shouldShow(): boolean {
  return (
    isIosSafari(navigator.userAgent, navigator.maxTouchPoints) &&
    !installed() &&
    !dismissed()
  );
}

/**
 * The install prompt of iPhones and iPads (issue 18): Safari never offers
 * installing (no beforeinstallprompt, so no Install App button), but Share,
 * then Add to Home Screen, installs the app. Shown until installed or
 * dismissed; the dismissal is remembered on the device.
 */
export function IosInstallHint() {
  const [open, setOpen] = useState(shouldShow);
  if (!open) return null;
  const device = /iPhone|iPod/.test(navigator.userAgent) ? 'iPhone' : 'iPad';
  return (
    <Alert
      severity="info"
      className="no-print"
      icon={<IosShareRounded />}
      closeText="Dismiss"
      onClose={() => {
        try {
          localStorage.setItem(IOS_INSTALL_HINT_DISMISSED_KEY, '1');
        } catch {
          // Storage blocked: it is gone for this visit at least.
        }
        setOpen(false);
      }}
    >
      Keep this list on your {device}: tap Share{' '}
      <IosShareRounded
        fontSize="inherit"
        titleAccess="(the square with an arrow)"
        sx={{ verticalAlign: 'text-bottom' }}
      />{' '}
      in Safari, then Add to Home Screen. It then opens from your home screen,
      offline too.
    </Alert>
  );
}
