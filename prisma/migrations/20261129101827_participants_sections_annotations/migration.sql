-- The archive searches names by any part (issue 33): trigram indexes need pg_trgm (in contrib; the
-- embedded server ships it too).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- AlterEnum
ALTER TYPE "EntryRequestState" ADD VALUE 'unconfirmed';

-- AlterTable
ALTER TABLE "EntryRequest" ADD COLUMN     "confirmHash" TEXT,
ADD COLUMN     "confirmedAt" TIMESTAMP(3),
ADD COLUMN     "email" TEXT;

-- AlterTable
ALTER TABLE "GameRecord" ADD COLUMN     "annotations" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "ArbiterSection" (
    "id" UUID NOT NULL,
    "eventId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "firstTable" INTEGER NOT NULL,
    "lastTable" INTEGER NOT NULL,
    "assignedById" UUID,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ArbiterSection_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ArbiterSection_eventId_userId_key" ON "ArbiterSection"("eventId", "userId");

-- CreateIndex
CREATE INDEX "Entry_playerId_idx" ON "Entry"("playerId");

-- CreateIndex
CREATE UNIQUE INDEX "EntryRequest_confirmHash_key" ON "EntryRequest"("confirmHash");

-- CreateIndex
CREATE INDEX "Person_nameZh_trgm_idx" ON "Person" USING GIN ("nameZh" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Person_nameEn_trgm_idx" ON "Person" USING GIN ("nameEn" gin_trgm_ops);

-- AddForeignKey
ALTER TABLE "ArbiterSection" ADD CONSTRAINT "ArbiterSection_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArbiterSection" ADD CONSTRAINT "ArbiterSection_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
