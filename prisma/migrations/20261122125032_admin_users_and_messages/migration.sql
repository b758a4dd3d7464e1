-- AlterTable
ALTER TABLE "ActivityLog" ADD COLUMN "actorId" TEXT;

-- AlterTable
ALTER TABLE "ContactMessage" ADD COLUMN "handledAt" DATETIME;
ALTER TABLE "ContactMessage" ADD COLUMN "handledById" TEXT;

-- CreateIndex
CREATE INDEX "ContactMessage_createdAt_idx" ON "ContactMessage"("createdAt");

