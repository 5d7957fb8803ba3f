import Box from '@mui/material/Box';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

import { SiteFooter } from '../../../components/site-footer';
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

  // A link such as /#faq lands on its section.
  useEffect(() => {
    if (hash.length > 1) scrollToElement(decodeURIComponent(hash.slice(1)));
  }, [hash]);

  return (
    <>
      <LandingTopBar onLogin={() => setLoginOpen(true)} />
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
