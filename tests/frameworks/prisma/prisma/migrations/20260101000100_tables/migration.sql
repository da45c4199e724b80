-- CreateTable
CREATE TABLE "events" (
    "id" UUID NOT NULL DEFAULT uuid_shard.uuidv7(),
    "ref" VARCHAR(40) NOT NULL,
    "done" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notes" (
    "id" UUID NOT NULL,
    "body" TEXT NOT NULL,

    CONSTRAINT "notes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "events_ref_key" ON "events"("ref");
