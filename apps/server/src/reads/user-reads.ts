import { sql, type SQL } from 'drizzle-orm';

import type { Database } from '../db/client.js';
import type {
  MealPlanMealRow,
  StoredPlanNote,
  StoredUnfilledSlot,
  StoredWasteSummary,
  UserPreferencesRow,
} from '../db/schema/index.js';
import type { KitchenRows } from '../domains/kitchen/kitchen-service.js';
import type { StoredPlan } from '../domains/meal-plans/meal-plans-repository.js';
import type {
  SessionLoader,
  SessionsService,
} from '../domains/sessions/sessions-service.js';
import type { ShoppingRead } from '../domains/shopping/shopping-service.js';
import type { Guard } from '../plugins/app/auth.js';
import type { AnswerCache } from './answer-cache.js';
import {
  catalogueVersionOf,
  catalogueVersionSql,
  dataUserSql,
  fusedRead,
  sessionCheckSql,
  type FusedRead,
  type FusedRow,
  type SessionJson,
} from './fused-read.js';

/**
 * The per-user reads of issue 17, each one prepared statement that also
 * reads the session (fused-read.ts): the stored plan, the shopping list's
 * plan and kitchen, and the planner settings. Each statement computes the
 * key of the answer (answer-cache.ts) and builds the data only when the
 * kept answer's key (`known`) is not current.
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
  notes: StoredPlanNote[] | null;
  ticked: string[] | null;
  createdAt: string;
  updatedAt: string;
  meals: MealPlanMealRow[];
}

interface KitchenJson {
  items: KitchenRows['items'];
  staples: string[] | null;
}

interface PreferencesJson extends Omit<
  UserPreferencesRow,
  'createdAt' | 'updatedAt'
> {
  createdAt: string;
  updatedAt: string;
}

/** The plan of the data user (d.id) with its meals in day, then slot order. */
const PLAN_JSON = sql`(SELECT json_build_object('userId', p.user_id, 'version', p.version, 'seed', p.seed, 'servingSize', p.serving_size, 'waste', p.waste, 'unfilled', p.unfilled, 'notes', p.notes, 'ticked', p.ticked, 'createdAt', p.created_at, 'updatedAt', p.updated_at, 'meals', COALESCE((SELECT json_agg(json_build_object('userId', m.user_id, 'day', m.day, 'slot', m.slot, 'recipeId', m.recipe_id, 'reason', m.reason, 'locked', m.locked) ORDER BY m.day, CASE m.slot WHEN 'breakfast' THEN 0 WHEN 'lunch' THEN 1 ELSE 2 END) FROM meal_plan_meals m WHERE m.user_id = p.user_id), '[]'::json)) FROM meal_plans p WHERE p.user_id = d.id)`;

/**
 * The data user's kitchen as the shopping list reads it: the lines in
 * kitchen-repository's `items` order, and the staples as its `staples`
 * answers them (null ids: the suggested ones).
 */
const KITCHEN_JSON = sql`json_build_object('items', COALESCE((SELECT json_agg(json_build_object('ingredientId', k.ingredient_id, 'grams', k.grams, 'useBy', k.use_by, 'opened', k.opened) ORDER BY k.use_by ASC NULLS LAST, k.created_at, k.id) FROM kitchen_items k WHERE k.user_id = d.id AND k.ingredient_id IS NOT NULL AND k.grams > 0), '[]'::json), 'staples', CASE WHEN EXISTS (SELECT 1 FROM kitchen_staples_set s WHERE s.user_id = d.id) THEN COALESCE((SELECT json_agg(s.ingredient_id ORDER BY s.ingredient_id) FROM kitchen_staples s WHERE s.user_id = d.id), '[]'::json) END)`;

/** A user's row of migration 0017's versions (0: never written). */
const versionOf = (userId: SQL) =>
  sql`COALESCE((SELECT v.version FROM user_data_versions v WHERE v.user_id = ${userId}), 0)::text`;

/**
 * The data user `d` (id, its answer's key, the catalogue version) of the
 * plan and shopping reads. OFFSET 0 keeps each subquery from being pulled
 * up into the outer query: there every reference to `d.id` or `d.key` would
 * run the household, version and catalogue lookups again.
 */
const DATA_USER = sql`(SELECT x.id, x.id::text || ':' || ${versionOf(sql`x.id`)} || ':' || COALESCE(x.catalogue::text, '0') AS key, x.catalogue FROM (SELECT ${dataUserSql()} AS id, ${catalogueVersionSql()} AS catalogue OFFSET 0) x OFFSET 0) AS d`;

/** The settings' user (id, key): their own (a household shares its plan only). */
const SELF = sql`(SELECT s.id, s.id::text || ':' || ${versionOf(sql`s.id`)} AS key FROM (SELECT ${sql.placeholder('userId')}::uuid AS id) s OFFSET 0) AS d`;

const isKnown = sql`d.key = ${sql.placeholder('known')}`;

const PREFERENCES_JSON = sql`(SELECT json_build_object('userId', p.user_id, 'weeklySchedule', p.weekly_schedule, 'dietaryPreference', p.dietary_preference, 'proteinLevel', p.protein_level, 'allergens', p.allergens, 'customAllergens', p.custom_allergens, 'likes', p.likes, 'dislikes', p.dislikes, 'servingSize', p.serving_size, 'weeknightCookingTime', p.weeknight_cooking_time, 'createdAt', p.created_at, 'updatedAt', p.updated_at) FROM user_preferences p WHERE p.user_id = d.id)`;

function toStoredPlan(json: PlanJson | null): StoredPlan | undefined {
  if (!json) return undefined;
  const { meals, createdAt, updatedAt, ...plan } = json;
  return {
    plan: {
      ...plan,
      unfilled: plan.unfilled ?? [],
      notes: plan.notes ?? [],
      ticked: plan.ticked ?? [],
      // Not read: no read of the plan answers it.
      tickTimes: {},
      createdAt: new Date(createdAt),
      updatedAt: new Date(updatedAt),
    },
    meals,
  };
}

const params = (sessionId: string, userId: string, known: string) => ({
  sessionId,
  userId,
  known,
});

/** What the plan and shopping statements answer in common. */
interface PlanRow {
  session: SessionJson | null;
  dataUserId: string;
  key: string;
  known: boolean;
  catalogueVersion: unknown;
  plan: PlanJson | null;
}

/** A plan statement's row as fusedRead takes it; `data` adds to the plan read. */
function planRow<T>(
  row: PlanRow | undefined,
  userId: string,
  data: (plan: PlanRead) => T,
): FusedRow<T> {
  const dataUserId = row?.dataUserId ?? userId;
  return {
    session: row?.session ?? null,
    key: row?.key ?? '',
    dataUserId,
    data: row?.known
      ? null
      : data({
          dataUserId,
          stored: toStoredPlan(row?.plan ?? null),
          catalogueVersion: catalogueVersionOf(row?.catalogueVersion),
        }),
  };
}

export interface UserReads {
  plan: FusedRead<PlanRead>;
  shopping: FusedRead<ShoppingRead>;
  preferences: FusedRead<PreferencesRead>;
}

export function createUserReads(
  db: Database,
  deps: {
    sessions: Pick<SessionsService, 'authenticate'>;
    fallback: Guard;
    answers: AnswerCache;
    /** The Monday the kitchen counts use-by days from (kitchen-service). */
    week: () => string;
    /** Where this process alone writes (PGlite): see fusedRead. */
    localSession?: SessionLoader;
  },
): UserReads {
  const common = {
    sessions: deps.sessions,
    fallback: deps.fallback,
    answers: deps.answers,
    ...(deps.localSession ? { localSession: deps.localSession } : {}),
  };
  const planColumns = {
    session: sql<SessionJson | null>`${sessionCheckSql()}`,
    dataUserId: sql<string>`d.id`,
    key: sql<string>`d.key`,
    known: sql<boolean>`${isKnown}`,
    catalogueVersion: sql<unknown>`d.catalogue`,
    plan: sql<PlanJson | null>`CASE WHEN ${isKnown} THEN NULL ELSE ${PLAN_JSON} END`,
  };
  const planStatement = db
    .select(planColumns)
    .from(DATA_USER)
    .prepare('fused_plan_read');

  const shoppingStatement = db
    .select({
      ...planColumns,
      kitchen: sql<KitchenJson | null>`CASE WHEN ${isKnown} THEN NULL ELSE ${KITCHEN_JSON} END`,
    })
    .from(DATA_USER)
    .prepare('fused_shopping_read');

  const preferencesStatement = db
    .select({
      session: sql<SessionJson | null>`${sessionCheckSql()}`,
      key: sql<string>`d.key`,
      known: sql<boolean>`${isKnown}`,
      preferences: sql<PreferencesJson | null>`CASE WHEN ${isKnown} THEN NULL ELSE ${PREFERENCES_JSON} END`,
    })
    .from(SELF)
    .prepare('fused_preferences_read');

  return {
    plan: fusedRead({ ...common, name: 'plan' }, async (...args) => {
      const [row] = await planStatement.execute(params(...args));
      return planRow(row, args[1], (plan) => plan);
    }),
    shopping: fusedRead(
      { ...common, name: 'shopping', extra: deps.week },
      async (...args) => {
        const [row] = await shoppingStatement.execute(params(...args));
        return planRow(row, args[1], (plan) => ({
          ...plan,
          home: {
            items: row?.kitchen?.items ?? [],
            staples: row?.kitchen?.staples ?? undefined,
          },
        }));
      },
    ),
    preferences: fusedRead(
      { ...common, name: 'preferences' },
      async (sessionId, userId, known) => {
        const [row] = await preferencesStatement.execute({
          sessionId,
          userId,
          known,
        });
        const json = row?.preferences ?? null;
        return {
          session: row?.session ?? null,
          key: row?.key ?? '',
          dataUserId: userId,
          data: row?.known
            ? null
            : {
                row: json
                  ? {
                      ...json,
                      createdAt: new Date(json.createdAt),
                      updatedAt: new Date(json.updatedAt),
                    }
                  : undefined,
              },
        };
      },
    ),
  };
}
