-- Bills from the Library of Congress BILLSTATUS files (issue 30). A new table only: nothing
-- existing is rebuilt, so the hand-written triggers on other tables stay.

-- CreateTable
CREATE TABLE "Bill" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "congress" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "policyArea" TEXT,
    "subjects" JSONB NOT NULL,
    "latestActionDate" TEXT,
    "latestActionText" TEXT,
    "recordedVotes" JSONB NOT NULL,
    "sourceUrl" TEXT NOT NULL,
    "fetchedAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "Bill_congress_type_number_key" ON "Bill"("congress", "type", "number");

-- CreateIndex
CREATE INDEX "Bill_congress_policyArea_idx" ON "Bill"("congress", "policyArea");
