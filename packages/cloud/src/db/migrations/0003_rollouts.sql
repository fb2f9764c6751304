CREATE TABLE "rollout_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rollout_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rollout_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"wave" integer,
	"device_id" text,
	"detail" text
);

--> statement-breakpoint
CREATE TABLE "rollout_targets" (
	"rollout_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"position" integer NOT NULL,
	"wave" integer NOT NULL,
	"from_version" text NOT NULL,
	"to_version" text NOT NULL,
	"image_id" uuid,
	"state" text NOT NULL,
	"skip_reason" text,
	"failed_by" text,
	"job_id" uuid,
	"seen_updating" boolean DEFAULT false NOT NULL,
	"firmware_status" text,
	"boards" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "rollout_targets_rollout_id_device_id_pk" PRIMARY KEY("rollout_id","device_id")
);

--> statement-breakpoint
CREATE TABLE "rollouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text NOT NULL,
	"stop_reason" text,
	"canary" integer NOT NULL,
	"percent" integer NOT NULL,
	"failure_threshold_percent" integer NOT NULL,
	"force" boolean NOT NULL,
	"wave_count" integer NOT NULL,
	"current_wave" integer NOT NULL,
	"versions" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);

--> statement-breakpoint
ALTER TABLE "rollout_events" ADD CONSTRAINT "rollout_events_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rollout_targets" ADD CONSTRAINT "rollout_targets_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rollout_targets" ADD CONSTRAINT "rollout_targets_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rollout_targets" ADD CONSTRAINT "rollout_targets_image_id_firmware_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."firmware_images"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "rollout_events_rollout_id_idx" ON "rollout_events" USING btree ("rollout_id","id");
--> statement-breakpoint
CREATE INDEX "rollout_targets_device_id_idx" ON "rollout_targets" USING btree ("device_id");
--> statement-breakpoint
CREATE INDEX "rollouts_user_id_idx" ON "rollouts" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "rollouts_user_unfinished_key" ON "rollouts" USING btree ("user_id") WHERE "rollouts"."state" in ('running', 'paused', 'stopped');
