/**
 * Reads a plan as a cook would, independently of how the planner chose it:
 * the rules of acceptability (dislikes by food family, keto without sugar,
 * flour or starch, no repeat or near-duplicate, one main animal protein at
 * most once a day and about three times a week unless liked, cooking-time
 * caps) and the preference figures (share of liked meals, protein per
 * serving, distinct dishes, fresh food per serving). Families come from the
 * food data, dish kinds and head nouns from the planner's name reading; the
 * matching is redone here on the raw catalogue.
 */
import { evaluatePlan, freshGramsPerServing } from '@platewise/planner';
import type {
  MealRef,
  PlannerCatalogue,
  PlannerProfile,
  PlannerRecipe,
} from '@platewise/planner';
import { DAYS } from '@platewise/shared';

import { FOOD_FAMILIES } from '../../packages/food-data/src/catalogue/families.js';
import { breaksKeto } from '../../packages/food-data/src/keto.js';
import { dishKind, headNoun } from '../../packages/planner/src/dishes.js';
import { compileFamilies } from '../../packages/planner/src/families.js';
import { lineGrams } from '../../packages/planner/src/quantities.js';
import {
  containsPhrase,
  endsWithPhrase,
  irregularPlurals,
  textKeys,
} from '../../packages/planner/src/text.js';

/** Grams of protein per serving from which an animal food is the dish's main protein. */
export const MAIN_ANIMAL_MIN_G = 4;
export const WEEKDAY_BREAKFAST_MAX_MIN = 20;
export const DEFAULT_WEEKNIGHT_MIN = 45;

interface RecipeFacts {
  readonly recipe: PlannerRecipe;
  /** Families of its ingredients (ids). */
  readonly families: ReadonlySet<string>;
  readonly animal: string | null;
  readonly kind: string | null;
  readonly head: string | null;
  /** Word keys of its ingredient names, its name and its cuisine. */
  /** Words of its name, its lines and its ingredients' names and plurals. */
  readonly phrases: readonly (readonly string[])[];
  /** Its ingredients' synonyms. */
  readonly synonyms: readonly (readonly string[])[];
  readonly cuisineKeys: readonly string[];
}

export interface PlanChecks {
  readonly meals: number;
  readonly distinct: number;
  readonly repeats: number;
  readonly nearDuplicates: number;
  readonly proteinDayExcess: number;
  readonly proteinWeekExcess: number;
  readonly timeOver: number;
  readonly dislikeLeaks: number;
  /** Meals whose main protein is meat or fish. */
  readonly meatMeals: number;
  readonly ketoLeaks: number;
  readonly likedShare: number;
  readonly likeShares: Readonly<Record<string, number>>;
  readonly proteinPerServing: number;
  readonly freshGramsPerServing: number;
  readonly wasteGrams: number;
}

export class PlanChecker {
  private readonly facts = new Map<string, RecipeFacts>();
  private readonly irregular: ReadonlyMap<string, string>;
  private readonly familyTerms: Map<string, string[]>;
  private readonly familyCuisines: Map<string, string[][]>;

  constructor(private readonly catalogue: PlannerCatalogue) {
    const ingredients = catalogue.ingredients;
    this.irregular = irregularPlurals(ingredients);
    const phrases = ingredients.map((i) =>
      [i.name, i.plural ?? '', ...i.synonyms]
        .map((n) => textKeys(n, this.irregular))
        .filter((k) => k.length > 0),
    );
    const families = compileFamilies(
      FOOD_FAMILIES,
      ingredients,
      phrases,
      this.irregular,
    );
    this.familyTerms = new Map();
    this.familyCuisines = new Map();
    FOOD_FAMILIES.forEach((family, f) => {
      for (const term of [family.id, ...family.terms]) {
        const key = textKeys(term, this.irregular).join(' ');
        this.familyTerms.set(key, [
          ...(this.familyTerms.get(key) ?? []),
          family.id,
        ]);
      }
      this.familyCuisines.set(family.id, [...(families.cuisineKeys[f] ?? [])]);
    });
    const indexById = new Map(ingredients.map((i, n) => [i.id, n]));
    for (const recipe of catalogue.recipes) {
      const fams = new Set<string>();
      const animalProtein = new Map<string, number>();
      const recipePhrases: string[][] = [textKeys(recipe.name, this.irregular)];
      const synonymPhrases: string[][] = [];
      for (const line of recipe.lines) {
        const n =
          line.ingredientId === null
            ? undefined
            : indexById.get(line.ingredientId);
        const ingredient = n === undefined ? undefined : ingredients[n];
        if (n === undefined || ingredient === undefined) {
          recipePhrases.push(textKeys(line.name, this.irregular));
          continue;
        }
        // The ingredient's own name and plural, then its synonyms.
        const own = [ingredient.name, ingredient.plural ?? ''].filter(
          (name) => textKeys(name, this.irregular).length > 0,
        ).length;
        recipePhrases.push(...(phrases[n] ?? []).slice(0, own));
        synonymPhrases.push(...(phrases[n] ?? []).slice(own));
        families.members.forEach((members, f) => {
          if (members[n] === 1) fams.add(FOOD_FAMILIES[f]?.id ?? '');
        });
        const a = families.animalOf[n] ?? -1;
        if (a >= 0) {
          const grams = lineGrams(line, ingredient) ?? 0;
          const id = FOOD_FAMILIES[a]?.id ?? '';
          animalProtein.set(
            id,
            (animalProtein.get(id) ?? 0) +
              (grams * ingredient.proteinPer100g) /
                100 /
                Math.max(1, recipe.servingSize),
          );
        }
      }
      let animal: string | null = null;
      let best = MAIN_ANIMAL_MIN_G;
      for (const [id, grams] of animalProtein) {
        if (grams >= best) {
          best = grams;
          animal = id;
        }
      }
      this.facts.set(recipe.id, {
        recipe,
        families: fams,
        animal,
        kind: dishKind(recipe.name),
        head: headNoun(recipe.name),
        phrases: recipePhrases,
        synonyms: synonymPhrases,
        cuisineKeys:
          recipe.cuisine === null
            ? []
            : textKeys(recipe.cuisine, this.irregular),
      });
    }
  }

  factsOf(recipeId: string): RecipeFacts | undefined {
    return this.facts.get(recipeId);
  }

  /**
   * Whether a recipe matches what a person typed: its family, or the words.
   * For a like, an ingredient's synonym must end with them ("penne pasta",
   * not "pasta sauce"), as the planner reads likes.
   */
  matches(recipeId: string, term: string, like = false): boolean {
    const facts = this.facts.get(recipeId);
    if (facts === undefined) return false;
    const keys = textKeys(term, this.irregular);
    if (keys.length === 0) return false;
    for (const family of this.familyTerms.get(keys.join(' ')) ?? []) {
      if (facts.families.has(family)) return true;
      for (const cuisine of this.familyCuisines.get(family) ?? []) {
        if (containsPhrase(facts.cuisineKeys, cuisine)) return true;
      }
    }
    return (
      containsPhrase(facts.cuisineKeys, keys) ||
      facts.phrases.some((phrase) => containsPhrase(phrase, keys)) ||
      facts.synonyms.some((phrase) =>
        like ? endsWithPhrase(phrase, keys) : containsPhrase(phrase, keys),
      )
    );
  }

  /**
   * Whether a recipe breaks a dislike: as `matches`, with the families the
   * disliked one rules out too (fish: shellfish) unless a like names them.
   */
  dislikes(recipeId: string, term: string, liked: Set<string>): boolean {
    if (this.matches(recipeId, term)) return true;
    const facts = this.facts.get(recipeId);
    if (facts === undefined) return false;
    const keys = textKeys(term, this.irregular).join(' ');
    for (const id of this.familyTerms.get(keys) ?? []) {
      const family = FOOD_FAMILIES.find((f) => f.id === id);
      for (const also of family?.dislikeAlso ?? []) {
        if (!liked.has(also) && facts.families.has(also)) return true;
      }
    }
    return false;
  }

  /**
   * Whether a recipe serves a like: as `matches`, except that a like of an
   * animal protein ("chicken") counts dishes whose main protein it is, not
   * every dish cooked with chicken stock.
   */
  serves(recipeId: string, term: string): boolean {
    const facts = this.facts.get(recipeId);
    if (facts === undefined) return false;
    const keys = textKeys(term, this.irregular);
    const animal = (this.familyTerms.get(keys.join(' ')) ?? []).filter(
      (id) => FOOD_FAMILIES.find((f) => f.id === id)?.animal === true,
    );
    if (animal.length > 0) {
      return (
        (facts.animal !== null && animal.includes(facts.animal)) ||
        containsPhrase(facts.phrases[0] ?? [], keys)
      );
    }
    return this.matches(recipeId, term, true);
  }

  /** Families a like names (their proteins are not capped). */
  likedFamilies(profile: PlannerProfile): Set<string> {
    const liked = new Set<string>();
    for (const term of profile.likes) {
      const keys = textKeys(term, this.irregular).join(' ');
      for (const family of this.familyTerms.get(keys) ?? []) liked.add(family);
    }
    return liked;
  }

  check(profile: PlannerProfile, meals: readonly MealRef[]): PlanChecks {
    const facts = meals.flatMap((meal) => {
      const f = this.facts.get(meal.recipeId);
      return f === undefined ? [] : [{ meal, f }];
    });
    const n = facts.length;
    const distinct = new Set(meals.map((m) => m.recipeId)).size;
    let nearDuplicates = 0;
    for (let a = 0; a < facts.length; a += 1) {
      for (let b = a + 1; b < facts.length; b += 1) {
        const x = facts[a]?.f;
        const y = facts[b]?.f;
        if (x === undefined || y === undefined) continue;
        if (x.recipe.id === y.recipe.id) continue;
        const sameHead = x.head !== null && x.head === y.head;
        const sameKind =
          x.kind !== null &&
          x.kind === y.kind &&
          x.animal !== null &&
          x.animal === y.animal;
        if (sameHead || sameKind) nearDuplicates += 1;
      }
    }
    const liked = this.likedFamilies(profile);
    const cap = Math.max(1, Math.ceil((3 * n) / 21));
    const perDay = new Map<string, number>();
    const perWeek = new Map<string, number>();
    for (const { meal, f } of facts) {
      if (f.animal === null || liked.has(f.animal)) continue;
      const dayKey = `${meal.day}:${f.animal}`;
      perDay.set(dayKey, (perDay.get(dayKey) ?? 0) + 1);
      perWeek.set(f.animal, (perWeek.get(f.animal) ?? 0) + 1);
    }
    const excess = (map: Map<string, number>, limit: number) =>
      [...map.values()].reduce((s, c) => s + Math.max(0, c - limit), 0);
    const weeknight = profile.weeknightCookingMinutes ?? DEFAULT_WEEKNIGHT_MIN;
    let timeOver = 0;
    for (const { meal, f } of facts) {
      if (DAYS.indexOf(meal.day) > 4) continue;
      const minutes = f.recipe.totalCookingTime ?? 45;
      const limit =
        meal.slot === 'breakfast' ? WEEKDAY_BREAKFAST_MAX_MIN : weeknight;
      if (minutes > limit) timeOver += 1;
    }
    const dislikeLeaks = facts.filter(({ meal }) =>
      profile.dislikes.some((term) =>
        this.dislikes(meal.recipeId, term, liked),
      ),
    ).length;
    const meatMeals = facts.filter(
      ({ f }) =>
        f.animal !== null &&
        FOOD_FAMILIES.some(
          (family) =>
            family.id === f.animal &&
            (family.flags ?? []).some((x) => x === 'meat' || x === 'fish'),
        ),
    ).length;
    const ketoLeaks =
      profile.diet === 'ketogenic'
        ? facts.filter(({ f }) =>
            f.recipe.lines.some(
              (line) =>
                line.ingredientId !== null &&
                breaksKeto(line.ingredientId, line.name),
            ),
          ).length
        : 0;
    const likeShares: Record<string, number> = {};
    for (const term of profile.likes) {
      likeShares[term] =
        n === 0
          ? 0
          : facts.filter(({ meal }) => this.serves(meal.recipeId, term))
              .length / n;
    }
    const likedShare =
      n === 0
        ? 0
        : facts.filter(({ meal }) =>
            profile.likes.some((term) => this.serves(meal.recipeId, term)),
          ).length / n;
    const protein =
      n === 0
        ? 0
        : facts.reduce((s, { f }) => s + f.recipe.proteinPerServingG, 0) / n;
    const totals = evaluatePlan(
      this.catalogue,
      meals,
      profile.servingSize,
    ).totals;
    return {
      meals: n,
      distinct,
      repeats: n - distinct,
      nearDuplicates,
      proteinDayExcess: excess(perDay, 1),
      proteinWeekExcess: excess(perWeek, cap),
      timeOver,
      dislikeLeaks,
      meatMeals,
      ketoLeaks,
      likedShare,
      likeShares,
      proteinPerServing: protein,
      // The planner's own measure (its fresh floor): perishable grams per
      // serving, not opened cans (issue 22).
      freshGramsPerServing: freshGramsPerServing(this.catalogue, meals),
      wasteGrams: totals.wasteGrams,
    };
  }
}

/** The rules a week breaks, by name, as plan-checks.ts counts them. */
export function brokenCounts(checks: PlanChecks): Record<string, number> {
  return {
    repeats: checks.repeats,
    nearDuplicates: checks.nearDuplicates,
    proteinDayExcess: checks.proteinDayExcess,
    proteinWeekExcess: checks.proteinWeekExcess,
    timeOver: checks.timeOver,
    dislikeLeaks: checks.dislikeLeaks,
    ketoLeaks: checks.ketoLeaks,
  };
}

/**
 * The rules a week breaks and its like shares, as the weeks to read print
 * them: "nearDuplicates 1" (or "none") and "chicken 48 %, Mexican 33 %".
 */
export function describeChecks(checks: PlanChecks): {
  broken: string;
  likes: string;
} {
  const broken = Object.entries(brokenCounts(checks))
    .filter(([, v]) => v > 0)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const likes = Object.entries(checks.likeShares)
    .map(([k, v]) => `${k} ${Math.round(v * 100)} %`)
    .join(', ');
  return { broken: broken === '' ? 'none' : broken, likes };
}
