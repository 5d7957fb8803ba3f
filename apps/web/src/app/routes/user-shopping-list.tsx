import ShoppingBasketRounded from '@mui/icons-material/ShoppingBasketRounded';

import { ComingSoon } from '../../components/coming-soon';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Smart Shopping List' };

export function Component() {
  return (
    <ComingSoon
      title="Smart Shopping List"
      icon={<ShoppingBasketRounded />}
      summary="Everything your week’s plan needs, in one list."
      upcoming={[
        'Fresh Ingredients and Non-Perishables in separate panels, with boxes to tick off as you shop.',
        'Quantities added up across recipes and counted in the packages shops sell.',
        'What will be left over, so nothing surprises you at the end of the week.',
      ]}
    />
  );
}
