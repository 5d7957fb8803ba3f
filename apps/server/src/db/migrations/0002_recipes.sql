CREATE TABLE "allergen_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "allergen_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "allergens" (
	"id" text PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingredient_allergens" (
	"ingredient_id" text NOT NULL,
	"allergen_id" text NOT NULL,
	CONSTRAINT "ingredient_allergens_ingredient_id_allergen_id_pk" PRIMARY KEY("ingredient_id","allergen_id")
);
--> statement-breakpoint
CREATE TABLE "ingredients" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"plural" text,
	"synonyms" text[] DEFAULT '{}' NOT NULL,
	"category" text NOT NULL,
	"perishable" boolean NOT NULL,
	"package_size" real NOT NULL,
	"package_unit" text NOT NULL,
	"package_label" text NOT NULL,
	"density_g_per_ml" real,
	"grams_per_piece" real,
	"piece_units" jsonb,
	"protein_per_100g" real NOT NULL,
	"flags" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipe_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipe_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"url" text,
	"file_name" text,
	"content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipe_images_recipe_id_position_unique" UNIQUE("recipe_id","position"),
	CONSTRAINT "recipe_images_kind_check" CHECK ("recipe_images"."kind" IN ('generated', 'upload', 'url'))
);
--> statement-breakpoint
CREATE TABLE "recipe_ingredients" (
	"recipe_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"ingredient_id" text,
	"name" text NOT NULL,
	"quantity" real,
	"quantity_max" real,
	"unit" text,
	"preparation" text,
	"text" text NOT NULL,
	CONSTRAINT "recipe_ingredients_recipe_id_position_pk" PRIMARY KEY("recipe_id","position")
);
--> statement-breakpoint
CREATE TABLE "recipes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"total_cooking_time" integer,
	"rating" numeric(2, 1),
	"serving_size" integer,
	"cuisine" text,
	"meal_types" text[] DEFAULT '{}' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"directions" text DEFAULT '' NOT NULL,
	"url" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"diets" text[] DEFAULT '{}' NOT NULL,
	"allergens" text[] DEFAULT '{}' NOT NULL,
	"protein_per_serving" real DEFAULT 0 NOT NULL,
	"protein_level" text DEFAULT 'low' NOT NULL,
	CONSTRAINT "recipes_slug_unique" UNIQUE("slug"),
	CONSTRAINT "recipes_rating_check" CHECK ("recipes"."rating" IS NULL OR ("recipes"."rating" >= 0 AND "recipes"."rating" <= 5)),
	CONSTRAINT "recipes_protein_level_check" CHECK ("recipes"."protein_level" IN ('high', 'medium', 'low'))
);
--> statement-breakpoint
ALTER TABLE "allergens" ADD CONSTRAINT "allergens_category_id_allergen_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."allergen_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingredient_allergens" ADD CONSTRAINT "ingredient_allergens_ingredient_id_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."ingredients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingredient_allergens" ADD CONSTRAINT "ingredient_allergens_allergen_id_allergens_id_fk" FOREIGN KEY ("allergen_id") REFERENCES "public"."allergens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_images" ADD CONSTRAINT "recipe_images_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_ingredient_id_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."ingredients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allergens_category_id_idx" ON "allergens" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "ingredient_allergens_allergen_id_idx" ON "ingredient_allergens" USING btree ("allergen_id");--> statement-breakpoint
CREATE INDEX "recipe_ingredients_ingredient_id_idx" ON "recipe_ingredients" USING btree ("ingredient_id");--> statement-breakpoint
CREATE INDEX "recipes_created_at_name_idx" ON "recipes" USING btree ("created_at" DESC NULLS LAST,"name","id");--> statement-breakpoint
CREATE INDEX "recipes_created_by_idx" ON "recipes" USING btree ("created_by");