-- AlterTable
ALTER TABLE "Official" ADD COLUMN "ballotpediaVerifiedAt" DATETIME;

