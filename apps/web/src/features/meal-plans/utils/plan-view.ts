import {
  DAYS,
  DIRECTIONS_SEPARATOR,
  formatIngredientLine,
  MEAL_SLOTS,
  type Day,
  type MealSlot,
  type PlanDay,
  type PlanIngredient,
  type PlanMeal,
} from '@platewise/shared';

export const SLOT_LABELS: Record<MealSlot, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
};

export interface PlannedMeal {
  day: Day;
  slot: MealSlot;
  meal: PlanMeal;
}

export interface SlotGroup {
  slot: MealSlot;
  label: string;
  meals: PlannedMeal[];
}

/**
 * The plan as the dashboard shows it: one group per meal (Breakfast, Lunch,
 * Dinner), each in day order, filtered by recipe name. A card's place
 * depends on its day and slot only, so a regenerated meal stays where it was.
 */
export function groupBySlot(
  days: readonly PlanDay[],
  search = '',
): SlotGroup[] {
  const needle = search.trim().toLocaleLowerCase();
  const byDay = [...days].sort(
    (a, b) => DAYS.indexOf(a.day) - DAYS.indexOf(b.day),
  );
  return MEAL_SLOTS.map((slot) => ({
    slot,
    label: SLOT_LABELS[slot],
    meals: byDay.flatMap((entry) => {
      const meal = entry[slot];
      if (!meal) return [];
      if (needle && !meal.name.toLocaleLowerCase().includes(needle)) return [];
      return [{ day: entry.day, slot, meal }];
    }),
  })).filter((group) => group.meals.length > 0);
}

/** Spec: "rating as x.0/5.0 or N/A". */
export function formatRating(rating: number | null | undefined): string {
  if (rating === null || rating === undefined || !Number.isFinite(rating)) {
    return 'N/A';
  }
  return `${rating.toFixed(1)}/5.0`;
}

/** Spec: directions are stored joined by '####' and shown as 'Step n'. */
export function splitDirections(directions: string): string[] {
  return directions
    .split(DIRECTIONS_SEPARATOR)
    .map((step) => step.trim())
    .filter((step) => step !== '');
}

/** A section heading the import keeps as its own step: 'For the sauce:'. */
const MAX_HEADING_LENGTH = 60;

export type DirectionItem =
  | { kind: 'heading'; text: string }
  | { kind: 'step'; text: string; number: number };

/**
 * The directions as 'Step n' items, with section headings (a short step
 * ending in a colon, as recipe import stores a HowToSection's name) shown as
 * headings and left out of the numbering.
 */
export function directionItems(directions: string): DirectionItem[] {
  let number = 0;
  return splitDirections(directions).map((text) =>
    text.endsWith(':') && text.length <= MAX_HEADING_LENGTH
      ? { kind: 'heading', text: text.slice(0, -1) }
      : { kind: 'step', text, number: ++number },
  );
}

/**
 * "quantity unit ingredient" (spec) as a cook writes it: "2 salmon
 * fillets", "2 heads of bok choy" (the shared formatter, issue 21).
 */
export function formatIngredient(line: PlanIngredient): string {
  return formatIngredientLine(line);
}

export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return 'Not given';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "Monday dinner": how a meal is named in buttons and messages. */
export function mealLabel(day: Day, slot: MealSlot): string {
  return `${day} ${slot}`;
}
