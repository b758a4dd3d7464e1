-- AlterTable
ALTER TABLE "User" ADD COLUMN "digestSince" DATETIME;

-- CreateTable
CREATE TABLE "Digest" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" TEXT NOT NULL,
    "frequency" TEXT NOT NULL,
    "periodStart" DATETIME NOT NULL,
    "periodEnd" DATETIME NOT NULL,
    "itemCount" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" DATETIME,
    CONSTRAINT "Digest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Digest_status_createdAt_idx" ON "Digest"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Digest_userId_periodEnd_key" ON "Digest"("userId", "periodEnd");

