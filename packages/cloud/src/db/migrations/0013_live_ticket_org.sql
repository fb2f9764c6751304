-- The organisation a live stream acts in (issue 21): a member's or an integrator's stream carries the changes of the
-- organisation's amps, in the venues its role is narrowed to. Null: the caller's personal organisation (as before).
ALTER TABLE "live_tickets" ADD COLUMN "organisation_id" uuid;
