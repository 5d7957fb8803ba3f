import { LoginForm } from '../../features/auth/components/login-form';
import { LandingPage } from '../../features/landing/components/landing-page';

export function Component() {
  return <LandingPage loginForm={<LoginForm />} />;
}
