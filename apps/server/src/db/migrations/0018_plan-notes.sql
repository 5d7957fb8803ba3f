-- Issue 22: what the planner had to give up, listed for the whole plan (fresh
-- food short of a typical week, rules a meal had to break). Plans stored
-- before have none.
ALTER TABLE "meal_plans" ADD COLUMN "notes" jsonb DEFAULT '[]'::jsonb NOT NULL;
