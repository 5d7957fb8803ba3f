-- Issue 17: per-user answers kept by every process (reads/answer-cache.ts).
-- Every write to what a signed-in user's own reads show (their plan and its
-- meals, their settings, their kitchen and staples) gives that user's row
-- here a new version from one sequence, in the writing transaction. A read
-- compares the version with the one its kept answer was built at in the same
-- statement as its session check, so an answer kept by one process is never
-- served after a write through another. The NOTIFY lets a process that has
-- the database to itself (PGlite) drop the answer without asking.
CREATE SEQUENCE "user_data_version_seq";--> statement-breakpoint
CREATE TABLE "user_data_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "platewise_user_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed := OLD.user_id;
  ELSE
    changed := NEW.user_id;
  END IF;
  INSERT INTO "user_data_versions" ("user_id", "version")
    VALUES (changed, nextval('user_data_version_seq'))
    ON CONFLICT ("user_id") DO UPDATE SET "version" = EXCLUDED."version";
  IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    INSERT INTO "user_data_versions" ("user_id", "version")
      VALUES (OLD.user_id, nextval('user_data_version_seq'))
      ON CONFLICT ("user_id") DO UPDATE SET "version" = EXCLUDED."version";
    PERFORM pg_notify('platewise_user_data', OLD.user_id::text);
  END IF;
  PERFORM pg_notify('platewise_user_data', changed::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A truncate or a household change (which plan a member reads) drops every
-- kept answer of a process; the reads' keys name the household's data user.
CREATE FUNCTION "platewise_user_data_all_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('platewise_user_data', '*');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "meal_plans_user_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "meal_plans" FOR EACH ROW EXECUTE FUNCTION "platewise_user_data_changed"();--> statement-breakpoint
CREATE TRIGGER "meal_plan_meals_user_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "meal_plan_meals" FOR EACH ROW EXECUTE FUNCTION "platewise_user_data_changed"();--> statement-breakpoint
CREATE TRIGGER "user_preferences_user_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_preferences" FOR EACH ROW EXECUTE FUNCTION "platewise_user_data_changed"();--> statement-breakpoint
CREATE TRIGGER "kitchen_items_user_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "kitchen_items" FOR EACH ROW EXECUTE FUNCTION "platewise_user_data_changed"();--> statement-breakpoint
CREATE TRIGGER "kitchen_staples_user_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "kitchen_staples" FOR EACH ROW EXECUTE FUNCTION "platewise_user_data_changed"();--> statement-breakpoint
CREATE TRIGGER "kitchen_staples_set_user_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "kitchen_staples_set" FOR EACH ROW EXECUTE FUNCTION "platewise_user_data_changed"();--> statement-breakpoint
CREATE TRIGGER "meal_plans_user_data_truncated" AFTER TRUNCATE ON "meal_plans" FOR EACH STATEMENT EXECUTE FUNCTION "platewise_user_data_all_changed"();--> statement-breakpoint
CREATE TRIGGER "meal_plan_meals_user_data_truncated" AFTER TRUNCATE ON "meal_plan_meals" FOR EACH STATEMENT EXECUTE FUNCTION "platewise_user_data_all_changed"();--> statement-breakpoint
CREATE TRIGGER "user_preferences_user_data_truncated" AFTER TRUNCATE ON "user_preferences" FOR EACH STATEMENT EXECUTE FUNCTION "platewise_user_data_all_changed"();--> statement-breakpoint
CREATE TRIGGER "kitchen_items_user_data_truncated" AFTER TRUNCATE ON "kitchen_items" FOR EACH STATEMENT EXECUTE FUNCTION "platewise_user_data_all_changed"();--> statement-breakpoint
CREATE TRIGGER "kitchen_staples_user_data_truncated" AFTER TRUNCATE ON "kitchen_staples" FOR EACH STATEMENT EXECUTE FUNCTION "platewise_user_data_all_changed"();--> statement-breakpoint
CREATE TRIGGER "kitchen_staples_set_user_data_truncated" AFTER TRUNCATE ON "kitchen_staples_set" FOR EACH STATEMENT EXECUTE FUNCTION "platewise_user_data_all_changed"();--> statement-breakpoint
CREATE TRIGGER "households_user_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "households" FOR EACH STATEMENT EXECUTE FUNCTION "platewise_user_data_all_changed"();--> statement-breakpoint
CREATE TRIGGER "household_members_user_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "household_members" FOR EACH STATEMENT EXECUTE FUNCTION "platewise_user_data_all_changed"();
