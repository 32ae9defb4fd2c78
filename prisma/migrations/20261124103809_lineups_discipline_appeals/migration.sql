-- CreateEnum
CREATE TYPE "RepetitionRules" AS ENUM ('axf_2017', 'cxa');

-- CreateEnum
CREATE TYPE "LineupSource" AS ENUM ('captain', 'default_starters', 'arbiter');

-- CreateEnum
CREATE TYPE "SanctionState" AS ENUM ('proposed', 'confirmed', 'revoked');

-- CreateEnum
CREATE TYPE "DisputeState" AS ENUM ('open', 'ruled');

-- CreateEnum
CREATE TYPE "AppealState" AS ENUM ('filed', 'upheld', 'dismissed', 'withdrawn');

-- CreateEnum
CREATE TYPE "AppealFeeStatus" AS ENUM ('paid', 'refunded', 'forfeited');

-- CreateEnum
CREATE TYPE "AppealVoteChoice" AS ENUM ('uphold', 'dismiss');

-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "appealDeadlineMinutes" INTEGER NOT NULL DEFAULT 120,
ADD COLUMN     "appealFeeAmount" INTEGER NOT NULL DEFAULT 5000,
ADD COLUMN     "appealFeeCurrency" TEXT NOT NULL DEFAULT 'SGD',
ADD COLUMN     "lineupDeadlineMinutes" INTEGER NOT NULL DEFAULT 30,
ADD COLUMN     "repetitionRules" "RepetitionRules" NOT NULL DEFAULT 'axf_2017';

-- AlterTable
ALTER TABLE "TournamentRole" ADD COLUMN     "affiliationId" UUID;

-- CreateTable
CREATE TABLE "Lineup" (
    "id" UUID NOT NULL,
    "pairingId" UUID NOT NULL,
    "entryId" UUID NOT NULL,
    "source" "LineupSource" NOT NULL,
    "reason" TEXT,
    "submittedById" UUID,
    "submittedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Lineup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LineupBoard" (
    "id" UUID NOT NULL,
    "lineupId" UUID NOT NULL,
    "board" INTEGER NOT NULL,
    "playerId" UUID NOT NULL,

    CONSTRAINT "LineupBoard_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Sanction" (
    "id" UUID NOT NULL,
    "gameId" UUID NOT NULL,
    "playerId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "detail" TEXT,
    "count" INTEGER,
    "minutes" INTEGER,
    "minutesLate" INTEGER,
    "decision" TEXT,
    "disqualify" JSONB,
    "note" TEXT,
    "state" "SanctionState" NOT NULL DEFAULT 'proposed',
    "revokesId" UUID,
    "proposedById" UUID,
    "confirmedById" UUID,
    "confirmedAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Sanction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GameRecord" (
    "id" UUID NOT NULL,
    "gameId" UUID NOT NULL,
    "format" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "startFen" TEXT NOT NULL,
    "moves" JSONB NOT NULL,
    "uploadedById" UUID,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GameRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Dispute" (
    "id" UUID NOT NULL,
    "gameId" UUID NOT NULL,
    "openedById" UUID,
    "startFen" TEXT NOT NULL,
    "moves" JSONB NOT NULL,
    "ruleSet" "RepetitionRules" NOT NULL DEFAULT 'axf_2017',
    "report" JSONB NOT NULL,
    "state" "DisputeState" NOT NULL DEFAULT 'open',
    "ruling" TEXT,
    "rulingResult" "GameResult",
    "ruledById" UUID,
    "ruledAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Dispute_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Appeal" (
    "id" UUID NOT NULL,
    "eventId" UUID NOT NULL,
    "gameId" UUID,
    "disputeId" UUID,
    "filedById" UUID,
    "entryId" UUID,
    "text" TEXT NOT NULL,
    "filedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "feeAmount" INTEGER NOT NULL,
    "feeCurrency" TEXT NOT NULL,
    "feeStatus" "AppealFeeStatus" NOT NULL DEFAULT 'paid',
    "state" "AppealState" NOT NULL DEFAULT 'filed',
    "decision" TEXT,
    "publicSummary" TEXT,
    "privateNotes" TEXT,
    "decidedResult" "GameResult",
    "decidedAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Appeal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AppealVote" (
    "id" UUID NOT NULL,
    "appealId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "choice" "AppealVoteChoice" NOT NULL,
    "note" TEXT,
    "votedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AppealVote_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Lineup_pairingId_entryId_key" ON "Lineup"("pairingId", "entryId");

-- CreateIndex
CREATE UNIQUE INDEX "LineupBoard_lineupId_board_key" ON "LineupBoard"("lineupId", "board");

-- CreateIndex
CREATE UNIQUE INDEX "LineupBoard_lineupId_playerId_key" ON "LineupBoard"("lineupId", "playerId");

-- CreateIndex
CREATE INDEX "Sanction_gameId_idx" ON "Sanction"("gameId");

-- CreateIndex
CREATE INDEX "Sanction_playerId_idx" ON "Sanction"("playerId");

-- CreateIndex
CREATE UNIQUE INDEX "GameRecord_gameId_key" ON "GameRecord"("gameId");

-- CreateIndex
CREATE INDEX "Dispute_gameId_idx" ON "Dispute"("gameId");

-- CreateIndex
CREATE INDEX "Appeal_eventId_idx" ON "Appeal"("eventId");

-- CreateIndex
CREATE UNIQUE INDEX "AppealVote_appealId_userId_key" ON "AppealVote"("appealId", "userId");

-- AddForeignKey
ALTER TABLE "TournamentRole" ADD CONSTRAINT "TournamentRole_affiliationId_fkey" FOREIGN KEY ("affiliationId") REFERENCES "Affiliation"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Lineup" ADD CONSTRAINT "Lineup_pairingId_fkey" FOREIGN KEY ("pairingId") REFERENCES "Pairing"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Lineup" ADD CONSTRAINT "Lineup_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "Entry"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LineupBoard" ADD CONSTRAINT "LineupBoard_lineupId_fkey" FOREIGN KEY ("lineupId") REFERENCES "Lineup"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LineupBoard" ADD CONSTRAINT "LineupBoard_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Sanction" ADD CONSTRAINT "Sanction_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Sanction" ADD CONSTRAINT "Sanction_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GameRecord" ADD CONSTRAINT "GameRecord_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Dispute" ADD CONSTRAINT "Dispute_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Appeal" ADD CONSTRAINT "Appeal_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Appeal" ADD CONSTRAINT "Appeal_disputeId_fkey" FOREIGN KEY ("disputeId") REFERENCES "Dispute"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AppealVote" ADD CONSTRAINT "AppealVote_appealId_fkey" FOREIGN KEY ("appealId") REFERENCES "Appeal"("id") ON DELETE CASCADE ON UPDATE CASCADE;
