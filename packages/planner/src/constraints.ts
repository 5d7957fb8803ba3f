/**
 * The hard constraints of a profile, turned into the valid candidates of
 * each meal type: meal type, diet (the recipe's derived `diets`, never its
 * tags), allergens (catalogue ids through the allergen-to-ingredient map,
 * and custom allergens matched on ingredient names, synonyms and plurals,
 * naming a catalogue allergen acting as its id) and dislikes (an ingredient
 * by name as a whole-word phrase inside longer names, a cuisine, a word of
 * the dish's name). Work is O(catalogue) per profile, bounded by the number
 * of terms (the shared schema limits them).
 */
import { DIET_LABELS, DIETS, MEAL_SLOTS } from '@platewise/shared';
import type { MealSlot } from '@platewise/shared';

import { indexOf } from './catalogue.js';
import type { CatalogueIndex } from './catalogue.js';
import { familiesOfTerm } from './families.js';
import type { PlannerCatalogue, PlannerProfile } from './plan-types.js';
import {
  containsPhrase,
  endsWithPhrase,
  foldText,
  samePhrase,
  textKeys,
} from './text.js';

/** Terms beyond this many (per list) are ignored: a bound on CPU per request. */
export const MAX_TERMS = 100;

/** Why a recipe is excluded (the first hard rule it breaks), for unfilled reasons. */
interface Exclusion {
  /** Human words: "peanut", "mushroom". */
  readonly label: string;
}

export interface ProfileFilter {
  /** Per recipe: the exclusion (allergen or dislike) it breaks, or undefined. */
  readonly excludedBy: readonly (Exclusion | undefined)[];
  /** Per meal type (MEAL_SLOTS order): valid recipe indexes, ascending. */
  readonly validByType: readonly Int32Array[];
  /** Per recipe: 1 when valid for some meal type of the profile. */
  readonly valid: Uint8Array;
  /** Per recipe: the like it matches (as the reason words), or undefined. */
  readonly likedAs: readonly (string | undefined)[];
  /** The likes, cleaned, in order (at most MAX_TRACKED_LIKES). */
  readonly likeTerms: readonly string[];
  /** Per recipe: bit k set when it matches likeTerms[k]. */
  readonly likeBits: Uint32Array;
  /** Per like: valid recipes matching it. */
  readonly likeValidCount: readonly number[];
  /** Per family index: 1 when a like names it (its protein is not capped). */
  readonly likedFamily: Uint8Array;
}

/** Likes tracked one by one (the "a third of the meals" rule); more still count as likes. */
export const MAX_TRACKED_LIKES = 16;

const cleanTerms = (terms: readonly string[]): string[] =>
  [...new Set(terms.map((term) => term.trim()).filter((term) => term !== ''))]
    .slice(0, MAX_TERMS)
    .filter((term) => foldText(term) !== '');

/**
 * Recipes using an ingredient whose name, plural or synonym contains `keys`.
 * For a like (`liked`), a synonym must end with them: it is another name of
 * the ingredient, so "penne pasta" is pasta, but "pasta sauce" (marinara),
 * "coconut sugar" (brown sugar) and "lemon thyme" (thyme) are not what a
 * pasta, coconut or lemon lover asked for; the ingredient's own name still
 * counts wherever the words stand ("coconut milk" for coconut).
 */
function recipesByIngredientPhrase(
  index: CatalogueIndex,
  keys: readonly string[],
  mark: (r: number) => void,
  liked = false,
): void {
  index.ingredientPhrases.forEach((phrases, i) => {
    const names = liked ? (index.ingredientNameCount[i] ?? 0) : phrases.length;
    if (
      !phrases.some((phrase, j) =>
        j < names ? containsPhrase(phrase, keys) : endsWithPhrase(phrase, keys),
      )
    ) {
      return;
    }
    const end = index.recipesStart[i + 1] ?? 0;
    for (let k = index.recipesStart[i] ?? 0; k < end; k += 1) {
      mark(index.recipesOf[k] ?? 0);
    }
  });
  // Lines the catalogue does not know, by their written name.
  const first = keys[0];
  if (first === undefined) return;
  for (const r of index.unknownWordRecipes.get(first) ?? []) {
    if (index.unknownLineKeys[r]?.some((line) => containsPhrase(line, keys))) {
      mark(r);
    }
  }
}

/** Recipes whose dish name contains `keys` as whole words. */
function recipesByNamePhrase(
  index: CatalogueIndex,
  keys: readonly string[],
  mark: (r: number) => void,
): void {
  const first = keys[0];
  if (first === undefined) return;
  for (const r of index.nameWordRecipes.get(first) ?? []) {
    if (containsPhrase(index.nameKeys[r] ?? [], keys)) mark(r);
  }
}

/** Recipes whose cuisine contains `keys`. */
function recipesByCuisine(
  index: CatalogueIndex,
  keys: readonly string[],
  mark: (r: number) => void,
): void {
  index.cuisineKeys.forEach((cuisine, r) => {
    if (containsPhrase(cuisine, keys)) mark(r);
  });
}

/** Whether a term names a cuisine of the catalogue or of a cuisine family. */
function namesCuisine(index: CatalogueIndex, keys: readonly string[]): boolean {
  if (index.cuisineKeys.some((cuisine) => samePhrase(cuisine, keys))) {
    return true;
  }
  return familiesOfTerm(index.families, keys).some(
    (f) => (index.families.cuisineKeys[f]?.length ?? 0) > 0,
  );
}

/** Recipes using an ingredient of family f, or of a cuisine of f. */
function recipesByFamily(
  index: CatalogueIndex,
  f: number,
  mark: (r: number) => void,
): void {
  const members = index.families.members[f];
  if (members !== undefined) {
    for (let i = 0; i < members.length; i += 1) {
      if (members[i] !== 1) continue;
      const end = index.recipesStart[i + 1] ?? 0;
      for (let k = index.recipesStart[i] ?? 0; k < end; k += 1) {
        mark(index.recipesOf[k] ?? 0);
      }
    }
  }
  for (const cuisine of index.families.cuisineKeys[f] ?? []) {
    recipesByCuisine(index, cuisine, mark);
  }
}

/**
 * The families the likes name, by a family word ("shellfish") or by one of
 * the family's foods ("prawns"): a dislike's dislikeAlso spares them.
 */
function familiesNamedByLikes(
  index: CatalogueIndex,
  likes: readonly string[],
): Set<number> {
  const named = new Set<number>();
  const { families } = index;
  for (const like of likes) {
    const keys = textKeys(like, index.irregular);
    for (const f of familiesOfTerm(families, keys)) named.add(f);
    index.ingredientPhrases.forEach((phrases, i) => {
      if (!phrases.some((phrase) => containsPhrase(phrase, keys))) return;
      families.members.forEach((members, f) => {
        if (members[i] === 1 && families.animal[f] === true) named.add(f);
      });
    });
  }
  return named;
}

/** Builds the filter of a profile over a compiled catalogue. */
export function filterForProfile(
  catalogue: PlannerCatalogue,
  profile: PlannerProfile,
): ProfileFilter {
  const index = indexOf(catalogue);
  const count = catalogue.recipes.length;
  const excludedBy: (Exclusion | undefined)[] = new Array<
    Exclusion | undefined
  >(count).fill(undefined);
  const exclude = (label: string) => (r: number) => {
    excludedBy[r] ??= { label };
  };

  // Catalogue allergens, and custom allergens naming one of them.
  const allergenIds = new Set(profile.allergenIds);
  const allergenLabel = new Map<string, string>();
  for (const allergen of catalogue.allergens) {
    allergenLabel.set(allergen.id, allergen.name.toLowerCase());
  }
  const customAllergens = cleanTerms(profile.customAllergens);
  for (const term of customAllergens) {
    const keys = textKeys(term, index.irregular);
    for (const [id, phrases] of index.allergenPhrases) {
      if (phrases.some((phrase) => containsPhrase(phrase, keys))) {
        allergenIds.add(id);
      }
    }
    recipesByIngredientPhrase(index, keys, exclude(term.toLowerCase()));
  }
  if (allergenIds.size > 0) {
    index.recipeAllergens.forEach((ids, r) => {
      for (const id of ids) {
        if (allergenIds.has(id)) {
          exclude(allergenLabel.get(id) ?? id)(r);
          return;
        }
      }
    });
  }

  const likedByName = familiesNamedByLikes(index, cleanTerms(profile.likes));
  for (const term of cleanTerms(profile.dislikes)) {
    const keys = textKeys(term, index.irregular);
    const mark = exclude(term.toLowerCase());
    // A cuisine ("Mexican") is not the ingredients named after it
    // ("Mexican oregano").
    if (!namesCuisine(index, keys))
      recipesByIngredientPhrase(index, keys, mark);
    recipesByNamePhrase(index, keys, mark);
    recipesByCuisine(index, keys, mark);
    const families = new Set(familiesOfTerm(index.families, keys));
    for (const f of [...families]) {
      for (const g of index.families.dislikeAlso[f] ?? []) {
        if (!likedByName.has(g)) families.add(g);
      }
    }
    for (const f of families) recipesByFamily(index, f, mark);
  }

  const likedAs: (string | undefined)[] = new Array<string | undefined>(
    count,
  ).fill(undefined);
  const likeTerms = cleanTerms(profile.likes);
  const likeBits = new Uint32Array(count);
  const likedFamily = new Uint8Array(index.families.ids.length);
  likeTerms.forEach((term, k) => {
    const keys = textKeys(term, index.irregular);
    const bit = k < MAX_TRACKED_LIKES ? 1 << k : 0;
    recipesByCuisine(index, keys, (r) => {
      likedAs[r] ??= catalogue.recipes[r]?.cuisine ?? term;
      likeBits[r] = (likeBits[r] ?? 0) | bit;
    });
    const mark = (r: number) => {
      likedAs[r] ??= term;
      likeBits[r] = (likeBits[r] ?? 0) | bit;
    };
    recipesByNamePhrase(index, keys, mark);
    const families = familiesOfTerm(index.families, keys);
    const animal = families.filter((f) => index.families.animal[f] === true);
    if (animal.length > 0) {
      // Liking chicken is liking chicken dishes, not chicken stock: the
      // dish's main animal protein must be of the family.
      for (const f of animal) likedFamily[f] = 1;
      for (let r = 0; r < count; r += 1) {
        if (animal.includes(index.mainAnimal[r] ?? -1)) mark(r);
      }
    } else if (!namesCuisine(index, keys)) {
      recipesByIngredientPhrase(index, keys, mark, true);
    }
    for (const f of families) {
      if (index.families.animal[f] !== true) recipesByFamily(index, f, mark);
    }
  });

  const dietBit = 1 << Math.max(0, DIETS.indexOf(profile.diet));
  const valid = new Uint8Array(count);
  const validByType = MEAL_SLOTS.map((_, bit) => {
    const list: number[] = [];
    for (let r = 0; r < count; r += 1) {
      if (
        ((index.mealTypeMask[r] ?? 0) & (1 << bit)) !== 0 &&
        ((index.dietMask[r] ?? 0) & dietBit) !== 0 &&
        excludedBy[r] === undefined
      ) {
        list.push(r);
        valid[r] = 1;
      }
    }
    return Int32Array.from(list);
  });
  const likeValidCount = likeTerms.slice(0, MAX_TRACKED_LIKES).map((_, k) => {
    let n = 0;
    for (let r = 0; r < count; r += 1) {
      if (valid[r] === 1 && ((likeBits[r] ?? 0) & (1 << k)) !== 0) n += 1;
    }
    return n;
  });
  return {
    excludedBy,
    validByType,
    valid,
    likedAs,
    likeTerms: likeTerms.slice(0, MAX_TRACKED_LIKES),
    likeBits,
    likeValidCount,
    likedFamily,
  };
}

/**
 * Why no recipe can fill a slot, in plain words: "no vegan breakfast without
 * peanut left in the catalogue".
 */
export function unfilledReason(
  catalogue: PlannerCatalogue,
  profile: PlannerProfile,
  filter: ProfileFilter,
  slot: MealSlot,
): string {
  const index = indexOf(catalogue);
  const bit = 1 << MEAL_SLOTS.indexOf(slot);
  const dietBit = 1 << Math.max(0, DIETS.indexOf(profile.diet));
  const dietWord =
    profile.diet === 'none'
      ? ''
      : `${DIET_LABELS[profile.diet].toLowerCase()} `;
  const labels = new Set<string>();
  let ofType = 0;
  let ofDiet = 0;
  for (let r = 0; r < catalogue.recipes.length; r += 1) {
    if (((index.mealTypeMask[r] ?? 0) & bit) === 0) continue;
    ofType += 1;
    if (((index.dietMask[r] ?? 0) & dietBit) === 0) continue;
    ofDiet += 1;
    const exclusion = filter.excludedBy[r];
    if (exclusion !== undefined) labels.add(exclusion.label);
  }
  if (ofType === 0) return `no ${slot} recipes in the catalogue`;
  if (ofDiet === 0) return `no ${dietWord}${slot} in the catalogue`;
  const without = [...labels].slice(0, 4);
  const more = labels.size > without.length ? ' and more' : '';
  return `no ${dietWord}${slot} without ${joinWords(without)}${more} left in the catalogue`;
}

/** "a", "a and b", "a, b and c". */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] ?? ''}`;
}
