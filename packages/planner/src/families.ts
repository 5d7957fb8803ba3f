/**
 * Food families (data in @platewise/food-data): what a word a person types
 * ("pork", "seafood", "tex mex") means in the catalogue. An ingredient is a
 * member when it is listed by id, or when one of its names contains a
 * member phrase as whole words, that same name contains no `except` phrase,
 * and it carries one of the family's flags (when the family names flags).
 * Built once per catalogue version, O(ingredients × member phrases).
 */
import type { PlannerFoodFamily, PlannerIngredient } from './plan-types.js';
import { containsPhrase, textKeys } from './text.js';

/** The families resolved against one catalogue; internal to the planner. */
export interface CompiledFamilies {
  /** Family ids, in input order. */
  readonly ids: readonly string[];
  /** A term's word keys joined by spaces → the families it names (includes expanded). */
  readonly byTerm: ReadonlyMap<string, readonly number[]>;
  /** Per family: 1 per member ingredient index. */
  readonly members: readonly Uint8Array[];
  /** Per family: word keys of its cuisines. */
  readonly cuisineKeys: readonly (readonly string[][])[];
  /** Per family: whether it is a main animal protein. */
  readonly animal: readonly boolean[];
  /**
   * Per family: whether it is a meat or fish protein (an animal family
   * flagged 'meat' or 'fish'; eggs are not): what an omnivore's week may not
   * drop to cut waste.
   */
  readonly meat: readonly boolean[];
  /** Per family: the families a dislike of it also rules out unless liked. */
  readonly dislikeAlso: readonly (readonly number[])[];
  /** Per ingredient: the first animal family it belongs to, -1 when none. */
  readonly animalOf: Int32Array;
}

const phrasesOf = (
  list: readonly string[] | undefined,
  irregular: ReadonlyMap<string, string>,
): string[][] =>
  (list ?? [])
    .map((text) => textKeys(text, irregular))
    .filter((keys) => keys.length > 0);

/** Resolves `families` against the catalogue's ingredients. */
export function compileFamilies(
  families: readonly PlannerFoodFamily[],
  ingredients: readonly PlannerIngredient[],
  ingredientPhrases: readonly (readonly string[][])[],
  irregular: ReadonlyMap<string, string>,
): CompiledFamilies {
  const ids = families.map((family) => family.id);
  const indexById = new Map(ids.map((id, f) => [id, f]));
  const direct = families.map((family) => {
    const members = new Uint8Array(ingredients.length);
    const memberPhrases = phrasesOf(family.members, irregular);
    const exceptPhrases = phrasesOf(family.except, irregular);
    const listed = new Set(family.ingredientIds ?? []);
    const flags = family.flags ?? [];
    ingredients.forEach((ingredient, i) => {
      if (listed.has(ingredient.id)) {
        members[i] = 1;
        return;
      }
      if (
        flags.length > 0 &&
        !flags.some((flag) => ingredient.flags.includes(flag))
      ) {
        return;
      }
      const names = ingredientPhrases[i] ?? [];
      const hit = names.some(
        (name) =>
          memberPhrases.some((member) => containsPhrase(name, member)) &&
          !exceptPhrases.some((except) => containsPhrase(name, except)),
      );
      if (hit) members[i] = 1;
    });
    return members;
  });
  // Includes, transitively (a family list is small: a fixed-point loop).
  const closure = families.map((_, f) => new Set([f]));
  let grew = true;
  while (grew) {
    grew = false;
    families.forEach((family, f) => {
      const set = closure[f] ?? new Set<number>();
      for (const id of family.includes ?? []) {
        const g = indexById.get(id);
        if (g === undefined) continue;
        for (const h of closure[g] ?? []) {
          if (!set.has(h)) {
            set.add(h);
            grew = true;
          }
        }
      }
    });
  }
  const members = closure.map((set) => {
    const merged = new Uint8Array(ingredients.length);
    for (const f of set) {
      const own = direct[f];
      if (own === undefined) continue;
      for (let i = 0; i < merged.length; i += 1) {
        if (own[i] === 1) merged[i] = 1;
      }
    }
    return merged;
  });
  const cuisineKeys = closure.map((set) =>
    [...set].flatMap((f) => phrasesOf(families[f]?.cuisines, irregular)),
  );
  const byTerm = new Map<string, number[]>();
  families.forEach((family, f) => {
    for (const keys of phrasesOf([family.id, ...family.terms], irregular)) {
      const key = keys.join(' ');
      const list = byTerm.get(key) ?? [];
      if (!list.includes(f)) list.push(f);
      byTerm.set(key, list);
    }
  });
  const animal = families.map((family) => family.animal === true);
  const meat = families.map(
    (family) =>
      family.animal === true &&
      (family.flags ?? []).some((flag) => flag === 'meat' || flag === 'fish'),
  );
  const animalOf = new Int32Array(ingredients.length).fill(-1);
  for (let i = 0; i < ingredients.length; i += 1) {
    for (let f = 0; f < families.length; f += 1) {
      if (animal[f] === true && direct[f]?.[i] === 1) {
        animalOf[i] = f;
        break;
      }
    }
  }
  const dislikeAlso = families.map((family) =>
    (family.dislikeAlso ?? [])
      .map((id) => indexById.get(id) ?? -1)
      .filter((g) => g >= 0),
  );
  return {
    ids,
    byTerm,
    members,
    cuisineKeys,
    animal,
    meat,
    dislikeAlso,
    animalOf,
  };
}

/** The families a user's term names (its word keys), or []. */
export function familiesOfTerm(
  compiled: CompiledFamilies,
  keys: readonly string[],
): readonly number[] {
  return compiled.byTerm.get(keys.join(' ')) ?? [];
}
