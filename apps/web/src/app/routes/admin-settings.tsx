import TuneRounded from '@mui/icons-material/TuneRounded';

import { ComingSoon } from '../../components/coming-soon';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Settings' };

export function Component() {
  return (
    <ComingSoon
      title="Settings"
      icon={<TuneRounded />}
      summary="How this Platewise runs."
      upcoming={[
        'Sign-up and Google sign-in availability.',
        'Outgoing e-mail status and a test message.',
        'Planner defaults for new users.',
      ]}
    />
  );
}
