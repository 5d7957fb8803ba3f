/** Business constants of spec point 9, shared by the web app and the server. */

export const OTP_LENGTH = 6;
/** OTP validity and the resend countdown, in seconds. */
export const OTP_VALIDITY_SECONDS = 120;
export const PHONE_DIGITS = 10;
export const PASSWORD_MIN_LENGTH = 8;
/** Forgot/reset request timeout on the client, in milliseconds. */
export const AUTH_REQUEST_TIMEOUT_MS = 10_000;
/** Delay before going to /login after a successful reset. */
export const RESET_REDIRECT_DELAY_MS = 2_000;
/** Toast durations: auth messages and user-side messages. */
export const AUTH_TOAST_MS = 4_000;
export const USER_TOAST_MS = 3_000;

export const ADMIN_DRAWER_WIDTH = 270;
export const ADMIN_USER_PAGE_SIZES = [5, 10, 25] as const;
export const ADMIN_USER_PAGE_SIZE_DEFAULT = 10;
export const RECIPE_PAGE_SIZES = [25, 50, 100] as const;
export const RECIPE_PAGE_SIZE_DEFAULT = 50;
export const MAX_TAGS_SHOWN = 3;

export const MIN_SERVING_SIZE = 1;
/** The planner scales recipes up to this many servings (issue 10). */
export const MAX_SERVING_SIZE = 20;
/**
 * Weeknight cooking time (issue 22): the most minutes a Monday-Friday lunch
 * or dinner may take. The default is a weeknight a working cook accepts.
 */
export const WEEKNIGHT_COOKING_TIME_DEFAULT = 45;
export const WEEKNIGHT_COOKING_TIME_MIN = 15;
export const WEEKNIGHT_COOKING_TIME_MAX = 180;
export const RATING_MIN = 0;
export const RATING_MAX = 5;
export const RATING_STEP = 0.1;

/** The spec's old generator could take this long; ours answers in milliseconds. */
export const PLAN_GENERATION_TIMEOUT_MS = 120_000;

export const DAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type Day = (typeof DAYS)[number];

export const MEAL_SLOTS = ['breakfast', 'lunch', 'dinner'] as const;
export type MealSlot = (typeof MEAL_SLOTS)[number];

export const DIETS = [
  'none',
  'vegan',
  'vegetarian',
  'gluten-free',
  'ketogenic',
] as const;
export type Diet = (typeof DIETS)[number];
export const DIET_LABELS: Record<Diet, string> = {
  none: 'None',
  vegan: 'Vegan',
  vegetarian: 'Vegetarian',
  'gluten-free': 'Gluten-Free',
  ketogenic: 'Ketogenic',
};

export const PROTEIN_LEVELS = [
  'High Protein',
  'Medium Protein',
  'Low Protein',
] as const;
export type ProteinLevel = (typeof PROTEIN_LEVELS)[number];

export const QUICK_CUISINES = [
  'Mexican',
  'Italian',
  'Indian',
  'Chinese',
  'French',
  'Japanese',
  'Asian',
] as const;

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ADD_USER_DIETS = [
  'Vegetarian',
  'Non-Vegetarian',
  'Vegan',
] as const;
export const ADD_USER_COUNTRIES = ['Germany', 'USA', 'Pakistan'] as const;

export const RECIPE_IMAGE_TYPES = ['jpeg', 'jpg', 'png', 'gif'] as const;
/** Directions are stored as one string, steps joined by this marker. */
export const DIRECTIONS_SEPARATOR = '####';

export const PERSIST_KEY = 'root';
export const PERSIST_KEY_PREFIX = 'persist:';
/**
 * The spec's whitelist (point 3) less `preferences`: the saved settings and
 * the plan are server data, kept in RTK Query only (docs/decisions/011).
 */
export const PERSIST_WHITELIST = ['user', 'allergensAndCategories'] as const;
/** The spec's persistence constant: we use it as the restore time-out (ms). */
export const PERSIST_TIMEOUT_MS = 5_000;

export const API_BASE_PATH = '/api';

/** Aisles of the shopping list, in the order a shop is walked. */
export const SHOPPING_CATEGORIES = [
  'produce',
  'herbs',
  'dairy',
  'eggs',
  'meat',
  'fish',
  'bakery',
  'grains',
  'legumes',
  'canned',
  'oils',
  'condiments',
  'spices',
  'baking',
  'nuts-seeds',
  'frozen',
  'beverages',
  'other',
] as const;
export type ShoppingCategory = (typeof SHOPPING_CATEGORIES)[number];
