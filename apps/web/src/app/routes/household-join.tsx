import { useSearchParams } from 'react-router';

import { JoinHousehold } from '../../features/household/components/join-household';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Join a household' };

/** /household/join?token=…: the mailed invitation link (issue 18). */
export function Component() {
  const [params] = useSearchParams();
  return <JoinHousehold token={params.get('token')} />;
}
