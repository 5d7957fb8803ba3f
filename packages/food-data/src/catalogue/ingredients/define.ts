/**
 * A compact way to write catalogue entries: the category and its default
 * perishability are given once per file, the package as a tuple, and empty
 * lists may be left out. A perishable without its own shelf life takes its
 * category's default (shelf-life.ts).
 */
import type {
  DietFlag,
  Ingredient,
  PackageSize,
  ShoppingCategory,
} from '../../types.js';
import type { AllergenId } from '../allergen-ids.js';
import { SHELF_LIFE_DEFAULTS } from '../shelf-life.js';

/** Packages are sold by weight, by volume or by count. */
export type PackageUnit = 'g' | 'ml' | 'piece';

export interface IngredientSpec extends Omit<
  Ingredient,
  'category' | 'perishable' | 'synonyms' | 'flags' | 'allergens' | 'package'
> {
  readonly synonyms?: readonly string[];
  /** Overrides the file's default. */
  readonly perishable?: boolean;
  /** [size, unit, label]: [60, 'g', 'bunch'], [12, 'piece', 'carton']. */
  readonly package: readonly [number, PackageUnit, string];
  readonly flags?: readonly DietFlag[];
  readonly allergens?: readonly AllergenId[];
}

/** Builds the entries of one shopping category. */
export function defineIngredients(
  category: ShoppingCategory,
  perishable: boolean,
  specs: readonly IngredientSpec[],
): readonly Ingredient[] {
  return specs.map((spec) => {
    const [size, unit, label] = spec.package;
    const pkg: PackageSize = { size, unit, label };
    const isPerishable = spec.perishable ?? perishable;
    const shelfLifeDays = isPerishable
      ? (spec.shelfLifeDays ?? SHELF_LIFE_DEFAULTS[category]?.shelfLifeDays)
      : undefined;
    const entry: Ingredient = {
      id: spec.id,
      name: spec.name,
      ...(spec.plural === undefined ? {} : { plural: spec.plural }),
      synonyms: spec.synonyms ?? [],
      category,
      perishable: isPerishable,
      package: pkg,
      ...(spec.densityGPerMl === undefined
        ? {}
        : { densityGPerMl: spec.densityGPerMl }),
      ...(spec.gramsPerPiece === undefined
        ? {}
        : { gramsPerPiece: spec.gramsPerPiece }),
      ...(spec.pieceUnits === undefined ? {} : { pieceUnits: spec.pieceUnits }),
      ...(shelfLifeDays === undefined ? {} : { shelfLifeDays }),
      ...(spec.openedShelfLifeDays === undefined || !isPerishable
        ? {}
        : { openedShelfLifeDays: spec.openedShelfLifeDays }),
      proteinPer100g: spec.proteinPer100g,
      flags: spec.flags ?? [],
      allergens: spec.allergens ?? [],
    };
    return entry;
  });
}
