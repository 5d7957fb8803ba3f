import { z } from 'zod';

import {
  DAYS,
  DIETS,
  MAX_SERVING_SIZE,
  MIN_SERVING_SIZE,
  PROTEIN_LEVELS,
  WEEKNIGHT_COOKING_TIME_DEFAULT,
  WEEKNIGHT_COOKING_TIME_MAX,
  WEEKNIGHT_COOKING_TIME_MIN,
  type Diet,
  type ProteinLevel,
} from '../constants.js';
import { messages } from '../messages.js';
import { text, uuidId } from './text.js';

/**
 * The planner settings (spec point 3, "Preferences (server form)"; issue 10):
 * what `POST /preferences/save` takes and `GET /preferences/preferences`
 * answers. The same schemas serve the settings form (zodResolver) and the
 * server's route validation.
 */

/** Longest custom allergen, like or dislike, in characters. */
export const PREFERENCE_ITEM_MAX = 40;
/** Most custom allergens, likes or dislikes in one list. */
export const PREFERENCE_LIST_MAX = 50;
/** Most allergen ids in one save (the catalogue has fewer). */
export const PREFERENCE_ALLERGENS_MAX = 100;
const ALLERGEN_ID_MAX = 64;

/** Texts of the preferences API that the spec does not quote. */
export const preferenceMessages = {
  userId: 'user_id must be a user id.',
  weekDays:
    'The weekly schedule must list the seven days from Monday to Sunday.',
  dayOrder: (day: string) => `Expected ${day} here: days go Monday to Sunday.`,
  diet: `Dietary preference must be one of: ${DIETS.join(', ')}.`,
  proteinLevel: `Protein level must be one of: ${PROTEIN_LEVELS.join(', ')}.`,
  servingSizeMax: `Serving size must be at most ${MAX_SERVING_SIZE}.`,
  weeknightCookingTime: `Weeknight cooking time must be a whole number of minutes from ${WEEKNIGHT_COOKING_TIME_MIN} to ${WEEKNIGHT_COOKING_TIME_MAX}.`,
  itemTooLong: `Each entry must be at most ${PREFERENCE_ITEM_MAX} characters.`,
  tooManyItems: `A list can hold at most ${PREFERENCE_LIST_MAX} entries.`,
  allergenId: 'Allergen ids are short texts from the allergen catalogue.',
  tooManyAllergens: `At most ${PREFERENCE_ALLERGENS_MAX} allergens can be chosen.`,
  unknownAllergen: 'Unknown allergen: choose allergens from the list.',
  notFound: 'No preferences saved yet.',
} as const;

export const MealsSchema = z.object({
  breakfast: z.boolean(),
  lunch: z.boolean(),
  dinner: z.boolean(),
});

export const WeeklyScheduleDaySchema = z.object({
  day_name: z.enum(DAYS),
  meals: MealsSchema,
  enabled: z.boolean(),
});
export type WeeklyScheduleDay = z.infer<typeof WeeklyScheduleDaySchema>;

/** Seven days, each once, Monday to Sunday, as the settings form lists them. */
export const WeeklyScheduleSchema = z
  .array(WeeklyScheduleDaySchema)
  .length(DAYS.length, preferenceMessages.weekDays)
  .superRefine((days, ctx) => {
    days.forEach((entry, index) => {
      const expected = DAYS[index];
      if (expected !== undefined && entry.day_name !== expected) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'day_name'],
          message: preferenceMessages.dayOrder(expected),
        });
      }
    });
  });

export const NamedItemSchema = z.object({ name: text().min(1) });

/**
 * A user's allergen, like or dislike as typed: trimmed, at most
 * PREFERENCE_ITEM_MAX characters, no control characters (the shared text
 * primitive: they would end up in logs and in the planner's matching).
 */
const PreferenceTextSchema = text().max(
  PREFERENCE_ITEM_MAX,
  preferenceMessages.itemTooLong,
);

/** Drops blanks and case-insensitive duplicates, keeping the first spelling. */
function uniqueTexts(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of items) {
    const key = item.toLocaleLowerCase('en');
    if (item === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

/**
 * A list of texts (spec point 5: "trimmed, blanks and duplicates dropped"),
 * sent as strings or, as the spec's likes and dislikes are, `{ name }`
 * objects. The limit counts entries after blanks and duplicates are gone.
 */
function textList<T>(toOutput: (items: string[]) => T) {
  return z
    .array(
      // `{ name }` objects are read as their name, so an issue's path is
      // the entry's (preferences.likes.0), not the object's.
      z.preprocess(
        (value) =>
          typeof value === 'object' && value !== null && 'name' in value
            ? value.name
            : value,
        PreferenceTextSchema,
      ),
    )
    .max(PREFERENCE_LIST_MAX * 4, preferenceMessages.tooManyItems)
    .transform(uniqueTexts)
    .refine((items) => items.length <= PREFERENCE_LIST_MAX, {
      message: preferenceMessages.tooManyItems,
    })
    .transform(toOutput);
}

const StringListSchema = textList((items) => items);
const NamedListSchema = textList((items) => items.map((name) => ({ name })));

export const PreferenceListsSchema = z.object({
  likes: NamedListSchema.default([]),
  dislikes: NamedListSchema.default([]),
});

export const DietSchema = z.enum(DIETS);
export const ProteinLevelSchema = z.enum(PROTEIN_LEVELS);
export const ServingSizeSchema = z
  .number({ error: messages.validation.servingSizePositive })
  .int(messages.validation.servingSizePositive)
  .min(MIN_SERVING_SIZE, messages.validation.servingSizePositive)
  .max(MAX_SERVING_SIZE, preferenceMessages.servingSizeMax);

/** Minutes a Monday-Friday lunch or dinner may take (issue 22). */
export const WeeknightCookingTimeSchema = z
  .number({ error: preferenceMessages.weeknightCookingTime })
  .int(preferenceMessages.weeknightCookingTime)
  .min(WEEKNIGHT_COOKING_TIME_MIN, preferenceMessages.weeknightCookingTime)
  .max(WEEKNIGHT_COOKING_TIME_MAX, preferenceMessages.weeknightCookingTime);

/** A diet in any case ("Gluten-Free"), stored lower case (spec point 3). */
const DietInputSchema = z
  .string({ error: preferenceMessages.diet })
  .trim()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(DIETS, { error: preferenceMessages.diet }));

const PROTEIN_BY_WORD = new Map<string, ProteinLevel>(
  PROTEIN_LEVELS.flatMap((label) => {
    const word = label.split(' ')[0]?.toLowerCase() ?? label;
    return [
      [label.toLowerCase(), label],
      [word, label],
    ] as const;
  }),
);

/**
 * 'High Protein' as the settings form shows it, or 'high'; any case. Null
 * (or absent) means no preference.
 */
const ProteinLevelInputSchema = z
  .string({ error: preferenceMessages.proteinLevel })
  .trim()
  .transform((value, ctx) => {
    const level = PROTEIN_BY_WORD.get(value.toLowerCase());
    if (level === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: preferenceMessages.proteinLevel,
      });
      return z.NEVER;
    }
    return level;
  })
  .nullable();

/** A user's id as the planner routes take it (a uuid; S31: anything else → 400). */
export const PlanUserIdSchema = uuidId(preferenceMessages.userId);

/** `?user_id=` of the planner's GET routes; absent means the caller (S31). */
export const UserIdQuerySchema = z.object({
  user_id: PlanUserIdSchema.optional(),
});
export type UserIdQuery = z.infer<typeof UserIdQuerySchema>;

const AllergenIdsSchema = z
  .array(
    text({ typeError: preferenceMessages.allergenId })
      .min(1, preferenceMessages.allergenId)
      .max(ALLERGEN_ID_MAX, preferenceMessages.allergenId),
  )
  .max(PREFERENCE_ALLERGENS_MAX, preferenceMessages.tooManyAllergens)
  .transform((ids) => [...new Set(ids)]);

/**
 * `POST /preferences/save` (spec point 7). `customAllergens` and the older
 * `custom_allergens` are both read (merged); unknown fields are dropped.
 * Allergen ids are checked against the catalogue by the server.
 */
export const SavePreferencesSchema = z
  .object({
    user_id: PlanUserIdSchema.optional(),
    weekly_schedule: WeeklyScheduleSchema,
    dietary_preference: DietInputSchema.default('none'),
    protein_level: ProteinLevelInputSchema.optional().transform(
      (value) => value ?? null,
    ),
    allergens: AllergenIdsSchema.default([]),
    customAllergens: StringListSchema.optional(),
    custom_allergens: StringListSchema.optional(),
    preferences: PreferenceListsSchema.default({ likes: [], dislikes: [] }),
    serving_size: ServingSizeSchema.default(MIN_SERVING_SIZE),
    weeknight_cooking_time: WeeknightCookingTimeSchema.default(
      WEEKNIGHT_COOKING_TIME_DEFAULT,
    ),
  })
  .transform(({ customAllergens, custom_allergens, ...rest }, ctx) => {
    const merged = uniqueTexts([
      ...(customAllergens ?? []),
      ...(custom_allergens ?? []),
    ]);
    if (merged.length > PREFERENCE_LIST_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['customAllergens'],
        message: preferenceMessages.tooManyItems,
      });
      return z.NEVER;
    }
    return { ...rest, customAllergens: merged };
  });
export type SavePreferencesInput = z.input<typeof SavePreferencesSchema>;
export type SavePreferences = z.output<typeof SavePreferencesSchema>;

/** The stored settings, as saved and as read back. */
export const PreferencesSchema = z.object({
  user_id: z.string(),
  weekly_schedule: z.array(WeeklyScheduleDaySchema),
  /** Lower case; the form capitalises it (DIET_LABELS). */
  dietary_preference: DietSchema,
  protein_level: ProteinLevelSchema.nullable(),
  allergens: z.array(z.string()),
  customAllergens: z.array(z.string()),
  /** The same list under the spec's other name. */
  custom_allergens: z.array(z.string()),
  preferences: z.object({
    likes: z.array(z.object({ name: z.string() })),
    dislikes: z.array(z.object({ name: z.string() })),
  }),
  serving_size: z.number().int(),
  /** Minutes a Monday-Friday lunch or dinner may take. */
  weeknight_cooking_time: z.number().int(),
  updated_at: z.string(),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

/** The typed diet of a stored value (stored values are always lower case). */
export function isDiet(value: string): value is Diet {
  return (DIETS as readonly string[]).includes(value);
}
