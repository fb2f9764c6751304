-- The audit log (issue 21 "Audit timeline", db/schema/audit.ts): append-only. The trigger refuses UPDATE and TRUNCATE,
-- and DELETE of any row but those older than the cutoff the retention job names for its own transaction
-- (set_config('rackside.audit_delete_before', <ISO time>, true); domains/audit/retention.ts).
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text,
	"ip" text,
	"user_agent" text,
	"venue_id" uuid,
	"from_venue_id" uuid,
	"device_id" text,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_owner_at_idx" ON "audit_events" USING btree ("owner_user_id","at");
--> statement-breakpoint
CREATE INDEX "audit_events_owner_venue_at_idx" ON "audit_events" USING btree ("owner_user_id","venue_id","at");
--> statement-breakpoint
CREATE INDEX "audit_events_owner_from_venue_at_idx" ON "audit_events" USING btree ("owner_user_id","from_venue_id","at");
--> statement-breakpoint
CREATE INDEX "audit_events_owner_device_at_idx" ON "audit_events" USING btree ("owner_user_id","device_id","at");
--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");
--> statement-breakpoint
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	cutoff text := current_setting('rackside.audit_delete_before', true);
BEGIN
	IF TG_OP = 'DELETE' AND coalesce(cutoff, '') <> '' THEN
		IF OLD."at" < cutoff::timestamptz THEN
			RETURN OLD;
		END IF;
	END IF;
	RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_events_no_change" BEFORE UPDATE OR DELETE ON "audit_events"
	FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
	FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();
--> statement-breakpoint
-- who asked for a registration token: the person the amp's registration (device.added) is recorded as
ALTER TABLE "registration_tokens" ADD COLUMN "issued_by" uuid;
--> statement-breakpoint
ALTER TABLE "registration_tokens" ADD CONSTRAINT "registration_tokens_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
