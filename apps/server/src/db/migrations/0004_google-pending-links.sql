CREATE TABLE "google_pending_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "google_pending_links" ADD CONSTRAINT "google_pending_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "google_pending_links_expires_at_idx" ON "google_pending_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "google_pending_links_user_id_idx" ON "google_pending_links" USING btree ("user_id");