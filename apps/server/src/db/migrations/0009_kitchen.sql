CREATE TABLE "kitchen_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"ingredient_id" text,
	"name" text NOT NULL,
	"quantity" double precision NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"grams" double precision,
	"place" text NOT NULL,
	"added_on" date NOT NULL,
	"use_by" date,
	"opened" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kitchen_items_place_check" CHECK ("kitchen_items"."place" in ('fridge', 'freezer', 'cupboard')),
	CONSTRAINT "kitchen_items_quantity_check" CHECK ("kitchen_items"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "kitchen_staples" (
	"user_id" uuid NOT NULL,
	"ingredient_id" text NOT NULL,
	CONSTRAINT "kitchen_staples_user_id_ingredient_id_pk" PRIMARY KEY("user_id","ingredient_id")
);
--> statement-breakpoint
CREATE TABLE "kitchen_staples_set" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kitchen_items" ADD CONSTRAINT "kitchen_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_staples" ADD CONSTRAINT "kitchen_staples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_staples_set" ADD CONSTRAINT "kitchen_staples_set_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kitchen_items_user_idx" ON "kitchen_items" USING btree ("user_id","use_by");