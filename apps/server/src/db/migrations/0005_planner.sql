CREATE TABLE "user_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"weekly_schedule" jsonb NOT NULL,
	"dietary_preference" text DEFAULT 'none' NOT NULL,
	"protein_level" text,
	"allergens" text[] DEFAULT '{}' NOT NULL,
	"custom_allergens" text[] DEFAULT '{}' NOT NULL,
	"likes" text[] DEFAULT '{}' NOT NULL,
	"dislikes" text[] DEFAULT '{}' NOT NULL,
	"serving_size" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_serving_size_check" CHECK ("user_preferences"."serving_size" >= 1 AND "user_preferences"."serving_size" <= 20)
);
--> statement-breakpoint
CREATE TABLE "meal_plan_meals" (
	"user_id" uuid NOT NULL,
	"day" smallint NOT NULL,
	"slot" text NOT NULL,
	"recipe_id" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "meal_plan_meals_user_id_day_slot_pk" PRIMARY KEY("user_id","day","slot"),
	CONSTRAINT "meal_plan_meals_day_check" CHECK ("meal_plan_meals"."day" BETWEEN 0 AND 6),
	CONSTRAINT "meal_plan_meals_slot_check" CHECK ("meal_plan_meals"."slot" IN ('breakfast', 'lunch', 'dinner'))
);
--> statement-breakpoint
CREATE TABLE "meal_plans" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seed" integer NOT NULL,
	"serving_size" integer NOT NULL,
	"waste" jsonb NOT NULL,
	"unfilled" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ticked" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meal_plans_version_check" CHECK ("meal_plans"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "ingredients" ADD COLUMN "shelf_life_days" integer;--> statement-breakpoint
ALTER TABLE "ingredients" ADD COLUMN "opened_shelf_life_days" integer;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_plan_meals" ADD CONSTRAINT "meal_plan_meals_user_id_meal_plans_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."meal_plans"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_plan_meals" ADD CONSTRAINT "meal_plan_meals_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_plans" ADD CONSTRAINT "meal_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meal_plan_meals_recipe_id_idx" ON "meal_plan_meals" USING btree ("recipe_id");--> statement-breakpoint
-- The planner caches its compiled catalogue per version (domains/planner),
-- and plans cache the recipes they show. Every write to the tables they read
-- bumps app_meta 'catalogue_version', in
-- the writer's transaction, so a reader that takes the version and the rows
-- in one snapshot never caches old rows under a new version. The number
-- comes from a sequence, so it never repeats, even after app_meta is emptied.
CREATE SEQUENCE "catalogue_version_seq";--> statement-breakpoint
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "app_meta" ("key", "value", "updated_at")
  VALUES ('catalogue_version', to_jsonb(nextval('catalogue_version_seq')), now())
  ON CONFLICT ("key") DO UPDATE
    SET "value" = EXCLUDED."value", "updated_at" = EXCLUDED."updated_at";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "recipes_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "recipes" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "recipe_ingredients_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "recipe_ingredients" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "ingredients_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ingredients" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "ingredient_allergens_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ingredient_allergens" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "recipe_images_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "recipe_images" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
