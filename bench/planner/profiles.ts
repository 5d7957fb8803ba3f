/**
 * Varied user profiles for the planner benchmarks: every diet, common
 * allergen sets, sparse and full schedules, serving sizes 1 to 6, likes,
 * dislikes and protein levels. Built from fixed lists by index, so the set
 * is the same on every run.
 */
import type {
  PlannerProfile,
  PlannerProteinLevel,
  PlannerScheduleDay,
} from '@platewise/planner';
import { DAYS, DIETS } from '@platewise/shared';
import type { Diet } from '@platewise/shared';

type Meals = readonly [breakfast: boolean, lunch: boolean, dinner: boolean];

const week = (pick: (dayIndex: number) => Meals): PlannerScheduleDay[] =>
  DAYS.map((day, index) => {
    const [breakfast, lunch, dinner] = pick(index);
    return { day, breakfast, lunch, dinner };
  });

/** Named weekly schedules, from 21 slots down to a handful. */
export const SCHEDULES: Readonly<Record<string, PlannerScheduleDay[]>> = {
  'full week (21)': week(() => [true, true, true]),
  'dinners (7)': week(() => [false, false, true]),
  'lunch and dinner (14)': week(() => [false, true, true]),
  'weekday dinners (5)': week((d) => [false, false, d < 5]),
  'weekend only (6)': week((d) => [d >= 5, d >= 5, d >= 5]),
  'breakfast and dinner (14)': week(() => [true, false, true]),
  'sparse (4)': week((d) => [false, d === 2, d === 0 || d === 3 || d === 5]),
  'weekdays full (15)': week((d) => [d < 5, d < 5, d < 5]),
};

const ALLERGEN_SETS: readonly (readonly string[])[] = [
  [],
  ['peanuts', 'tree-nuts'],
  ['milk'],
  ['gluten'],
  ['fish', 'crustaceans', 'molluscs'],
  [],
  ['eggs'],
  ['sesame', 'soy'],
];

const CUSTOM_ALLERGENS: readonly (readonly string[])[] = [
  [],
  [],
  ['banana'],
  [],
  ['kiwi'],
  ['mustard'],
];

const DISLIKES: readonly (readonly string[])[] = [
  [],
  ['mushroom'],
  ['cilantro', 'olives'],
  [],
  ['eggplant'],
  ['Indian'],
  ['anchovy', 'blue cheese'],
];

const LIKES: readonly (readonly string[])[] = [
  [],
  ['Italian'],
  ['Mexican', 'chicken'],
  ['Indian'],
  [],
  ['Japanese', 'salmon'],
  ['lentils'],
];

const PROTEIN_LEVELS: readonly (PlannerProteinLevel | null)[] = [
  null,
  'high',
  'medium',
  null,
  'low',
];

export interface BenchProfile {
  readonly name: string;
  readonly profile: PlannerProfile;
}

const at = <T>(items: readonly T[], index: number): T => {
  const item = items[index % items.length];
  if (item === undefined) throw new Error('empty list');
  return item;
};

/**
 * `count` profiles: diets cycle fastest, schedules next, serving sizes 1 to
 * 6; allergens, likes, dislikes and protein levels on co-prime cycles so
 * combinations vary.
 */
export function benchProfiles(count: number): readonly BenchProfile[] {
  const scheduleNames = Object.keys(SCHEDULES);
  return Array.from({ length: count }, (_, index) => {
    const diet: Diet = at(DIETS, index);
    const scheduleName = at(
      scheduleNames,
      index + Math.floor(index / DIETS.length),
    );
    const schedule = SCHEDULES[scheduleName] ?? [];
    const servingSize = 1 + (index % 6);
    const allergenIds = at(ALLERGEN_SETS, index);
    const profile: PlannerProfile = {
      schedule,
      diet,
      allergenIds,
      customAllergens: at(CUSTOM_ALLERGENS, index),
      likes: at(LIKES, index),
      dislikes: at(DISLIKES, index),
      proteinLevel: at(PROTEIN_LEVELS, index),
      servingSize,
    };
    const allergenText =
      allergenIds.length === 0 ? 'no allergens' : allergenIds.join('+');
    return {
      name: `#${index + 1} ${diet}, ${scheduleName}, ${servingSize} serving${servingSize > 1 ? 's' : ''}, ${allergenText}`,
      profile,
    };
  });
}

/** The enabled (day, slot) pairs of a schedule, in day then slot order. */
export function enabledSlots(schedule: readonly PlannerScheduleDay[]): {
  day: PlannerScheduleDay['day'];
  slot: 'breakfast' | 'lunch' | 'dinner';
}[] {
  const slots: {
    day: PlannerScheduleDay['day'];
    slot: 'breakfast' | 'lunch' | 'dinner';
  }[] = [];
  for (const day of DAYS) {
    const entry = schedule.find((item) => item.day === day);
    if (entry === undefined) continue;
    for (const slot of ['breakfast', 'lunch', 'dinner'] as const) {
      if (entry[slot]) slots.push({ day, slot });
    }
  }
  return slots;
}
