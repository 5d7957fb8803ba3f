import type { ShoppingItem, ShoppingSummary } from '@platewise/shared';

/** A list line; name, amount and aisle are what most tests set. */
export function fakeItem(
  name: string,
  overrides: Partial<ShoppingItem> = {},
): ShoppingItem {
  return {
    key: `ingredient-${name.toLowerCase().replace(/\W+/g, '-')}`,
    ingredientId: null,
    name,
    quantity: 1,
    unit: '',
    'preparation instruction': null,
    category: 'other',
    packages: null,
    packageCount: 0,
    leftover: null,
    usedIn: 1,
    ticked: false,
    ...overrides,
  };
}

export function fakeSummary(
  fresh: ShoppingItem[],
  pantry: ShoppingItem[],
  version: number | null = 3,
): ShoppingSummary {
  return {
    data: [{ freshIngredients: fresh, nonPerishableIngredients: pantry }],
    total: fresh.length + pantry.length,
    version,
  };
}
