/**
 * The rules of acceptability over random catalogues and profiles: a plan
 * never breaks one silently (every break is in the meal's `broken` and the
 * plan's list, like an unfilled slot's reason), and with enough distinct
 * valid recipes it breaks none. The oracle reads names built from one noun
 * per dish and proteins from two animal ingredients, so it needs no
 * matching of its own.
 */
import { DAYS, MEAL_SLOTS } from '@platewise/shared';
import type { MealSlot } from '@platewise/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { compileCatalogue } from './catalogue.js';
import type {
  PlannerFoodFamily,
  PlannerIngredient,
  PlannerProfile,
  PlannerRecipe,
  PlanResult,
} from './plan-types.js';
import { generatePlan } from './planner.js';
import { catalogueOf, ingredient } from './test-support/builders.js';

const PROPERTY_TIMEOUT_MS = 120_000;
/** Dish nouns, each its own dish kind or none. */
const NOUNS = [
  'curry',
  'salad',
  'stew',
  'tacos',
  'soup',
  'pie',
  'risotto',
  'gratin',
  'frittata',
  'porridge',
  'skewers',
  'pizza',
  'dumplings',
  'hash',
  'noodles',
  'burger',
] as const;
const ANIMALS = ['salmon', 'pork'] as const;
const FAMILIES: PlannerFoodFamily[] = [
  { id: 'fish', terms: ['fish'], members: ['salmon'], animal: true },
  { id: 'pork', terms: ['pork'], members: ['pork'], animal: true },
];
const INGREDIENTS: PlannerIngredient[] = [
  ingredient('salmon', {
    flags: ['fish'],
    proteinPer100g: 20,
    package: { size: 300, unit: 'g', label: 'pack' },
  }),
  ingredient('pork', {
    flags: ['meat'],
    proteinPer100g: 20,
    package: { size: 300, unit: 'g', label: 'pack' },
  }),
  ingredient('leek', { package: { size: 250, unit: 'g', label: 'bunch' } }),
  ingredient('rice', { perishable: false }),
];

interface Dish {
  readonly noun: number;
  readonly animal: number;
  readonly minutes: number;
  readonly types: readonly MealSlot[];
}

const dishArb: fc.Arbitrary<Dish> = fc.record({
  noun: fc.nat(NOUNS.length - 1),
  animal: fc.integer({ min: -1, max: ANIMALS.length - 1 }),
  minutes: fc.constantFrom(10, 15, 20, 30, 45, 60, 90),
  types: fc.subarray([...MEAL_SLOTS], { minLength: 1 }),
});

const recipeOf = (dish: Dish, k: number): PlannerRecipe => {
  const animal = ANIMALS[dish.animal];
  return {
    id: `r${k}`,
    name: `Dish ${k} ${NOUNS[dish.noun] ?? 'stew'}`,
    cuisine: null,
    mealTypes: dish.types,
    diets: ['none'],
    allergens: [],
    proteinLevel: 'medium',
    proteinPerServingG: animal === undefined ? 5 : 30,
    rating: 4,
    totalCookingTime: dish.minutes,
    servingSize: 1,
    tags: [],
    lines: [
      { ingredientId: 'leek', name: 'leek', quantity: 50, unit: 'g' },
      { ingredientId: 'rice', name: 'rice', quantity: 80, unit: 'g' },
      ...(animal === undefined
        ? []
        : [{ ingredientId: animal, name: animal, quantity: 150, unit: 'g' }]),
    ],
  };
};

const profileArb: fc.Arbitrary<PlannerProfile> = fc
  .tuple(
    fc.array(fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()), {
      minLength: 7,
      maxLength: 7,
    }),
    fc.constantFrom(undefined, 30, 45, 60),
    // A liked animal protein lifts its weekly cap, never the once a day.
    fc.constantFrom([], ['fish'], ['pork']),
  )
  .map(([days, weeknight, likes]) => ({
    schedule: DAYS.map((day, d) => ({
      day,
      breakfast: days[d]?.[0] ?? false,
      lunch: days[d]?.[1] ?? false,
      dinner: days[d]?.[2] ?? false,
    })),
    diet: 'none',
    allergenIds: [],
    customAllergens: [],
    likes,
    dislikes: [],
    proteinLevel: null,
    servingSize: 1,
    ...(weeknight === undefined ? {} : { weeknightCookingMinutes: weeknight }),
  }));

/** The rules each meal breaks, read from names, times and proteins alone. */
function oracle(
  recipes: readonly PlannerRecipe[],
  profile: PlannerProfile,
  plan: PlanResult,
): Set<string> {
  const byId = new Map(recipes.map((r) => [r.id, r]));
  const noun = (id: string) => byId.get(id)?.name.split(' ').pop();
  const animal = (id: string) =>
    byId.get(id)?.lines.find((l) => ANIMALS.some((a) => a === l.ingredientId))
      ?.ingredientId;
  const meals = plan.meals;
  const cap = Math.max(1, Math.ceil((3 * meals.length) / 21));
  const liked = new Set(
    FAMILIES.filter((f) => profile.likes.includes(f.id)).flatMap(
      (f) => f.members ?? [],
    ),
  );
  const breaking = new Set<string>();
  const key = (m: { day: string; slot: string }) => `${m.day} ${m.slot}`;
  meals.forEach((m) => {
    const r = byId.get(m.recipeId);
    if (r === undefined) return;
    const others = meals.filter((o) => o !== m);
    const weekday = DAYS.indexOf(m.day) < 5;
    const limit =
      m.slot === 'breakfast' ? 20 : (profile.weeknightCookingMinutes ?? 45);
    const a = animal(m.recipeId);
    if (
      others.some((o) => o.recipeId === m.recipeId) ||
      (weekday && (r.totalCookingTime ?? 0) > limit) ||
      others.some(
        (o) => o.recipeId !== m.recipeId && noun(o.recipeId) === noun(r.id),
      ) ||
      (a !== undefined &&
        (others.some((o) => o.day === m.day && animal(o.recipeId) === a) ||
          (!liked.has(a ?? '') &&
            meals.filter((o) => animal(o.recipeId) === a).length > cap)))
    ) {
      breaking.add(key(m));
    }
  });
  return breaking;
}

describe('rules of acceptability', () => {
  it(
    'never breaks a rule without saying so',
    () => {
      fc.assert(
        fc.property(
          fc.array(dishArb, { minLength: 1, maxLength: 30 }),
          profileArb,
          fc.integer(),
          (dishes, profile, seed) => {
            const recipes = dishes.map(recipeOf);
            const catalogue = compileCatalogue(
              INGREDIENTS,
              recipes,
              [],
              FAMILIES,
            );
            const plan = generatePlan({ catalogue, profile, locked: [], seed });
            const said = [
              ...new Set((plan.broken ?? []).map((b) => `${b.day} ${b.slot}`)),
            ].sort();
            const breaking = [...oracle(recipes, profile, plan)].sort();
            // Every meal breaking a rule says so, and only those.
            expect(said).toEqual(breaking);
            const flagged = plan.meals
              .filter((m) => (m.broken?.length ?? 0) > 0)
              .map((m) => `${m.day} ${m.slot}`)
              .sort();
            expect(flagged).toEqual(breaking);
            // Its reason is the rules it breaks.
            const sayings = plan.meals
              .filter((m) => m.broken !== undefined)
              .map((m) => [m.reason, m.broken?.join('; ')]);
            for (const [reason, words] of sayings) expect(reason).toBe(words);
            // And the plan lists each such meal, as its reason says it.
            const listed = plan.notes
              .filter((note) => note.code === 'rule-broken')
              .map((note) => `${note.day} ${note.slot}: ${note.reason}`);
            expect(listed).toEqual(
              plan.meals
                .filter((m) => m.broken !== undefined)
                .map((m) => `${m.day} ${m.slot}: ${m.reason}`),
            );
          },
        ),
        { numRuns: 40 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'breaks none when enough distinct, quick, varied recipes fit',
    () => {
      fc.assert(
        fc.property(profileArb, fc.integer(), (profile, seed) => {
          // Every dish its own noun, ten minutes, no animal protein: all 21
          // slots can be filled without breaking a rule.
          const recipes = Array.from({ length: 24 }, (_, k) => ({
            ...recipeOf({ noun: 0, animal: -1, minutes: 10, types: [] }, k),
            name: `Dish${k}`,
            mealTypes: [...MEAL_SLOTS],
          }));
          const catalogue = catalogueOf(INGREDIENTS, recipes);
          const plan = generatePlan({ catalogue, profile, locked: [], seed });
          expect(plan.broken).toBeUndefined();
          expect(oracle(recipes, profile, plan).size).toBe(0);
          const ids = plan.meals.map((m) => m.recipeId);
          expect(new Set(ids).size).toBe(ids.length);
        }),
        { numRuns: 25 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
