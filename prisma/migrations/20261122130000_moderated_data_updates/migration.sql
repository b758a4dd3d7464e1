-- AlterTable
ALTER TABLE "DataUpdate" ADD COLUMN "adminNotes" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Provenance" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "entityType" TEXT NOT NULL,
    "entityId" INTEGER NOT NULL,
    "fieldName" TEXT NOT NULL,
    "sourceName" TEXT NOT NULL,
    "sourceUrl" TEXT,
    "method" TEXT NOT NULL,
    "retrievedAt" DATETIME NOT NULL,
    "verifiedAt" DATETIME NOT NULL,
    "fieldUpdateId" INTEGER,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Provenance_fieldUpdateId_fkey" FOREIGN KEY ("fieldUpdateId") REFERENCES "FieldUpdate" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Provenance" ("entityId", "entityType", "fieldName", "id", "method", "retrievedAt", "sourceName", "sourceUrl", "updatedAt", "verifiedAt") SELECT "entityId", "entityType", "fieldName", "id", "method", "retrievedAt", "sourceName", "sourceUrl", "updatedAt", "verifiedAt" FROM "Provenance";
DROP TABLE "Provenance";
ALTER TABLE "new_Provenance" RENAME TO "Provenance";
CREATE INDEX "Provenance_verifiedAt_idx" ON "Provenance"("verifiedAt");
CREATE UNIQUE INDEX "Provenance_entityType_entityId_fieldName_key" ON "Provenance"("entityType", "entityId", "fieldName");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

