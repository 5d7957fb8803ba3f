import DashboardRounded from '@mui/icons-material/DashboardRounded';
import Button from '@mui/material/Button';
import { useSelector } from 'react-redux';
import { Link as RouterLink, useSearchParams } from 'react-router';

import { ComingSoon } from '../../components/coming-soon';
import { selectUserData } from '../../features/auth/auth-slice';
import { paths } from '../../lib/paths';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Your Dashboard' };

export function Component() {
  const user = useSelector(selectUserData);
  const [params] = useSearchParams();
  const search = params.get('q');
  return (
    <ComingSoon
      title="Your Dashboard"
      icon={<DashboardRounded />}
      summary={
        search
          ? `Hello ${user?.firstName ?? 'there'}. Searching for “${search}” will filter your week’s meals here.`
          : `Hello ${user?.firstName ?? 'there'}. This is where your week of meals will live.`
      }
      upcoming={[
        'Your Meal Plan: breakfasts, lunches and dinners for the days you cook, as cards with a picture and the day.',
        'Recipe details with cooking time, rating, ingredients for your serving size and step-by-step directions.',
        'Regenerate a single meal or the whole week, or delete the plan.',
      ]}
    >
      <div>
        <Button
          component={RouterLink}
          to={paths.user.settings.getHref()}
          variant="contained"
        >
          Review your settings
        </Button>
      </div>
    </ComingSoon>
  );
}
