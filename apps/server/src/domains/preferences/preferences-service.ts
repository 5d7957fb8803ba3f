import {
  preferenceMessages,
  PROTEIN_LEVELS,
  type Preferences,
  type ProteinLevel,
  type SavePreferences,
} from '@platewise/shared';

import type { UserPreferencesRow } from '../../db/schema/index.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import type { PreferencesRepository } from './preferences-repository.js';

const isProteinLevel = (value: string | null): value is ProteinLevel =>
  value !== null && (PROTEIN_LEVELS as readonly string[]).includes(value);

/** The API's preferences (spec point 3) from the stored row. */
export function toPreferences(row: UserPreferencesRow): Preferences {
  const diet = row.dietaryPreference;
  return {
    user_id: row.userId,
    weekly_schedule: row.weeklySchedule as Preferences['weekly_schedule'],
    dietary_preference: diet as Preferences['dietary_preference'],
    protein_level: isProteinLevel(row.proteinLevel) ? row.proteinLevel : null,
    allergens: row.allergens,
    customAllergens: row.customAllergens,
    custom_allergens: row.customAllergens,
    preferences: {
      likes: row.likes.map((name) => ({ name })),
      dislikes: row.dislikes.map((name) => ({ name })),
    },
    serving_size: row.servingSize,
    weeknight_cooking_time: row.weeknightCookingTime,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function createPreferencesService({
  repo,
}: {
  repo: PreferencesRepository;
}) {
  function fromRow(row: UserPreferencesRow | undefined): Preferences {
    if (!row) throw new NotFoundError(preferenceMessages.notFound);
    return toPreferences(row);
  }

  return {
    async get(userId: string): Promise<Preferences> {
      return fromRow(await repo.find(userId));
    },

    /** The answer for a row read elsewhere (the fused read, issue 17). */
    fromRow,

    /** Replaces the user's settings; unknown allergen ids are a 400 naming each. */
    async save(userId: string, input: SavePreferences): Promise<Preferences> {
      const known = await repo.knownAllergenIds(input.allergens);
      const issues = input.allergens.flatMap((id, index) =>
        known.has(id)
          ? []
          : [
              {
                path: `allergens.${index}`,
                message: preferenceMessages.unknownAllergen,
              },
            ],
      );
      if (issues.length > 0) {
        throw new BadRequestError(preferenceMessages.unknownAllergen, issues);
      }
      const row = await repo.save(userId, {
        weeklySchedule: input.weekly_schedule,
        dietaryPreference: input.dietary_preference,
        proteinLevel: input.protein_level,
        allergens: input.allergens,
        customAllergens: input.customAllergens,
        likes: input.preferences.likes.map((item) => item.name),
        dislikes: input.preferences.dislikes.map((item) => item.name),
        servingSize: input.serving_size,
        weeknightCookingTime: input.weeknight_cooking_time,
      });
      return toPreferences(row);
    },
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
