-- CreateTable
CREATE TABLE "RollCall" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "voteId" TEXT NOT NULL,
    "chamber" TEXT NOT NULL,
    "congress" INTEGER NOT NULL,
    "session" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "voteDate" TEXT NOT NULL,
    "question" TEXT NOT NULL,
    "result" TEXT,
    "billType" TEXT,
    "billNumber" INTEGER,
    "billTitle" TEXT NOT NULL,
    "sourceUrl" TEXT NOT NULL,
    "fetchedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "RollCall_voteId_key" ON "RollCall"("voteId");

-- CreateIndex
CREATE INDEX "RollCall_congress_billType_billNumber_idx" ON "RollCall"("congress", "billType", "billNumber");

-- CreateIndex
CREATE INDEX "RollCall_chamber_voteDate_idx" ON "RollCall"("chamber", "voteDate");
