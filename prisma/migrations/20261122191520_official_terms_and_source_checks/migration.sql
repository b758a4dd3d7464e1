-- AlterTable
ALTER TABLE "Official" ADD COLUMN "openstatesId" TEXT;

-- CreateTable
CREATE TABLE "SourceCheck" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sourceName" TEXT NOT NULL,
    "checkedAt" DATETIME NOT NULL,
    "executionId" INTEGER
);

-- CreateIndex
CREATE INDEX "SourceCheck_sourceName_checkedAt_idx" ON "SourceCheck"("sourceName", "checkedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Official_openstatesId_key" ON "Official"("openstatesId");

-- CreateIndex
CREATE INDEX "OfficialTerm_isCurrent_type_state_idx" ON "OfficialTerm"("isCurrent", "type", "state");

