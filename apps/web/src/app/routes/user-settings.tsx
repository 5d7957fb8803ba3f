import Stack from '@mui/material/Stack';
import { useSelector } from 'react-redux';

import { AllergensDialog } from '../../features/allergens/components/allergens-dialog';
import { useAllergenCatalogue } from '../../features/allergens/hooks/use-allergen-catalogue';
import { selectUserId } from '../../features/auth/auth-slice';
import { CalendarFeedCard } from '../../features/calendar/components/calendar-feed-card';
import { HouseholdCard } from '../../features/household/components/household-card';
import { useGenerateMealPlanMutation } from '../../features/meal-plans/meal-plans-api';
import { ManageSettings } from '../../features/preferences/components/manage-settings';
import type { RouteHandle } from '../route-handle';
import { useStoredPlan } from './use-stored-plan';

export const handle: RouteHandle = { title: 'Manage Setting' };

/**
 * /user/setting: the settings page, with the Allergens dialog of its own
 * feature, and the stored plan read and generated through the meal-plans
 * feature, in the dashboard's cache entry (one feature never imports
 * another; the route composes them).
 */
export function Component() {
  const userId = useSelector(selectUserId);
  const catalogue = useAllergenCatalogue();
  // Refetched per visit: another tab or device may have made a new plan.
  const { plan } = useStoredPlan(userId === null ? null : String(userId), {
    refetchOnMount: true,
  });
  const [generate] = useGenerateMealPlanMutation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <ManageSettings
        userId={userId}
        planCreatedAt={plan?.created_at ?? null}
        generatePlan={(id) => generate(id).unwrap()}
        renderAllergensDialog={(slot) => (
          <AllergensDialog
            {...slot}
            categories={catalogue.categories}
            loading={catalogue.loading}
            loadFailed={catalogue.loadFailed}
            onRetry={catalogue.retry}
          />
        )}
      />
      {userId === null ? null : <HouseholdCard userId={String(userId)} />}
      <CalendarFeedCard />
    </Stack>
  );
}
