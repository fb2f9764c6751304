CREATE TABLE "firmware_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family" text NOT NULL,
	"version" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"boards" boolean NOT NULL,
	"factory_reset" boolean NOT NULL,
	"notes" text,
	"latest" boolean DEFAULT false NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL
);

--> statement-breakpoint
ALTER TABLE "firmware_images" ADD CONSTRAINT "firmware_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_images_user_family_version_key" ON "firmware_images" USING btree ("user_id","family","version");
--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_images_user_family_latest_key" ON "firmware_images" USING btree ("user_id","family") WHERE "firmware_images"."latest";
