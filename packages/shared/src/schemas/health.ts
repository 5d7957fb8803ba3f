import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof HealthSchema>;

export const ReadySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['up', 'down']),
});
export type Ready = z.infer<typeof ReadySchema>;
