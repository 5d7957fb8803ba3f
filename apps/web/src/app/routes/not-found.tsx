import { NotFoundPage } from '../../components/errors/not-found-page';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Page not found' };

export function Component() {
  return <NotFoundPage />;
}
