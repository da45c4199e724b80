CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT uuid_shard.uuidv7() NOT NULL,
	"ref" varchar(40) NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	CONSTRAINT "events_ref_unique" UNIQUE("ref")
);
