/**
 * The shopping list of a menu: each ingredient merged across its recipes,
 * in one unit a person would write (pieces as counts where the recipes
 * counted them, spoons and cups where they used spoons, otherwise g/kg or
 * ml/l), rounded like a handwritten list, with the packages to buy and the
 * expected leftover. Purchases come from the waste model (computePurchases),
 * so the list and the waste figures never disagree.
 */
import { indexOf } from './catalogue.js';
import { compileKitchen } from './kitchen.js';
import type {
  IngredientPurchase,
  ListQuantity,
  MealRef,
  PlannerCatalogue,
  PlannerIngredient,
  ShoppingItem,
  ShoppingKitchen,
  ShoppingList,
} from './plan-types.js';
import { PIECE_WORDS, unitCandidates, unitGrams } from './quantities.js';
import { countNoun, foldText, pluralisePhrase, singularOf } from './text.js';
import { isUnitId, UNITS } from './units.js';
import type { UnitId } from './units.js';
import { computePurchases, dayIndexOf } from './waste.js';

/** How the recipes measured an ingredient, which decides the list's unit. */
type Measure =
  | {
      readonly kind: 'piece';
      readonly unit: string | null;
      readonly grams: number;
    }
  | { readonly kind: 'spoon' }
  | { readonly kind: 'volume' }
  | { readonly kind: 'mass' };

const SPOON_UNITS: ReadonlySet<string> = new Set(['tsp', 'tbsp', 'cup']);

/** Leftovers under this share of what was bought are not worth a line. */
const NEGLIGIBLE_SHARE = 0.01;

/** How one line measures its ingredient. */
function lineMeasure(
  unit: string | null,
  ingredient: PlannerIngredient,
): Measure | undefined {
  if (unit === null) {
    return ingredient.gramsPerPiece === undefined
      ? undefined
      : { kind: 'piece', unit: null, grams: ingredient.gramsPerPiece };
  }
  const candidates = unitCandidates(unit);
  const pieceUnits = ingredient.pieceUnits ?? {};
  for (const candidate of candidates) {
    const grams = Object.hasOwn(pieceUnits, candidate)
      ? pieceUnits[candidate]
      : undefined;
    if (grams !== undefined) return { kind: 'piece', unit: candidate, grams };
  }
  if (PIECE_WORDS.has(candidates[0] ?? '') && ingredient.gramsPerPiece) {
    return { kind: 'piece', unit: null, grams: ingredient.gramsPerPiece };
  }
  const measure = candidates.find(isUnitId);
  if (measure === undefined) return undefined;
  if (SPOON_UNITS.has(measure) && ingredient.densityGPerMl !== undefined) {
    return { kind: 'spoon' };
  }
  const dimension = UNITS[measure].dimension;
  if (dimension === 'volume' && ingredient.densityGPerMl !== undefined) {
    return { kind: 'volume' };
  }
  if (dimension === 'count' && ingredient.gramsPerPiece !== undefined) {
    return { kind: 'piece', unit: null, grams: ingredient.gramsPerPiece };
  }
  return { kind: 'mass' };
}

/** Rounds up to a step, after removing float noise. */
const roundUpTo = (value: number, step: number): number =>
  Math.ceil(value / step - 1e-9) * step;

/** Rounds to a step (nearest), at least one step when the value is positive. */
const roundTo = (value: number, step: number): number =>
  value <= 0 ? 0 : Math.max(step, Math.round(value / step) * step);

const tidy = (value: number): number => Math.round(value * 1000) / 1000;

/** Grams as a list writes them: 7 g, 45 g, 250 g, 1.5 kg. */
export function massQuantity(grams: number): ListQuantity {
  if (grams >= 1000)
    return { quantity: tidy(roundTo(grams / 1000, 0.1)), unit: 'kg' };
  if (grams >= 100) return { quantity: roundTo(grams, 10), unit: 'g' };
  if (grams >= 20) return { quantity: roundTo(grams, 5), unit: 'g' };
  return { quantity: roundTo(grams, 1), unit: 'g' };
}

/** Millilitres as a list writes them: 15 ml, 250 ml, 1.2 l. */
export function volumeQuantity(ml: number): ListQuantity {
  if (ml >= 1000) return { quantity: tidy(roundTo(ml / 1000, 0.1)), unit: 'l' };
  if (ml >= 100) return { quantity: roundTo(ml, 10), unit: 'ml' };
  if (ml >= 20) return { quantity: roundTo(ml, 5), unit: 'ml' };
  return { quantity: roundTo(ml, 1), unit: 'ml' };
}

/** Spoons and cups: ¼ tsp steps, ½ tbsp steps, ¼ cup steps. */
export function spoonQuantity(ml: number): ListQuantity {
  const tsp = UNITS.tsp.toBase;
  const tbsp = UNITS.tbsp.toBase;
  const cup = UNITS.cup.toBase;
  if (ml < tbsp - 1e-6)
    return { quantity: tidy(roundUpTo(ml / tsp, 0.25)), unit: 'tsp' };
  if (ml < cup / 4 - 1e-6)
    return { quantity: tidy(roundUpTo(ml / tbsp, 0.5)), unit: 'tbsp' };
  return { quantity: tidy(roundUpTo(ml / cup, 0.25)), unit: 'cup' };
}

/** Pieces: halves under three, whole ones from three up (rounded up: enough to cook). */
export function pieceCount(pieces: number): number {
  return pieces < 3 ? tidy(roundUpTo(pieces, 0.5)) : roundUpTo(pieces, 1);
}

/** Pieces left over: to the nearest half, whole ones from three up. */
function leftoverPieceCount(pieces: number): number {
  return pieces < 3 ? tidy(Math.round(pieces * 2) / 2) : Math.round(pieces);
}

/**
 * How a counted ingredient is named: by its own noun ("2 onions", "1 bay
 * leaf": the unit is the noun itself), or by a unit word ("3 cloves", "2
 * pieces" for a noun without a plural, such as ginger, which English does
 * not count).
 */
type Counting =
  | {
      readonly kind: 'noun';
      readonly singular: string;
      readonly plural: string;
    }
  | { readonly kind: 'word'; readonly word: string };

function countingOf(
  measure: Extract<Measure, { kind: 'piece' }>,
  ingredient: PlannerIngredient,
): Counting {
  const words = foldText(ingredient.name).split(' ');
  const namesItself =
    measure.unit !== null && words[words.length - 1] === measure.unit;
  if (measure.unit === null || namesItself) {
    if (ingredient.plural !== undefined) {
      return {
        kind: 'noun',
        singular: ingredient.name,
        plural: ingredient.plural,
      };
    }
    return namesItself
      ? {
          kind: 'noun',
          singular: ingredient.name,
          plural: pluralisePhrase(ingredient.name),
        }
      : { kind: 'word', word: 'piece' };
  }
  return { kind: 'word', word: measure.unit };
}

/**
 * The list's quantity of `grams` of an ingredient measured as `measure`.
 * A bare count of the ingredient's own noun has unit '' (the item's name
 * carries the noun) unless `nounInUnit`, as leftovers need: "1½ onions".
 */
function listQuantity(
  grams: number,
  measure: Measure,
  ingredient: PlannerIngredient,
  purpose: 'amount' | 'leftover',
): ListQuantity {
  const density = ingredient.densityGPerMl ?? 1;
  switch (measure.kind) {
    case 'piece': {
      const pieces = grams / measure.grams;
      const count =
        purpose === 'amount' ? pieceCount(pieces) : leftoverPieceCount(pieces);
      // Less than half a piece left: say it in grams.
      if (count <= 0) return massQuantity(grams);
      const counting = countingOf(measure, ingredient);
      if (counting.kind === 'word') {
        return { quantity: count, unit: countNoun(counting.word, count) };
      }
      return {
        quantity: count,
        unit:
          purpose === 'amount'
            ? ''
            : countNoun(counting.singular, count, counting.plural),
      };
    }
    case 'spoon': {
      const amount = spoonQuantity(grams / density);
      return {
        quantity: amount.quantity,
        unit: writtenUnit(amount.unit, amount.quantity),
      };
    }
    case 'volume':
      return volumeQuantity(grams / density);
    case 'mass':
      return massQuantity(grams);
  }
}

/** The measure most of the lines used (pieces first on a tie, then spoons, volume, mass). */
function dominantMeasure(measures: readonly Measure[]): Measure {
  const rank = { piece: 0, spoon: 1, volume: 2, mass: 3 } as const;
  const counts = new Map<string, { measure: Measure; count: number }>();
  for (const measure of measures) {
    const key =
      measure.kind === 'piece' ? `piece:${measure.unit ?? ''}` : measure.kind;
    const entry = counts.get(key);
    if (entry === undefined) counts.set(key, { measure, count: 1 });
    else entry.count += 1;
  }
  let best: { measure: Measure; count: number } | undefined;
  for (const entry of counts.values()) {
    if (
      best === undefined ||
      entry.count > best.count ||
      (entry.count === best.count &&
        rank[entry.measure.kind] < rank[best.measure.kind])
    ) {
      best = entry;
    }
  }
  return best?.measure ?? { kind: 'mass' };
}

/** Package labels that mean one piece of the ingredient, sold loose. */
const LOOSE_LABELS: ReadonlySet<string> = new Set(['each', 'piece', 'whole']);

/**
 * "2 bunches", "1 carton (1 l)", "3 cans (400 g)"; an ingredient sold loose
 * ('each') is counted by its own noun: "2 lemons".
 */
function packagesText(
  ingredient: PlannerIngredient,
  count: number,
): string | null {
  if (count <= 0) return null;
  const { size, unit, label } = ingredient.package;
  if (LOOSE_LABELS.has(label.trim().toLowerCase())) {
    // A package of several pieces sold loose is still counted in pieces.
    const pieces = unit === 'piece' ? count * size : count;
    return `${pieces} ${countNoun(ingredient.name, pieces, ingredient.plural)}`;
  }
  const word = count === 1 ? label : pluralisePhrase(label);
  const measure = unitCandidates(unit).find(isUnitId);
  // A label that states its size already: "dashi pack (makes 1 l)".
  if (measure === undefined || measure === 'piece' || label.includes('(')) {
    return `${count} ${word}`;
  }
  const definition = UNITS[measure as UnitId];
  const amount =
    definition.dimension === 'mass'
      ? massQuantity(size * definition.toBase)
      : definition.dimension === 'volume'
        ? volumeQuantity(size * definition.toBase)
        : { quantity: size, unit: measure };
  return `${count} ${word} (${amount.quantity} ${amount.unit})`;
}

/**
 * A unit as a recipe wrote it, agreeing with the quantity ("2 pinches", "1
 * pinch"); abbreviations (g, tbsp, oz) do not change.
 */
function writtenUnit(unit: string, quantity: number): string {
  if (unit === '') return '';
  const measure = unitCandidates(unit).find(isUnitId);
  if (measure !== undefined && ABBREVIATED.has(measure)) return unit;
  return countNoun(measure ?? singularOf(unit), quantity);
}

/** Units written as symbols, the same for one and many. */
const ABBREVIATED: ReadonlySet<string> = new Set([
  'g',
  'kg',
  'mg',
  'oz',
  'lb',
  'ml',
  'l',
  'cl',
  'dl',
  'tsp',
  'tbsp',
  'fl oz',
]);

interface LineInfo {
  readonly measures: Measure[];
  readonly preparations: Set<string>;
  readonly meals: Set<string>;
}

/**
 * The shopping list of a menu at the user's serving size. Ingredients the
 * catalogue does not know go to the non-perishables under their line name,
 * merged when written alike, with the quantity as written when all lines
 * share one unit.
 */
export function buildShoppingList(
  catalogue: PlannerCatalogue,
  meals: readonly MealRef[],
  servingSize: number,
  kitchen?: ShoppingKitchen,
): ShoppingList {
  const index = indexOf(catalogue);
  const servings = servingSize > 0 ? servingSize : 1;
  const purchases = computePurchases(
    catalogue,
    meals,
    servings,
    compileKitchen(
      catalogue.ingredients,
      index.ingredientIndexById,
      kitchen?.items,
    ),
  );
  const staples = new Set(kitchen?.staples ?? []);
  const info = new Map<string, LineInfo>();
  const unknown = new Map<
    string,
    {
      name: string;
      units: Set<string>;
      quantity: number;
      preparations: Set<string>;
      meals: Set<string>;
    }
  >();
  for (const meal of meals) {
    if (dayIndexOf(meal.day) < 0) continue;
    const r = index.recipeIndexById.get(meal.recipeId);
    const recipe = r === undefined ? undefined : catalogue.recipes[r];
    if (recipe === undefined) continue;
    const scale = servings / (recipe.servingSize > 0 ? recipe.servingSize : 1);
    const mealKey = `${meal.day}:${meal.slot}`;
    for (const line of recipe.lines) {
      const lineIndex =
        line.ingredientId === null
          ? undefined
          : index.ingredientIndexById.get(line.ingredientId);
      const lineIngredient =
        lineIndex === undefined ? undefined : catalogue.ingredients[lineIndex];
      // A part is bought as its whole: "eggs (egg yolks)".
      const wholeIndex =
        lineIngredient?.partOf === undefined
          ? undefined
          : index.ingredientIndexById.get(lineIngredient.partOf.ingredientId);
      const whole =
        wholeIndex === undefined
          ? undefined
          : catalogue.ingredients[wholeIndex];
      const ingredient = whole ?? lineIngredient;
      const preparation =
        whole !== undefined && lineIngredient !== undefined
          ? (lineIngredient.plural ?? lineIngredient.name)
          : (line.preparation?.trim() ?? '');
      if (ingredient === undefined) {
        const key = foldText(line.name);
        if (key === '') continue;
        let entry = unknown.get(key);
        if (entry === undefined) {
          entry = {
            name: line.name.trim(),
            units: new Set(),
            quantity: 0,
            preparations: new Set(),
            meals: new Set(),
          };
          unknown.set(key, entry);
        }
        entry.units.add(line.unit?.trim().toLowerCase() ?? '');
        entry.quantity += (line.quantity ?? 0) * scale;
        if (preparation !== '') entry.preparations.add(preparation);
        entry.meals.add(mealKey);
        continue;
      }
      if (ingredient.notPurchased === true) continue;
      let entry = info.get(ingredient.id);
      if (entry === undefined) {
        entry = { measures: [], preparations: new Set(), meals: new Set() };
        info.set(ingredient.id, entry);
      }
      if (whole !== undefined && whole.gramsPerPiece !== undefined) {
        entry.measures.push({
          kind: 'piece',
          unit: null,
          grams: whole.gramsPerPiece,
        });
      } else if (
        line.quantity !== null &&
        lineIngredient !== undefined &&
        unitGrams(line.unit, lineIngredient) !== undefined
      ) {
        const measure = lineMeasure(line.unit, lineIngredient);
        if (measure !== undefined) entry.measures.push(measure);
      }
      if (preparation !== '') entry.preparations.add(preparation);
      entry.meals.add(mealKey);
    }
  }

  const fresh: ShoppingItem[] = [];
  const nonPerishable: ShoppingItem[] = [];
  const have: ShoppingItem[] = [];
  const byId = new Map<string, IngredientPurchase>(
    purchases.map((purchase) => [purchase.ingredientId, purchase]),
  );
  for (const [id, entry] of info) {
    const i = index.ingredientIndexById.get(id);
    const ingredient = i === undefined ? undefined : catalogue.ingredients[i];
    if (i === undefined || ingredient === undefined) continue;
    const purchase = byId.get(id);
    const used = purchase?.usedGrams ?? 0;
    const measure = dominantMeasure(entry.measures);
    // Only "to taste" lines (or none that can be weighed): no amount, and
    // no leftover to speak of; never a quantity of 0.
    const amount =
      used > 0 ? listQuantity(used, measure, ingredient, 'amount') : null;
    const packageCount = purchase?.packages.length ?? 0;
    const leftoverGrams = purchase?.leftoverGrams ?? 0;
    const bought = purchase?.boughtGrams ?? 0;
    const leftover =
      amount !== null &&
      leftoverGrams > 0 &&
      leftoverGrams > bought * NEGLIGIBLE_SHARE
        ? listQuantity(leftoverGrams, measure, ingredient, 'leftover')
        : null;
    const counted =
      amount !== null && measure.kind === 'piece' && amount.unit === '';
    const name = counted
      ? countNoun(ingredient.name, amount.quantity, ingredient.plural)
      : ingredient.name;
    const fromKitchen = purchase?.fromKitchenGrams ?? 0;
    const haveQuantity =
      amount === null || used <= 0 || fromKitchen <= 0
        ? 0
        : Math.round(amount.quantity * Math.min(1, fromKitchen / used) * 100) /
          100;
    if (staples.has(id)) {
      have.push({
        ingredientId: id,
        name,
        quantity: amount?.quantity ?? null,
        unit: amount?.unit ?? '',
        preparation:
          entry.preparations.size > 0
            ? [...entry.preparations].join(', ')
            : null,
        category: ingredient.category,
        packages: null,
        packageCount: 0,
        leftover: null,
        usedIn: entry.meals.size,
        haveQuantity: amount?.quantity ?? 0,
      });
      continue;
    }
    const item: ShoppingItem = {
      ingredientId: id,
      name,
      quantity: amount?.quantity ?? null,
      unit: amount?.unit ?? '',
      preparation:
        entry.preparations.size > 0 ? [...entry.preparations].join(', ') : null,
      category: ingredient.category,
      packages: packagesText(ingredient, packageCount),
      packageCount,
      leftover: leftover !== null && leftover.quantity > 0 ? leftover : null,
      usedIn: entry.meals.size,
      ...(kitchen === undefined ? {} : { haveQuantity }),
    };
    if (ingredient.perishable && index.countsForWaste[i] === 1) {
      fresh.push(item);
    } else nonPerishable.push(item);
  }
  for (const entry of unknown.values()) {
    // As written when every line has one unit and an amount; otherwise (to
    // taste, or units that cannot be added up) no amount.
    const oneUnit = entry.units.size === 1 ? ([...entry.units][0] ?? '') : '';
    const written = entry.units.size === 1 ? tidy(entry.quantity) : 0;
    const quantity = written > 0 ? written : null;
    nonPerishable.push({
      ingredientId: null,
      name: entry.name,
      quantity,
      unit: quantity === null ? '' : writtenUnit(oneUnit, quantity),
      preparation:
        entry.preparations.size > 0 ? [...entry.preparations].join(', ') : null,
      category: 'other',
      packages: null,
      packageCount: 0,
      leftover: null,
      usedIn: entry.meals.size,
    });
  }
  const order = (a: ShoppingItem, b: ShoppingItem) =>
    a.category.localeCompare(b.category) || a.name.localeCompare(b.name);
  return kitchen === undefined
    ? { fresh: fresh.sort(order), nonPerishable: nonPerishable.sort(order) }
    : {
        fresh: fresh.sort(order),
        nonPerishable: nonPerishable.sort(order),
        have: have.sort(order),
      };
}
