-- Issue 17: several processes on one database.
-- Every write to what the catalogue reads show (recipes, their lines and
-- pictures, ingredients, allergens, and the names of recipe authors) tells
-- each listening process to drop its prepared catalogue answers. NOTIFY is
-- delivered on commit, so a rolled-back write invalidates nothing.
CREATE FUNCTION "platewise_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('platewise_catalogue', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "recipes_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "recipes" FOR EACH STATEMENT EXECUTE FUNCTION "platewise_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "recipe_ingredients_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "recipe_ingredients" FOR EACH STATEMENT EXECUTE FUNCTION "platewise_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "recipe_images_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "recipe_images" FOR EACH STATEMENT EXECUTE FUNCTION "platewise_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "ingredients_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ingredients" FOR EACH STATEMENT EXECUTE FUNCTION "platewise_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "allergen_categories_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "allergen_categories" FOR EACH STATEMENT EXECUTE FUNCTION "platewise_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "allergens_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "allergens" FOR EACH STATEMENT EXECUTE FUNCTION "platewise_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "ingredient_allergens_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ingredient_allergens" FOR EACH STATEMENT EXECUTE FUNCTION "platewise_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "users_catalogue_changed" AFTER UPDATE OF "first_name", "last_name" OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "platewise_catalogue_changed"();--> statement-breakpoint
-- Sessions cached for a few seconds by each process (cache/session-cache.ts)
-- are dropped when they end or change ('s:<id>'), or when their user is
-- disabled, changes role or is deleted ('u:<id>').
CREATE FUNCTION "platewise_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('platewise_sessions', 's:' || OLD.id);
  ELSE
    PERFORM pg_notify('platewise_sessions', 's:' || NEW.id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "platewise_session_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('platewise_sessions', 'u:' || OLD.id);
  ELSE
    PERFORM pg_notify('platewise_sessions', 'u:' || NEW.id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "platewise_sessions_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('platewise_sessions', '*');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "platewise_session_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_truncated" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "platewise_sessions_truncated"();--> statement-breakpoint
CREATE TRIGGER "users_sessions_changed" AFTER UPDATE OF "is_active", "role" OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "platewise_session_user_changed"();--> statement-breakpoint
CREATE TRIGGER "users_truncated_sessions" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "platewise_sessions_truncated"();--> statement-breakpoint
-- Request counters shared by every process (the per-IP and per-user limits of
-- @fastify/rate-limit) when no REDIS_URL is set: one row per limit and client,
-- reset when its window has passed.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires_at_idx" ON "rate_limit_hits" ("expires_at");
