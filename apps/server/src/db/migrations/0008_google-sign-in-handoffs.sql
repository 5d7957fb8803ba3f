CREATE TABLE "google_sign_in_handoffs" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"binding_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"remember_me" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "google_sign_in_handoffs" ADD CONSTRAINT "google_sign_in_handoffs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "google_sign_in_handoffs_expires_at_idx" ON "google_sign_in_handoffs" USING btree ("expires_at");