-- AlterTable
ALTER TABLE "Ban" ADD COLUMN     "liftReason" TEXT,
ADD COLUMN     "liftedById" UUID;

-- AlterTable
ALTER TABLE "Player" ADD COLUMN     "federationId" TEXT;

-- AlterTable
ALTER TABLE "TournamentInvitation" ADD COLUMN     "language" TEXT;
