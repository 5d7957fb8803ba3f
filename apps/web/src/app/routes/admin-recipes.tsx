import MenuBookRounded from '@mui/icons-material/MenuBookRounded';

import { ComingSoon } from '../../components/coming-soon';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Recipe Management' };

export function Component() {
  return (
    <ComingSoon
      title="Recipe Management"
      icon={<MenuBookRounded />}
      summary="The recipe catalogue the planner chooses from."
      upcoming={[
        'Search recipes by name and page through 25, 50 or 100 at a time.',
        'Add a recipe with ingredients, directions, tags and images.',
        'Edit or delete any recipe.',
      ]}
    />
  );
}
