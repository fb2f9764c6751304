-- Integrator grants, venue-narrowed invitations and requiring two-factor (issue 21, docs/adr/0008-organisations-and-roles.md):
-- an organisation gives another one (the integrator) a member role on some venues until a date; the integrator's members
-- act with the lower of that role and their own. An owner may require two-factor sign-in of everyone acting in it.
CREATE TABLE "org_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"grantee_organisation_id" uuid NOT NULL,
	"role" text NOT NULL,
	"venue_ids" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "org_grants_role_check" CHECK ("org_grants"."role" in ('admin', 'technician', 'operator', 'viewer')),
	CONSTRAINT "org_grants_not_self_check" CHECK ("org_grants"."organisation_id" <> "org_grants"."grantee_organisation_id")
);
--> statement-breakpoint
ALTER TABLE "org_grants" ADD CONSTRAINT "org_grants_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_grants" ADD CONSTRAINT "org_grants_grantee_organisation_id_organisations_id_fk" FOREIGN KEY ("grantee_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_grants" ADD CONSTRAINT "org_grants_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "org_grants_organisation_id_idx" ON "org_grants" USING btree ("organisation_id");
--> statement-breakpoint
CREATE INDEX "org_grants_grantee_organisation_id_idx" ON "org_grants" USING btree ("grantee_organisation_id");
--> statement-breakpoint
CREATE INDEX "org_grants_expires_at_idx" ON "org_grants" USING btree ("expires_at") WHERE "org_grants"."revoked_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "venue_ids" jsonb;
