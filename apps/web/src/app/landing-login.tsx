import { LoginForm } from '../features/auth/components/login-form';
import { StoreGate } from './store-gate';

/** The landing page's login form with the store it needs, loaded on demand. */
export function LandingLogin() {
  return (
    <StoreGate>
      <LoginForm />
    </StoreGate>
  );
}
