import SettingsRounded from '@mui/icons-material/SettingsRounded';

import { ComingSoon } from '../../components/coming-soon';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Manage Setting' };

export function Component() {
  return (
    <ComingSoon
      title="Manage Setting"
      icon={<SettingsRounded />}
      summary="Tell Platewise how you eat; it plans the week from this."
      upcoming={[
        'Weekly Schedule: which days you cook, and breakfast, lunch or dinner on each.',
        'Dietary restriction (None, Vegan, Vegetarian, Gluten-Free, Ketogenic), allergens and your own exclusions.',
        'Likes, dislikes, protein level and serving size, then save to generate your plan.',
      ]}
    />
  );
}
