-- AlterTable
ALTER TABLE "RollCall" ADD COLUMN "description" TEXT;
ALTER TABLE "RollCall" ADD COLUMN "documentName" TEXT;

