import type { SeedRecipe } from '../types.js';
import { ASIAN_RECIPES } from './asian.js';
import { BREAKFAST_RECIPES } from './breakfasts.js';
import { CHINESE_RECIPES } from './chinese.js';
import { FRENCH_RECIPES } from './french.js';
import { INDIAN_RECIPES } from './indian.js';
import { ITALIAN_RECIPES } from './italian.js';
import { JAPANESE_RECIPES } from './japanese.js';
import { MEDITERRANEAN_RECIPES } from './mediterranean.js';
import { MEXICAN_RECIPES } from './mexican.js';
import { MODERN_RECIPES } from './modern.js';
import { WHOLESOME_RECIPES } from './wholesome.js';

/** Cuisines counted as 'Asian' for the preferences dialog's quick tile. */
export const ASIAN_CUISINES = [
  'Thai',
  'Korean',
  'Vietnamese',
  'Indonesian',
  'Malaysian',
  'Filipino',
] as const;

/** Every seed recipe: original writing of this project. */
export const SEED_RECIPES: readonly SeedRecipe[] = [
  ...MEXICAN_RECIPES,
  ...ITALIAN_RECIPES,
  ...FRENCH_RECIPES,
  ...BREAKFAST_RECIPES,
  ...INDIAN_RECIPES,
  ...CHINESE_RECIPES,
  ...JAPANESE_RECIPES,
  ...MEDITERRANEAN_RECIPES,
  ...ASIAN_RECIPES,
  ...WHOLESOME_RECIPES,
  ...MODERN_RECIPES,
];
