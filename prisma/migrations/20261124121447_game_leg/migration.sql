-- DropIndex
DROP INDEX "Game_pairingId_board_key";

-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "leg" INTEGER NOT NULL DEFAULT 1;

-- CreateIndex
CREATE UNIQUE INDEX "Game_pairingId_board_leg_key" ON "Game"("pairingId", "board", "leg");
