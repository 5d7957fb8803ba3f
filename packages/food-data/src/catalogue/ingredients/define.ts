/**
 * A compact way to write catalogue entries: the category and its default
 * perishability are given once per file, the package as a tuple, and empty
 * lists may be left out. Lives, where an item is kept and its FoodKeeper
 * product come from keeping.ts; a perishable missing there takes its
 * category's default (shelf-life.ts), which keeping.test.ts forbids.
 */
import type {
  DietFlag,
  Ingredient,
  PackageSize,
  ShoppingCategory,
} from '../../types.js';
import type { AllergenId } from '../allergen-ids.js';
import { CUT_LIFE_DAYS, KEEPING } from '../keeping.js';
import { SHELF_LIFE_DEFAULTS } from '../shelf-life.js';

/**
 * Suggested staples besides the spices aisle (issue 20): the oils most
 * kitchens always have. Users edit their own list.
 */
const STAPLE_IDS: ReadonlySet<string> = new Set(['olive-oil', 'vegetable-oil']);

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

/** The opened (or cut) life of an entry, when shorter than its life as bought. */
function openedDays(
  id: string,
  shelfLifeDays: number | undefined,
): number | undefined {
  const keeping = KEEPING[id];
  const cut = keeping?.cut === true ? CUT_LIFE_DAYS : undefined;
  const opened = keeping?.opened ?? cut;
  if (opened === undefined) return undefined;
  return shelfLifeDays === undefined || opened < shelfLifeDays
    ? opened
    : undefined;
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
    const keeping = KEEPING[spec.id];
    const shelfLifeDays = isPerishable
      ? (keeping?.days ??
        spec.shelfLifeDays ??
        SHELF_LIFE_DEFAULTS[category]?.shelfLifeDays)
      : undefined;
    const opened =
      openedDays(spec.id, shelfLifeDays) ??
      (isPerishable ? spec.openedShelfLifeDays : undefined);
    const staple = category === 'spices' || STAPLE_IDS.has(spec.id);
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
      ...(opened === undefined ? {} : { openedShelfLifeDays: opened }),
      storage: keeping?.place ?? (isPerishable ? 'fridge' : 'cupboard'),
      ...(keeping === undefined ? {} : { foodKeeperId: keeping.fk }),
      ...(spec.partOf === undefined ? {} : { partOf: spec.partOf }),
      ...(staple ? { staple } : {}),
      proteinPer100g: spec.proteinPer100g,
      flags: spec.flags ?? [],
      allergens: spec.allergens ?? [],
    };
    return entry;
  });
}
