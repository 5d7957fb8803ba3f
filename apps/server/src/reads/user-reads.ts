import { sql } from 'drizzle-orm';

import type { Database } from '../db/client.js';
import type {
  MealPlanMealRow,
  StoredUnfilledSlot,
  StoredWasteSummary,
  UserPreferencesRow,
} from '../db/schema/index.js';
import type { StoredPlan } from '../domains/meal-plans/meal-plans-repository.js';
import type { SessionsService } from '../domains/sessions/sessions-service.js';
import type { Guard } from '../plugins/app/auth.js';
import {
  catalogueVersionOf,
  catalogueVersionSql,
  dataUserSql,
  fusedRead,
  sessionCheckSql,
  type FusedRead,
  type SessionJson,
} from './fused-read.js';

/**
 * The per-user reads of issue 17, each one prepared statement that also
 * reads the session (fused-read.ts): the stored plan, the shopping list's
 * plan and the planner settings.
 */

/** A stored plan with the catalogue version it is rendered against. */
export interface PlanRead {
  /** Whose plan (the household's data user, issue 18). */
  dataUserId: string;
  stored: StoredPlan | undefined;
  catalogueVersion: string;
}

export interface PreferencesRead {
  row: UserPreferencesRow | undefined;
}

interface PlanJson {
  userId: string;
  version: number;
  seed: number;
  servingSize: number;
  waste: StoredWasteSummary;
  unfilled: StoredUnfilledSlot[] | null;
  ticked: string[] | null;
  createdAt: string;
  updatedAt: string;
  meals: MealPlanMealRow[];
}

interface PreferencesJson extends Omit<
  UserPreferencesRow,
  'createdAt' | 'updatedAt'
> {
  createdAt: string;
  updatedAt: string;
}

/** The plan of the data user with its meals in day, then slot order. */
const PLAN_JSON = sql`(SELECT json_build_object('userId', p.user_id, 'version', p.version, 'seed', p.seed, 'servingSize', p.serving_size, 'waste', p.waste, 'unfilled', p.unfilled, 'ticked', p.ticked, 'createdAt', p.created_at, 'updatedAt', p.updated_at, 'meals', COALESCE((SELECT json_agg(json_build_object('userId', m.user_id, 'day', m.day, 'slot', m.slot, 'recipeId', m.recipe_id, 'reason', m.reason, 'locked', m.locked) ORDER BY m.day, CASE m.slot WHEN 'breakfast' THEN 0 WHEN 'lunch' THEN 1 ELSE 2 END) FROM meal_plan_meals m WHERE m.user_id = p.user_id), '[]'::json)) FROM meal_plans p WHERE p.user_id = d.id)`;

const PREFERENCES_JSON = sql`(SELECT json_build_object('userId', p.user_id, 'weeklySchedule', p.weekly_schedule, 'dietaryPreference', p.dietary_preference, 'proteinLevel', p.protein_level, 'allergens', p.allergens, 'customAllergens', p.custom_allergens, 'likes', p.likes, 'dislikes', p.dislikes, 'servingSize', p.serving_size, 'weeknightCookingTime', p.weeknight_cooking_time, 'createdAt', p.created_at, 'updatedAt', p.updated_at) FROM user_preferences p WHERE p.user_id = ${sql.placeholder('userId')})`;

function toStoredPlan(json: PlanJson | null): StoredPlan | undefined {
  if (!json) return undefined;
  const { meals, createdAt, updatedAt, ...plan } = json;
  return {
    plan: {
      ...plan,
      unfilled: plan.unfilled ?? [],
      ticked: plan.ticked ?? [],
      // Not read: no read of the plan answers it.
      tickTimes: {},
      createdAt: new Date(createdAt),
      updatedAt: new Date(updatedAt),
    },
    meals,
  };
}

export interface UserReads {
  plan: FusedRead<PlanRead>;
  preferences: FusedRead<PreferencesRead>;
}

export function createUserReads(
  db: Database,
  deps: {
    sessions: Pick<SessionsService, 'authenticate'>;
    fallback: Guard;
  },
): UserReads {
  const planStatement = db
    .select({
      session: sql<SessionJson | null>`${sessionCheckSql()}`,
      dataUserId: sql<string>`d.id`,
      catalogueVersion: sql<unknown>`${catalogueVersionSql()}`,
      plan: sql<PlanJson | null>`${PLAN_JSON}`,
    })
    .from(sql`(SELECT ${dataUserSql()} AS id) AS d`)
    .prepare('fused_plan_read');

  const preferencesStatement = db
    .select({
      session: sql<SessionJson | null>`${sessionCheckSql()}`,
      preferences: sql<PreferencesJson | null>`${PREFERENCES_JSON}`,
    })
    .from(sql`(VALUES (1)) AS one (x)`)
    .prepare('fused_preferences_read');

  return {
    plan: fusedRead(deps, async (sessionId, userId) => {
      const [row] = await planStatement.execute({ sessionId, userId });
      return {
        session: row?.session ?? null,
        data: {
          dataUserId: row?.dataUserId ?? userId,
          stored: toStoredPlan(row?.plan ?? null),
          catalogueVersion: catalogueVersionOf(row?.catalogueVersion),
        },
      };
    }),
    preferences: fusedRead(deps, async (sessionId, userId) => {
      const [row] = await preferencesStatement.execute({ sessionId, userId });
      const json = row?.preferences ?? null;
      return {
        session: row?.session ?? null,
        data: {
          row: json
            ? {
                ...json,
                createdAt: new Date(json.createdAt),
                updatedAt: new Date(json.updatedAt),
              }
            : undefined,
        },
      };
    }),
  };
}
