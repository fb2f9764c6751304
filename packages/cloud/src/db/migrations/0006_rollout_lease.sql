ALTER TABLE "rollouts" ADD COLUMN "runner_id" text;
--> statement-breakpoint
ALTER TABLE "rollouts" ADD COLUMN "runner_until" timestamp with time zone;
