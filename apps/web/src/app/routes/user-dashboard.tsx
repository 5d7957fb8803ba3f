import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';

import { selectUserData } from '../../features/auth/auth-slice';
import { MealPlanBoard } from '../../features/meal-plans/components/meal-plan-board';
import type { RouteHandle } from '../route-handle';
import { useStoredPlan } from './use-stored-plan';

export const handle: RouteHandle = { title: 'Your Dashboard' };

/**
 * 'Your Dashboard' (spec "User Dashboard"). The top bar's recipe search
 * lives in the user shell and reaches this page as the `q` parameter.
 */
export function Component() {
  const user = useSelector(selectUserData);
  const [params] = useSearchParams();
  const search = params.get('q') ?? '';
  const userId = String(user?.id ?? '');
  const { hasPlan } = useStoredPlan(user?.id == null ? null : userId);

  return (
    <Stack spacing={4} sx={{ maxWidth: 1280 }}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          Your Dashboard
        </Typography>
        <Typography color="text.secondary">
          {user?.firstName ? `Hello ${user.firstName}. ` : ''}
          {hasPlan
            ? 'Here is your week: view a recipe, swap a meal you don’t fancy, or lock the ones you want to keep.'
            : 'Your week of meals appears here once your settings are saved.'}
        </Typography>
      </Box>
      <MealPlanBoard userId={userId} search={search} />
    </Stack>
  );
}
