/**
 * The people the planner's weeks are read for (issue 22): each a full week
 * of 21 meals for two, as a new user would set them up.
 */
import type { PlannerProfile } from '@platewise/planner';

import { SCHEDULES } from './profiles.js';

const FULL_WEEK = SCHEDULES['full week (21)'] ?? [];

/** A full week of 21 meals for two, with `overrides`. */
export const person = (overrides: Partial<PlannerProfile>): PlannerProfile => ({
  schedule: FULL_WEEK,
  diet: 'none',
  allergenIds: [],
  customAllergens: [],
  likes: [],
  dislikes: [],
  proteinLevel: null,
  servingSize: 2,
  ...overrides,
});

export const PERSONAS: readonly { name: string; profile: PlannerProfile }[] = [
  {
    name: 'likes chicken and Mexican, High Protein',
    profile: person({ likes: ['chicken', 'Mexican'], proteinLevel: 'high' }),
  },
  {
    name: 'vegetarian, likes pasta, basil and Italian',
    profile: person({
      diet: 'vegetarian',
      likes: ['pasta', 'basil', 'Italian'],
    }),
  },
  {
    name: 'vegan, High Protein, likes tofu and Indian',
    profile: person({
      diet: 'vegan',
      likes: ['tofu', 'Indian'],
      proteinLevel: 'high',
    }),
  },
  { name: 'ketogenic', profile: person({ diet: 'ketogenic' }) },
  {
    name: 'dislikes fish and pork',
    profile: person({ dislikes: ['fish', 'pork'] }),
  },
  {
    name: 'dislikes beef, seafood and mushrooms',
    profile: person({ dislikes: ['beef', 'seafood', 'mushrooms'] }),
  },
];

/** One profile with only the protein level varied, for the protein contrast. */
export const PROTEIN_PROBE = person({});
