import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { SiteFooter } from '../../../components/site-footer';
import { MAIN_CONTENT_ID } from '../../../components/skip-link';
import { useSignedIn } from '../../../hooks/use-signed-in';
import { getAccessToken } from '../../../lib/auth-storage';
import { paths } from '../../../lib/paths';
import { scrollToElement } from '../../../utils/scroll-to-element';
import { Benefits } from './benefits';
import { CallToAction } from './call-to-action';
import { Faq } from './faq';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { LandingTopBar } from './landing-top-bar';
import { PlanPreview } from './plan-preview';

// The dialog (and the form in it) load when someone reaches for Login, not
// with the page (issue 11, landing weight).
const loadLoginDialog = () => import('./login-dialog');
const LoginDialog = lazy(() =>
  loadLoginDialog().then((module) => ({ default: module.LoginDialog })),
);

/**
 * The landing page (spec point 2). `loginForm` is the auth feature's form,
 * shown in the Login dialog; `onLoginIntent` starts loading it (pointer over
 * or focus on a Login button), so the dialog opens without a wait.
 */
export function LandingPage({
  loginForm,
  onLoginIntent,
}: {
  loginForm: ReactNode;
  onLoginIntent?: () => void;
}) {
  const [loginOpen, setLoginOpen] = useState(false);
  // Mounted from the first open on, so that closing can animate.
  const [loginMounted, setLoginMounted] = useState(false);
  const signedIn = useSignedIn();
  const { hash } = useLocation();
  const navigate = useNavigate();

  const preloadLogin = () => {
    void loadLoginDialog();
    onLoginIntent?.();
  };

  // Like the /login page's loader (spec point 2): someone already signed in
  // goes to the dashboard instead of seeing the form. The token is read on
  // click, as it may have been stored since the page rendered.
  const onLogin = () => {
    if (getAccessToken()) {
      void navigate(paths.user.dashboard.getHref());
      return;
    }
    setLoginMounted(true);
    setLoginOpen(true);
  };

  // A link such as /#faq lands on its section.
  useEffect(() => {
    if (hash.length > 1) scrollToElement(decodeURIComponent(hash.slice(1)));
  }, [hash]);

  return (
    <>
      <LandingTopBar
        onLogin={onLogin}
        onLoginIntent={preloadLogin}
        signedIn={signedIn}
      />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Hero signedIn={signedIn} />
        <Benefits />
        <HowItWorks />
        <PlanPreview />
        <Faq />
        <CallToAction signedIn={signedIn} />
      </Box>
      <SiteFooter />
      {loginMounted ? (
        <Suspense fallback={null}>
          <LoginDialog open={loginOpen} onClose={() => setLoginOpen(false)}>
            {loginForm}
          </LoginDialog>
        </Suspense>
      ) : null}
    </>
  );
}
