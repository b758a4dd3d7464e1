-- AlterTable
ALTER TABLE "FieldUpdate" ADD COLUMN "executionId" INTEGER;
ALTER TABLE "FieldUpdate" ADD COLUMN "method" TEXT;
ALTER TABLE "FieldUpdate" ADD COLUMN "sourceName" TEXT;
ALTER TABLE "FieldUpdate" ADD COLUMN "sourceUrl" TEXT;

-- CreateIndex
CREATE INDEX "FieldUpdate_entityType_entityId_status_approvedAt_idx" ON "FieldUpdate"("entityType", "entityId", "status", "approvedAt");

-- CreateIndex
CREATE INDEX "FieldUpdate_status_approvedAt_idx" ON "FieldUpdate"("status", "approvedAt");


-- Earlier approved changes take their source and method from their data update (decision 0023).
UPDATE "FieldUpdate" SET
  "sourceName" = (SELECT "source" FROM "DataUpdate" WHERE "DataUpdate"."id" = "FieldUpdate"."dataUpdateId"),
  "method" = (SELECT CASE "updateType" WHEN 'manual' THEN 'staff_edit' WHEN 'crawler' THEN 'crawler' ELSE 'import' END
              FROM "DataUpdate" WHERE "DataUpdate"."id" = "FieldUpdate"."dataUpdateId")
WHERE "dataUpdateId" IS NOT NULL;

-- The public change history shows approved field updates: raise the data version (decision 0020)
-- whenever one is written, approved, or stops being approved.
CREATE TRIGGER "perf_FieldUpdate_insert" AFTER INSERT ON "FieldUpdate" WHEN NEW."status" = 'approved' BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_FieldUpdate_update" AFTER UPDATE ON "FieldUpdate" WHEN NEW."status" = 'approved' OR OLD."status" = 'approved' BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_FieldUpdate_delete" AFTER DELETE ON "FieldUpdate" WHEN OLD."status" = 'approved' BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
