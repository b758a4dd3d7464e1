-- AlterTable
ALTER TABLE "User" ADD COLUMN "digestFrequency" TEXT;

-- CreateTable
CREATE TABLE "Follow" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" TEXT NOT NULL,
    "officialId" INTEGER,
    "issueSlug" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Follow_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Follow_officialId_fkey" FOREIGN KEY ("officialId") REFERENCES "Official" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Follow_officialId_idx" ON "Follow"("officialId");

-- CreateIndex
CREATE UNIQUE INDEX "Follow_userId_officialId_key" ON "Follow"("userId", "officialId");

-- CreateIndex
CREATE UNIQUE INDEX "Follow_userId_issueSlug_key" ON "Follow"("userId", "issueSlug");

