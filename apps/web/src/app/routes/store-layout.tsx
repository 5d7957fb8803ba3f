import { Outlet } from 'react-router';

import { StoreGate } from '../store-gate';

/**
 * Every page that reads or writes the store (sign-in pages, the user and
 * admin areas) sits under this pathless route, so the store's code loads
 * with the first such page and not with the landing page.
 */
export function Component() {
  return (
    <StoreGate>
      <Outlet />
    </StoreGate>
  );
}
