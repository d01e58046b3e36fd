ALTER TABLE "offers" ADD COLUMN "support_email" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "support_email" text;