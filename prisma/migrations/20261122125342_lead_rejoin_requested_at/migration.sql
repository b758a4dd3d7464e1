-- AlterTable
ALTER TABLE "Lead" ADD COLUMN "rejoinRequestedAt" DATETIME;

