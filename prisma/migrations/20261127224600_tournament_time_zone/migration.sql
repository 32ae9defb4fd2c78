-- AlterTable
ALTER TABLE "Tournament" ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'Asia/Shanghai';
