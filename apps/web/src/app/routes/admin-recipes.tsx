import { RecipeManagement } from '../../features/admin/components/recipes/recipe-management';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Recipe Management' };

export function Component() {
  return <RecipeManagement />;
}
