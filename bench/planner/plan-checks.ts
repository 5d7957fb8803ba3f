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
import { filterForProfile } from '../../packages/planner/src/constraints.js';
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
/** Weekend meals within three hours when the catalogue allows (the planner's softer weekend cap). */
export const WEEKEND_MAX_MIN = 180;

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
  /** Weekend meals over WEEKEND_MAX_MIN. */
  readonly weekendTimeOver: number;
  /**
   * Of the repeats, near-duplicates and cooking times over their cap
   * (weekday or weekend), how
   * many no week of these slots can avoid (see PlanChecker.forcedBreaks):
   * forced by the catalogue, not broken by the planner.
   */
  readonly forced: number;
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
  /** Per profile: its valid recipes per meal type (the planner's filter). */
  private readonly validOf = new WeakMap<
    PlannerProfile,
    readonly (readonly PlannerRecipe[])[]
  >();
  /** Per profile and slots: forcedBreaks' answer. */
  private readonly forcedOf = new WeakMap<
    PlannerProfile,
    Map<string, number>
  >();
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

  /**
   * A lower bound of the repeats, near-duplicates and cooking times over
   * their cap that any week filling these slots must have: each meal needs a
   * dish of its own name (head noun: two meals sharing one are a repeat or a
   * near-duplicate) among the recipes the profile allows for its meal type,
   * within its slot's cooking-time cap (else it breaks that cap). So at least
   * slots − (the most slots distinct head nouns can fill, a bipartite
   * matching) meals break one of those rules, whatever the planner does.
   * Other near-duplicate keys (same main protein and dish kind) and the
   * other rules are left out, which keeps it a lower bound.
   */
  forcedBreaks(profile: PlannerProfile, meals: readonly MealRef[]): number {
    const weeknight = profile.weeknightCookingMinutes ?? DEFAULT_WEEKNIGHT_MIN;
    const slots = meals.map((meal) => ({
      type: (['breakfast', 'lunch', 'dinner'] as const).indexOf(meal.slot),
      cap:
        DAYS.indexOf(meal.day) > 4
          ? WEEKEND_MAX_MIN
          : meal.slot === 'breakfast'
            ? WEEKDAY_BREAKFAST_MAX_MIN
            : weeknight,
    }));
    const key = slots.map((slot) => `${slot.type}:${slot.cap}`).join(',');
    const known = this.forcedOf.get(profile) ?? new Map<string, number>();
    this.forcedOf.set(profile, known);
    const cached = known.get(key);
    if (cached !== undefined) return cached;
    const valid = this.validRecipes(profile);
    // Per slot, the head nouns that can fill it (a recipe without one is
    // its own).
    const heads = new Map<string, number>();
    const options = slots.map(({ type, cap }) => {
      const out = new Set<number>();
      for (const recipe of valid[type] ?? []) {
        if ((recipe.totalCookingTime ?? 45) > cap) continue;
        const head = this.facts.get(recipe.id)?.head ?? `#${recipe.id}`;
        let id = heads.get(head);
        if (id === undefined) {
          id = heads.size;
          heads.set(head, id);
        }
        out.add(id);
      }
      return [...out];
    });
    // Kuhn's augmenting paths: at most 21 slots.
    const holder = new Map<number, number>();
    const augment = (s: number, seen: Set<number>): boolean => {
      for (const h of options[s] ?? []) {
        if (seen.has(h)) continue;
        seen.add(h);
        const other = holder.get(h);
        if (other === undefined || augment(other, seen)) {
          holder.set(h, s);
          return true;
        }
      }
      return false;
    };
    let matched = 0;
    for (let s = 0; s < slots.length; s += 1) {
      if (augment(s, new Set())) matched += 1;
    }
    const forced = slots.length - matched;
    known.set(key, forced);
    return forced;
  }

  /**
   * An upper bound of the fresh food per serving (freshGramsPerServing) of
   * any week filling these slots that keeps the cooking-time caps where the
   * catalogue allows: per meal type, the weekday slots take the freshest
   * recipes within their cap (then, if too few, the freshest others) and the
   * weekend slots the freshest of the rest; a recipe may serve two meal
   * types (relaxed), so no such week carries more. Below the random median,
   * no valid week reaches it: the fresh floor is forced, not missed.
   */
  freshBound(profile: PlannerProfile, meals: readonly MealRef[]): number {
    if (meals.length === 0) return 0;
    const weeknight = profile.weeknightCookingMinutes ?? DEFAULT_WEEKNIGHT_MIN;
    const valid = this.validRecipes(profile);
    const grams = new Map<string, number>();
    const fresh = (recipe: PlannerRecipe): number => {
      let g = grams.get(recipe.id);
      if (g === undefined) {
        g = freshGramsPerServing(this.catalogue, [{ recipeId: recipe.id }]);
        grams.set(recipe.id, g);
      }
      return g;
    };
    let total = 0;
    (['breakfast', 'lunch', 'dinner'] as const).forEach((slot, type) => {
      const ofType = meals.filter((meal) => meal.slot === slot);
      const weekday = ofType.filter((meal) => DAYS.indexOf(meal.day) <= 4);
      const cap = slot === 'breakfast' ? WEEKDAY_BREAKFAST_MAX_MIN : weeknight;
      const sorted = [...(valid[type] ?? [])].sort(
        (a, b) => fresh(b) - fresh(a),
      );
      const taken = new Set(
        sorted
          .filter((recipe) => (recipe.totalCookingTime ?? 45) <= cap)
          .slice(0, weekday.length),
      );
      const rest = sorted
        .filter((recipe) => !taken.has(recipe))
        .slice(0, ofType.length - taken.size);
      for (const recipe of [...taken, ...rest]) total += fresh(recipe);
    });
    return total / meals.length;
  }

  /**
   * Whether some week filling these slots keeps the rules this checker
   * counts (no repeat, no two dishes of one head noun or of one main animal
   * protein and dish kind, an unliked main animal protein at most once a
   * day and its weekly cap, weekday cooking-time caps) and carries at least
   * `target` grams of fresh food per serving: a depth-first search over the
   * slots, freshest recipes first, cut where even the freshest recipe of
   * each slot left cannot reach the target. Undefined when `budget` nodes do
   * not settle it.
   */
  freshReachable(
    profile: PlannerProfile,
    meals: readonly MealRef[],
    target: number,
    budget = 200_000,
  ): boolean | undefined {
    const weeknight = profile.weeknightCookingMinutes ?? DEFAULT_WEEKNIGHT_MIN;
    const valid = this.validRecipes(profile);
    const liked = this.likedFamilies(profile);
    const cap = Math.max(1, Math.ceil((3 * meals.length) / 21));
    const fresh = new Map<string, number>();
    const slots = meals.map((meal) => {
      const type = (['breakfast', 'lunch', 'dinner'] as const).indexOf(
        meal.slot,
      );
      const day = DAYS.indexOf(meal.day);
      const limit =
        day > 4
          ? Number.POSITIVE_INFINITY
          : meal.slot === 'breakfast'
            ? WEEKDAY_BREAKFAST_MAX_MIN
            : weeknight;
      const options = (valid[type] ?? [])
        .filter((recipe) => (recipe.totalCookingTime ?? 45) <= limit)
        .map((recipe) => {
          const grams = freshGramsPerServing(this.catalogue, [
            { recipeId: recipe.id },
          ]);
          fresh.set(recipe.id, grams);
          return { recipe, grams, facts: this.facts.get(recipe.id) };
        })
        .sort((a, b) => b.grams - a.grams);
      return { day, options };
    });
    // The most each slot from s on can add: its freshest option.
    const rest = new Float64Array(slots.length + 1);
    for (let s = slots.length - 1; s >= 0; s -= 1) {
      rest[s] = (rest[s + 1] ?? 0) + (slots[s]?.options[0]?.grams ?? 0);
    }
    const need = target * meals.length - 1e-9;
    const used = new Set<string>();
    const heads = new Set<string>();
    const kinds = new Set<string>();
    const perDay = new Map<string, number>();
    const perWeek = new Map<string, number>();
    let nodes = 0;
    const search = (s: number, sum: number): boolean | undefined => {
      if (sum >= need) return true;
      if (s === slots.length || sum + (rest[s] ?? 0) < need) return false;
      const slot = slots[s];
      if (slot === undefined) return false;
      for (const { recipe, grams, facts } of slot.options) {
        if (sum + grams + (rest[s + 1] ?? 0) < need) break;
        nodes += 1;
        if (nodes > budget) return undefined;
        if (used.has(recipe.id)) continue;
        const head = facts?.head ?? null;
        if (head !== null && heads.has(head)) continue;
        const animal = facts?.animal ?? null;
        const kind =
          facts?.kind !== null && animal !== null
            ? `${facts?.kind}:${animal}`
            : null;
        if (kind !== null && kinds.has(kind)) continue;
        const counted = animal !== null && !liked.has(animal);
        const dayKey = `${slot.day}:${animal}`;
        if (
          counted &&
          ((perDay.get(dayKey) ?? 0) >= 1 || (perWeek.get(animal) ?? 0) >= cap)
        ) {
          continue;
        }
        used.add(recipe.id);
        if (head !== null) heads.add(head);
        if (kind !== null) kinds.add(kind);
        if (counted) {
          perDay.set(dayKey, (perDay.get(dayKey) ?? 0) + 1);
          perWeek.set(animal, (perWeek.get(animal) ?? 0) + 1);
        }
        const found = search(s + 1, sum + grams);
        used.delete(recipe.id);
        if (head !== null) heads.delete(head);
        if (kind !== null) kinds.delete(kind);
        if (counted) {
          perDay.set(dayKey, (perDay.get(dayKey) ?? 0) - 1);
          perWeek.set(animal, (perWeek.get(animal) ?? 0) - 1);
        }
        if (found !== false) return found;
      }
      return false;
    };
    return search(0, 0);
  }

  /** The recipes a profile allows per meal type (the planner's filter). */
  private validRecipes(
    profile: PlannerProfile,
  ): readonly (readonly PlannerRecipe[])[] {
    let valid = this.validOf.get(profile);
    if (valid === undefined) {
      const filter = filterForProfile(this.catalogue, profile);
      valid = filter.validByType.map((list) =>
        Array.from(list, (r) => this.catalogue.recipes[r]).filter(
          (recipe) => recipe !== undefined,
        ),
      );
      this.validOf.set(profile, valid);
    }
    return valid;
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
    let weekendTimeOver = 0;
    for (const { meal, f } of facts) {
      const minutes = f.recipe.totalCookingTime ?? 45;
      if (DAYS.indexOf(meal.day) > 4) {
        if (minutes > WEEKEND_MAX_MIN) weekendTimeOver += 1;
        continue;
      }
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
    const repeats = n - distinct;
    const avoidable = repeats + nearDuplicates + timeOver + weekendTimeOver;
    return {
      meals: n,
      distinct,
      repeats,
      nearDuplicates,
      proteinDayExcess: excess(perDay, 1),
      proteinWeekExcess: excess(perWeek, cap),
      timeOver,
      weekendTimeOver,
      forced:
        avoidable === 0
          ? 0
          : Math.min(
              avoidable,
              this.forcedBreaks(
                profile,
                facts.map(({ meal }) => meal),
              ),
            ),
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

/**
 * The rules a week breaks, by name, as plan-checks.ts counts them; the
 * breaks the catalogue forces (PlanChecks.forced) are not counted here but
 * under `forced`, taken from repeats first, then near-duplicates, then
 * cooking times.
 */
export function brokenCounts(checks: PlanChecks): Record<string, number> {
  let forced = checks.forced;
  const unforced = (count: number): number => {
    const taken = Math.min(count, forced);
    forced -= taken;
    return count - taken;
  };
  return {
    repeats: unforced(checks.repeats),
    nearDuplicates: unforced(checks.nearDuplicates),
    proteinDayExcess: checks.proteinDayExcess,
    proteinWeekExcess: checks.proteinWeekExcess,
    timeOver: unforced(checks.timeOver),
    weekendTimeOver: unforced(checks.weekendTimeOver),
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
    .concat(
      checks.forced > 0 ? [`forced by the catalogue ${checks.forced}`] : [],
    )
    .join(', ');
  const likes = Object.entries(checks.likeShares)
    .map(([k, v]) => `${k} ${Math.round(v * 100)} %`)
    .join(', ');
  return { broken: broken === '' ? 'none' : broken, likes };
}
