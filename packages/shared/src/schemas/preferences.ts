import { z } from 'zod';

import { DAYS, DIETS, MIN_SERVING_SIZE, PROTEIN_LEVELS } from '../constants.js';

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

export const NamedItemSchema = z.object({ name: z.string().trim().min(1) });

export const PreferenceListsSchema = z.object({
  likes: z.array(NamedItemSchema),
  dislikes: z.array(NamedItemSchema),
});

export const DietSchema = z.enum(DIETS);
export const ProteinLevelSchema = z.enum(PROTEIN_LEVELS);
export const ServingSizeSchema = z.number().int().min(MIN_SERVING_SIZE);
