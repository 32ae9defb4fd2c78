-- CreateEnum
CREATE TYPE "EntryRequestSource" AS ENUM ('delegate', 'self', 'organizer');

-- CreateEnum
CREATE TYPE "EntryRequestState" AS ENUM ('submitted', 'approved', 'refused', 'waiting', 'withdrawn');

-- CreateEnum
CREATE TYPE "FeeState" AS ENUM ('unpaid', 'paid', 'waived');

-- CreateEnum
CREATE TYPE "MailState" AS ENUM ('queued', 'sent', 'failed');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "TournamentRoleName" ADD VALUE 'deputy_chief_arbiter';
ALTER TYPE "TournamentRoleName" ADD VALUE 'delegate';
ALTER TYPE "TournamentRoleName" ADD VALUE 'steward';

-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "checkInPerRound" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "feePerPlayer" INTEGER,
ADD COLUMN     "feePerTeam" INTEGER,
ADD COLUMN     "lateToleranceMinutes" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "maxBirthYear" INTEGER,
ADD COLUMN     "maxEntries" INTEGER,
ADD COLUMN     "maxRating" INTEGER,
ADD COLUMN     "membersOnly" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "minBirthYear" INTEGER,
ADD COLUMN     "minRating" INTEGER,
ADD COLUMN     "ratingListId" UUID,
ADD COLUMN     "selfRegistration" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Player" ADD COLUMN     "birthYear" INTEGER,
ADD COLUMN     "email" TEXT,
ADD COLUMN     "personId" UUID;

-- AlterTable
ALTER TABLE "Round" ADD COLUMN     "resumeVenue" TEXT,
ADD COLUMN     "resumesAt" TIMESTAMP(3),
ADD COLUMN     "startedAt" TIMESTAMP(3),
ADD COLUMN     "startedById" UUID,
ADD COLUMN     "suspendedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "TournamentInvitation" ADD COLUMN     "affiliationId" UUID,
ADD COLUMN     "token" TEXT;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "emailConfirmedAt" TIMESTAMP(3),
ADD COLUMN     "personId" UUID;

-- CreateTable
CREATE TABLE "Person" (
    "id" UUID NOT NULL,
    "nameZh" TEXT NOT NULL,
    "nameEn" TEXT NOT NULL,
    "gender" "Gender" NOT NULL,
    "birthYear" INTEGER,
    "unitZh" TEXT,
    "unitEn" TEXT,
    "federationId" TEXT,
    "mergedIntoId" UUID,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Person_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PersonMerge" (
    "id" UUID NOT NULL,
    "survivorId" UUID NOT NULL,
    "mergedId" UUID NOT NULL,
    "playerIds" JSONB NOT NULL,
    "moved" JSONB NOT NULL DEFAULT '{}',
    "mergedById" UUID,
    "mergedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undoneById" UUID,
    "undoneAt" TIMESTAMP(3),

    CONSTRAINT "PersonMerge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RatingList" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "method" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RatingList_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RatingChange" (
    "id" UUID NOT NULL,
    "ratingListId" UUID NOT NULL,
    "personId" UUID NOT NULL,
    "eventId" UUID,
    "effectiveAt" TIMESTAMP(3) NOT NULL,
    "ratingBefore" INTEGER,
    "rating" INTEGER NOT NULL,
    "games" INTEGER NOT NULL DEFAULT 0,
    "report" JSONB NOT NULL DEFAULT '[]',
    "performance" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RatingChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TitleRule" (
    "id" UUID NOT NULL,
    "eventId" UUID NOT NULL,
    "topN" INTEGER NOT NULL,
    "titleZh" TEXT NOT NULL,
    "titleEn" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TitleRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PersonTitle" (
    "id" UUID NOT NULL,
    "personId" UUID NOT NULL,
    "titleZh" TEXT NOT NULL,
    "titleEn" TEXT NOT NULL,
    "eventId" UUID,
    "awardedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PersonTitle_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Ban" (
    "id" UUID NOT NULL,
    "personId" UUID NOT NULL,
    "startsOn" DATE NOT NULL,
    "endsOn" DATE NOT NULL,
    "decision" TEXT NOT NULL,
    "eventId" UUID,
    "decidedById" UUID,
    "liftedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Ban_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Regulations" (
    "id" UUID NOT NULL,
    "tournamentId" UUID NOT NULL,
    "texts" JSONB NOT NULL DEFAULT '{}',
    "registrationOpensAt" TIMESTAMP(3),
    "registrationClosesAt" TIMESTAMP(3),
    "registrationPlace" TEXT,
    "feeCurrency" TEXT NOT NULL DEFAULT 'CNY',
    "publishedAt" TIMESTAMP(3),
    "amendments" JSONB NOT NULL DEFAULT '[]',
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Regulations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UnitQuota" (
    "id" UUID NOT NULL,
    "eventId" UUID NOT NULL,
    "affiliationId" UUID NOT NULL,
    "quota" INTEGER NOT NULL,
    "basis" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UnitQuota_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EntryRequest" (
    "id" UUID NOT NULL,
    "eventId" UUID NOT NULL,
    "source" "EntryRequestSource" NOT NULL,
    "state" "EntryRequestState" NOT NULL DEFAULT 'submitted',
    "affiliationId" UUID,
    "personId" UUID,
    "details" JSONB NOT NULL,
    "reason" TEXT,
    "submittedById" UUID,
    "decidedById" UUID,
    "decidedAt" TIMESTAMP(3),
    "entryId" UUID,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EntryRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Fee" (
    "id" UUID NOT NULL,
    "tournamentId" UUID NOT NULL,
    "eventId" UUID,
    "affiliationId" UUID,
    "entryRequestId" UUID,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "state" "FeeState" NOT NULL DEFAULT 'unpaid',
    "method" TEXT,
    "provider" TEXT,
    "providerRef" TEXT,
    "markedById" UUID,
    "markedAt" TIMESTAMP(3),
    "receiptNumber" INTEGER,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Fee_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Credential" (
    "id" UUID NOT NULL,
    "tournamentId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "playerId" UUID,
    "userId" UUID,
    "tokenHash" TEXT NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),

    CONSTRAINT "Credential_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CheckIn" (
    "id" UUID NOT NULL,
    "eventId" UUID NOT NULL,
    "playerId" UUID NOT NULL,
    "roundNumber" INTEGER NOT NULL DEFAULT 0,
    "credentialId" UUID,
    "stewardId" UUID,
    "checkedInAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CheckIn_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Mail" (
    "id" UUID NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT,
    "kind" TEXT NOT NULL,
    "tournamentId" UUID,
    "dedupeKey" TEXT,
    "state" "MailState" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "Mail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdempotencyKey" (
    "id" UUID NOT NULL,
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "status" INTEGER,
    "response" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdempotencyKey_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Person_federationId_key" ON "Person"("federationId");

-- CreateIndex
CREATE INDEX "Person_nameZh_idx" ON "Person"("nameZh");

-- CreateIndex
CREATE INDEX "Person_nameEn_idx" ON "Person"("nameEn");

-- CreateIndex
CREATE INDEX "Person_mergedIntoId_idx" ON "Person"("mergedIntoId");

-- CreateIndex
CREATE INDEX "PersonMerge_survivorId_idx" ON "PersonMerge"("survivorId");

-- CreateIndex
CREATE INDEX "PersonMerge_mergedId_idx" ON "PersonMerge"("mergedId");

-- CreateIndex
CREATE UNIQUE INDEX "RatingList_name_key" ON "RatingList"("name");

-- CreateIndex
CREATE INDEX "RatingChange_personId_effectiveAt_idx" ON "RatingChange"("personId", "effectiveAt");

-- CreateIndex
CREATE INDEX "RatingChange_ratingListId_effectiveAt_idx" ON "RatingChange"("ratingListId", "effectiveAt");

-- CreateIndex
CREATE UNIQUE INDEX "RatingChange_ratingListId_personId_eventId_key" ON "RatingChange"("ratingListId", "personId", "eventId");

-- CreateIndex
CREATE UNIQUE INDEX "PersonTitle_personId_titleZh_eventId_key" ON "PersonTitle"("personId", "titleZh", "eventId");

-- CreateIndex
CREATE INDEX "Ban_personId_idx" ON "Ban"("personId");

-- CreateIndex
CREATE UNIQUE INDEX "Regulations_tournamentId_key" ON "Regulations"("tournamentId");

-- CreateIndex
CREATE UNIQUE INDEX "UnitQuota_eventId_affiliationId_key" ON "UnitQuota"("eventId", "affiliationId");

-- CreateIndex
CREATE UNIQUE INDEX "EntryRequest_entryId_key" ON "EntryRequest"("entryId");

-- CreateIndex
CREATE INDEX "EntryRequest_eventId_state_createdAt_idx" ON "EntryRequest"("eventId", "state", "createdAt");

-- CreateIndex
CREATE INDEX "EntryRequest_affiliationId_idx" ON "EntryRequest"("affiliationId");

-- CreateIndex
CREATE UNIQUE INDEX "Fee_entryRequestId_key" ON "Fee"("entryRequestId");

-- CreateIndex
CREATE INDEX "Fee_tournamentId_state_idx" ON "Fee"("tournamentId", "state");

-- CreateIndex
CREATE UNIQUE INDEX "Fee_tournamentId_receiptNumber_key" ON "Fee"("tournamentId", "receiptNumber");

-- CreateIndex
CREATE UNIQUE INDEX "Credential_tokenHash_key" ON "Credential"("tokenHash");

-- CreateIndex
CREATE INDEX "Credential_tournamentId_idx" ON "Credential"("tournamentId");

-- CreateIndex
CREATE INDEX "Credential_playerId_idx" ON "Credential"("playerId");

-- CreateIndex
CREATE UNIQUE INDEX "CheckIn_eventId_playerId_roundNumber_key" ON "CheckIn"("eventId", "playerId", "roundNumber");

-- CreateIndex
CREATE UNIQUE INDEX "Mail_dedupeKey_key" ON "Mail"("dedupeKey");

-- CreateIndex
CREATE INDEX "Mail_state_nextAttemptAt_idx" ON "Mail"("state", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "IdempotencyKey_createdAt_idx" ON "IdempotencyKey"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "IdempotencyKey_scope_key_key" ON "IdempotencyKey"("scope", "key");

-- CreateIndex
CREATE INDEX "Player_personId_idx" ON "Player"("personId");

-- CreateIndex
CREATE UNIQUE INDEX "User_personId_key" ON "User"("personId");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentInvitation" ADD CONSTRAINT "TournamentInvitation_affiliationId_fkey" FOREIGN KEY ("affiliationId") REFERENCES "Affiliation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Event" ADD CONSTRAINT "Event_ratingListId_fkey" FOREIGN KEY ("ratingListId") REFERENCES "RatingList"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Player" ADD CONSTRAINT "Player_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Person" ADD CONSTRAINT "Person_mergedIntoId_fkey" FOREIGN KEY ("mergedIntoId") REFERENCES "Person"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RatingChange" ADD CONSTRAINT "RatingChange_ratingListId_fkey" FOREIGN KEY ("ratingListId") REFERENCES "RatingList"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RatingChange" ADD CONSTRAINT "RatingChange_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RatingChange" ADD CONSTRAINT "RatingChange_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TitleRule" ADD CONSTRAINT "TitleRule_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PersonTitle" ADD CONSTRAINT "PersonTitle_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Ban" ADD CONSTRAINT "Ban_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Regulations" ADD CONSTRAINT "Regulations_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UnitQuota" ADD CONSTRAINT "UnitQuota_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UnitQuota" ADD CONSTRAINT "UnitQuota_affiliationId_fkey" FOREIGN KEY ("affiliationId") REFERENCES "Affiliation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EntryRequest" ADD CONSTRAINT "EntryRequest_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EntryRequest" ADD CONSTRAINT "EntryRequest_affiliationId_fkey" FOREIGN KEY ("affiliationId") REFERENCES "Affiliation"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EntryRequest" ADD CONSTRAINT "EntryRequest_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Fee" ADD CONSTRAINT "Fee_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Fee" ADD CONSTRAINT "Fee_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Fee" ADD CONSTRAINT "Fee_affiliationId_fkey" FOREIGN KEY ("affiliationId") REFERENCES "Affiliation"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Credential" ADD CONSTRAINT "Credential_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Credential" ADD CONSTRAINT "Credential_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CheckIn" ADD CONSTRAINT "CheckIn_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CheckIn" ADD CONSTRAINT "CheckIn_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CheckIn" ADD CONSTRAINT "CheckIn_credentialId_fkey" FOREIGN KEY ("credentialId") REFERENCES "Credential"("id") ON DELETE SET NULL ON UPDATE CASCADE;
