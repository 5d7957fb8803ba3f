import { lazy } from 'react';

import { LandingPage } from '../../features/landing/components/landing-page';

// The login form and the store it needs load when someone reaches for Login
// (issue 11: at most 150 KB of JavaScript before interaction).
const loadLandingLogin = () => import('../landing-login');
const LandingLogin = lazy(() =>
  loadLandingLogin().then((module) => ({ default: module.LandingLogin })),
);

export function Component() {
  return (
    <LandingPage
      loginForm={<LandingLogin />}
      onLoginIntent={() => void loadLandingLogin()}
    />
  );
}
