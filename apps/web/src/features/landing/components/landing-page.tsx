import Box from '@mui/material/Box';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { SiteFooter } from '../../../components/site-footer';
import { getAccessToken } from '../../../lib/auth-storage';
import { paths } from '../../../lib/paths';
import { scrollToElement } from '../../../utils/scroll-to-element';
import { Benefits } from './benefits';
import { CallToAction } from './call-to-action';
import { Faq } from './faq';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { LandingTopBar } from './landing-top-bar';
import { LoginDialog } from './login-dialog';
import { PlanPreview } from './plan-preview';

/**
 * The landing page (spec point 2). `loginForm` is the auth feature's form,
 * shown in the Login dialog.
 */
export function LandingPage({ loginForm }: { loginForm: ReactNode }) {
  const [loginOpen, setLoginOpen] = useState(false);
  const { hash } = useLocation();
  const navigate = useNavigate();

  // Like the /login page's loader (spec point 2): someone already signed in
  // goes to the dashboard instead of seeing the form. The token is read on
  // click, as it may have been stored since the page rendered.
  const onLogin = () => {
    if (getAccessToken()) void navigate(paths.user.dashboard.getHref());
    else setLoginOpen(true);
  };

  // A link such as /#faq lands on its section.
  useEffect(() => {
    if (hash.length > 1) scrollToElement(decodeURIComponent(hash.slice(1)));
  }, [hash]);

  return (
    <>
      <LandingTopBar onLogin={onLogin} />
      <Box component="main">
        <Hero />
        <Benefits />
        <HowItWorks />
        <PlanPreview />
        <Faq />
        <CallToAction />
      </Box>
      <SiteFooter />
      <LoginDialog open={loginOpen} onClose={() => setLoginOpen(false)}>
        {loginForm}
      </LoginDialog>
    </>
  );
}
