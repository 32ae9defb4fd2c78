-- AlterTable
ALTER TABLE "GameRecord" ADD COLUMN     "enteredVia" TEXT NOT NULL DEFAULT 'staff',
ADD COLUMN     "lockedAt" TIMESTAMP(3),
ADD COLUMN     "lockedById" UUID,
ADD COLUMN     "unrecorded" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "RecordLink" (
    "id" UUID NOT NULL,
    "gameId" UUID NOT NULL,
    "side" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),
    "lastUsedAt" TIMESTAMP(3),

    CONSTRAINT "RecordLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "RecordLink_tokenHash_key" ON "RecordLink"("tokenHash");

-- CreateIndex
CREATE INDEX "RecordLink_gameId_idx" ON "RecordLink"("gameId");

-- AddForeignKey
ALTER TABLE "RecordLink" ADD CONSTRAINT "RecordLink_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
