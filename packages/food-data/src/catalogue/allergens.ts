/**
 * The allergen catalogue served by `GET /allergens`: categories of allergens
 * for the chip dialog, covering the EU's 14 and the US's 9 major allergens
 * (see allergen-ids.ts for the lists and for the family rule: an ingredient
 * names both 'gluten' and the cereal, both 'tree-nuts' and the nut).
 */
import type { Allergen, AllergenCategory, Ingredient } from '../types.js';
import type { AllergenId } from './allergen-ids.js';
import { INGREDIENTS } from './ingredients.js';

interface CatalogueAllergen extends Allergen {
  readonly id: AllergenId;
}

const allergen = (id: AllergenId, name: string): CatalogueAllergen => ({
  id,
  name,
});

export const ALLERGEN_CATEGORIES: readonly AllergenCategory[] = [
  {
    name: 'Dairy & Eggs',
    allergens: [allergen('milk', 'Milk'), allergen('eggs', 'Eggs')],
  },
  {
    name: 'Seafood',
    allergens: [
      allergen('fish', 'Fish'),
      allergen('crustaceans', 'Crustacean shellfish'),
      allergen('molluscs', 'Molluscs'),
    ],
  },
  {
    name: 'Nuts & Seeds',
    allergens: [
      allergen('peanuts', 'Peanuts'),
      allergen('tree-nuts', 'Tree nuts (all)'),
      allergen('almonds', 'Almonds'),
      allergen('brazil-nuts', 'Brazil nuts'),
      allergen('cashews', 'Cashews'),
      allergen('hazelnuts', 'Hazelnuts'),
      allergen('macadamia-nuts', 'Macadamia nuts'),
      allergen('pecans', 'Pecans'),
      allergen('pine-nuts', 'Pine nuts'),
      allergen('pistachios', 'Pistachios'),
      allergen('walnuts', 'Walnuts'),
      allergen('coconut', 'Coconut'),
      allergen('sesame', 'Sesame'),
    ],
  },
  {
    name: 'Grains & Gluten',
    allergens: [
      allergen('gluten', 'Gluten (all gluten cereals)'),
      allergen('wheat', 'Wheat'),
      allergen('rye', 'Rye'),
      allergen('barley', 'Barley'),
      allergen('oats', 'Oats'),
    ],
  },
  {
    name: 'Legumes & Soy',
    allergens: [allergen('soy', 'Soybeans'), allergen('lupin', 'Lupin')],
  },
  {
    name: 'Other',
    allergens: [
      allergen('celery', 'Celery'),
      allergen('mustard', 'Mustard'),
      allergen('sulphites', 'Sulphites (sulfites)'),
    ],
  },
];

/** Every allergen of the catalogue, in dialog order. */
export const ALLERGENS: readonly Allergen[] = ALLERGEN_CATEGORIES.flatMap(
  (category) => category.allergens,
);

const allergensById: ReadonlyMap<string, Allergen> = new Map(
  ALLERGENS.map((item) => [item.id, item]),
);

/** The allergen of an id, or undefined. */
export function allergenById(id: string): Allergen | undefined {
  return allergensById.get(id);
}

/**
 * The ingredients that contain an allergen. Because ingredients name the
 * family as well as its members, 'gluten' answers every wheat, rye, barley
 * and oat ingredient and 'tree-nuts' every nut.
 */
export function ingredientsContainingAllergen(
  id: string,
  catalogue: readonly Ingredient[] = INGREDIENTS,
): readonly Ingredient[] {
  return catalogue.filter((ingredient) => ingredient.allergens.includes(id));
}
