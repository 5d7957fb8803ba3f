/**
 * The kitchen (issue 20): what a user has at home, and the staples they
 * always have. Dates are calendar days (YYYY-MM-DD) in the user's week.
 */
import { z } from 'zod';

import { DAYS } from '../constants.js';
import { PlanUserIdSchema } from './preferences.js';
import { text } from './text.js';

export const kitchenMessages = {
  lineOrIngredient:
    'Give each item a line ("2 kg potatoes") or an ingredient with its quantity and unit.',
  unknownIngredient: 'That ingredient is not in the catalogue.',
  notFound: 'That kitchen item does not exist.',
  date: 'Dates are written YYYY-MM-DD.',
  noAmount: 'Say how much there is ("2 kg potatoes", "3 onions").',
} as const;

export const KITCHEN_PLACES = ['fridge', 'freezer', 'cupboard'] as const;
export const KitchenPlaceSchema = z.enum(KITCHEN_PLACES);
export type KitchenPlace = z.infer<typeof KitchenPlaceSchema>;

/** Items of one request, and staples of one user, at most. */
export const KITCHEN_ITEMS_MAX = 100;
export const KITCHEN_STAPLES_MAX = 300;

const DateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, kitchenMessages.date)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
    message: kitchenMessages.date,
  });

/** One item at home, as the API answers it. */
export const KitchenItemSchema = z.object({
  id: z.string(),
  /** Null for an item the catalogue does not know. */
  ingredientId: z.string().nullable(),
  name: z.string(),
  quantity: z.number(),
  unit: z.string(),
  /** Null when the amount cannot be weighed. */
  grams: z.number().nullable(),
  place: KitchenPlaceSchema,
  /** The day it was bought or opened. */
  addedOn: z.string(),
  /** The last day to eat it; null when it keeps for months. */
  useBy: z.string().nullable(),
  /** Opened or cut: it keeps its opened life. */
  opened: z.boolean(),
  staple: z.boolean(),
});
export type KitchenItem = z.infer<typeof KitchenItemSchema>;

/** An ingredient the staples editor offers: one of the user's, or a suggestion. */
export const StapleChoiceSchema = z.object({
  ingredientId: z.string(),
  name: z.string(),
  /** One of the catalogue's suggested staples (salt, pepper, oils, spices). */
  suggested: z.boolean(),
});
export type StapleChoice = z.infer<typeof StapleChoiceSchema>;

/** `GET /api/kitchen`. */
export const KitchenSchema = z.object({
  items: z.array(KitchenItemSchema),
  /** Ingredient ids the user always has. */
  staples: z.array(z.string()),
  /** The user's staples and the suggested ones, named, by name. */
  stapleChoices: z.array(StapleChoiceSchema),
});
export type Kitchen = z.infer<typeof KitchenSchema>;

const ItemOptionsSchema = z.object({
  place: KitchenPlaceSchema.optional(),
  useBy: DateSchema.optional(),
  opened: z.boolean().optional(),
});

/** One item to add: a line the parser reads, or an ingredient with its amount. */
export const NewKitchenItemSchema = z.union([
  ItemOptionsSchema.extend({ line: text().min(1).max(200) }),
  ItemOptionsSchema.extend({
    ingredientId: text().min(1).max(100),
    quantity: z.number().positive().max(1_000_000),
    unit: text().max(40),
  }),
]);
export type NewKitchenItem = z.infer<typeof NewKitchenItemSchema>;

/** `POST /api/kitchen`. */
export const AddKitchenItemsSchema = z.object({
  user_id: PlanUserIdSchema.optional(),
  items: z
    .array(NewKitchenItemSchema, { error: kitchenMessages.lineOrIngredient })
    .min(1, kitchenMessages.lineOrIngredient)
    .max(KITCHEN_ITEMS_MAX),
});
export type AddKitchenItems = z.infer<typeof AddKitchenItemsSchema>;

export const KitchenItemsResponseSchema = z.object({
  items: z.array(KitchenItemSchema),
});
export type KitchenItemsResponse = z.infer<typeof KitchenItemsResponseSchema>;

/** `PATCH /api/kitchen/:id`: correct an item. */
export const UpdateKitchenItemSchema = z.object({
  user_id: PlanUserIdSchema.optional(),
  quantity: z.number().min(0).max(1_000_000).optional(),
  unit: text().max(40).optional(),
  place: KitchenPlaceSchema.optional(),
  useBy: DateSchema.nullable().optional(),
  opened: z.boolean().optional(),
});
export type UpdateKitchenItem = z.infer<typeof UpdateKitchenItemSchema>;

export const KitchenItemParamsSchema = z.object({
  id: z.uuid({ error: kitchenMessages.notFound }),
});

/** `PUT /api/kitchen/staples`. */
export const KitchenStaplesSchema = z.object({
  user_id: PlanUserIdSchema.optional(),
  ingredientIds: z
    .array(text().min(1).max(100))
    .max(KITCHEN_STAPLES_MAX)
    .transform((ids) => [...new Set(ids)]),
});
export type KitchenStaples = z.infer<typeof KitchenStaplesSchema>;

/** `POST /api/kitchen/cooked`: the plan's meals of these days (all when absent) were cooked. */
export const KitchenCookedSchema = z.object({
  user_id: PlanUserIdSchema.optional(),
  days: z.array(z.enum(DAYS)).max(7).optional(),
});
export type KitchenCooked = z.infer<typeof KitchenCookedSchema>;

/** `POST /api/kitchen/from-shopping-list`: the ticked lines, bought today. */
export const KitchenFromListSchema = z.object({
  user_id: PlanUserIdSchema.optional(),
});
