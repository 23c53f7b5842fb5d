CREATE TABLE "page_tags" (
	"tag" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_tags_version_idx" ON "page_tags" USING btree ("version");