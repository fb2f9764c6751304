CREATE TABLE "relay_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "relay_sessions" ADD CONSTRAINT "relay_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "relay_sessions" ADD CONSTRAINT "relay_sessions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "relay_sessions_user_id_idx" ON "relay_sessions" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "relay_sessions_device_id_idx" ON "relay_sessions" USING btree ("device_id");
