-- CreateEnum
CREATE TYPE "RoundState" AS ENUM ('draft', 'published', 'completed');

-- CreateEnum
CREATE TYPE "GameResult" AS ENUM ('red_win', 'draw', 'black_win', 'red_win_forfeit', 'black_win_forfeit', 'double_forfeit', 'red_win_penalty', 'black_win_penalty', 'annulled');

-- CreateEnum
CREATE TYPE "PenaltyReason" AS ENUM ('technical_fouls', 'violations', 'unrecorded_moves', 'device', 'warning_ladder', 'self_exposure', 'false_move_limit_claim_timeout', 'adjournment_no_show', 'other');

-- CreateEnum
CREATE TYPE "GameKind" AS ENUM ('regular', 'rapid', 'armageddon');

-- AlterTable
ALTER TABLE "AuditLog" ADD COLUMN     "reason" TEXT;

-- AlterTable
ALTER TABLE "Entry" ADD COLUMN     "withdrawalReason" TEXT,
ADD COLUMN     "withdrawnAfterRound" INTEGER;

-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "pairingOptions" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "standingsOptions" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "tieBreaksCustom" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "Stage" (
    "id" UUID NOT NULL,
    "eventId" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "config" JSONB NOT NULL,
    "entryIds" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Stage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Round" (
    "id" UUID NOT NULL,
    "eventId" UUID NOT NULL,
    "stageId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "stageRound" INTEGER NOT NULL,
    "state" "RoundState" NOT NULL DEFAULT 'draft',
    "scheduledAt" TIMESTAMP(3),
    "findings" JSONB NOT NULL DEFAULT '[]',
    "publishedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "createdById" UUID,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Round_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Pairing" (
    "id" UUID NOT NULL,
    "roundId" UUID NOT NULL,
    "table" INTEGER,
    "redEntryId" UUID NOT NULL,
    "blackEntryId" UUID,
    "matchKey" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Pairing_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Game" (
    "id" UUID NOT NULL,
    "pairingId" UUID NOT NULL,
    "board" INTEGER NOT NULL,
    "kind" "GameKind" NOT NULL DEFAULT 'regular',
    "redPlayerId" UUID,
    "blackPlayerId" UUID,
    "result" "GameResult",
    "penaltyReason" "PenaltyReason",
    "resultEnteredById" UUID,
    "resultEnteredAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Game_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Stage_eventId_index_key" ON "Stage"("eventId", "index");

-- CreateIndex
CREATE INDEX "Round_stageId_idx" ON "Round"("stageId");

-- CreateIndex
CREATE UNIQUE INDEX "Round_eventId_number_key" ON "Round"("eventId", "number");

-- CreateIndex
CREATE INDEX "Pairing_roundId_idx" ON "Pairing"("roundId");

-- CreateIndex
CREATE INDEX "Pairing_redEntryId_idx" ON "Pairing"("redEntryId");

-- CreateIndex
CREATE INDEX "Pairing_blackEntryId_idx" ON "Pairing"("blackEntryId");

-- CreateIndex
CREATE UNIQUE INDEX "Pairing_roundId_table_key" ON "Pairing"("roundId", "table");

-- CreateIndex
CREATE INDEX "Game_redPlayerId_idx" ON "Game"("redPlayerId");

-- CreateIndex
CREATE INDEX "Game_blackPlayerId_idx" ON "Game"("blackPlayerId");

-- CreateIndex
CREATE UNIQUE INDEX "Game_pairingId_board_key" ON "Game"("pairingId", "board");

-- AddForeignKey
ALTER TABLE "Stage" ADD CONSTRAINT "Stage_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Round" ADD CONSTRAINT "Round_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Round" ADD CONSTRAINT "Round_stageId_fkey" FOREIGN KEY ("stageId") REFERENCES "Stage"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pairing" ADD CONSTRAINT "Pairing_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pairing" ADD CONSTRAINT "Pairing_redEntryId_fkey" FOREIGN KEY ("redEntryId") REFERENCES "Entry"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pairing" ADD CONSTRAINT "Pairing_blackEntryId_fkey" FOREIGN KEY ("blackEntryId") REFERENCES "Entry"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_pairingId_fkey" FOREIGN KEY ("pairingId") REFERENCES "Pairing"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_redPlayerId_fkey" FOREIGN KEY ("redPlayerId") REFERENCES "Player"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_blackPlayerId_fkey" FOREIGN KEY ("blackPlayerId") REFERENCES "Player"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
