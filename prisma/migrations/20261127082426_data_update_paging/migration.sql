-- CreateIndex
CREATE INDEX "DataUpdate_createdAt_idx" ON "DataUpdate"("createdAt");

-- CreateIndex
CREATE INDEX "FieldUpdate_status_createdAt_idx" ON "FieldUpdate"("status", "createdAt");

-- CreateIndex
CREATE INDEX "FieldUpdate_dataUpdateId_status_idx" ON "FieldUpdate"("dataUpdateId", "status");


-- A data update with some fields approved and others rejected is partly approved, so the review
-- page's counts equal its rows.
UPDATE "DataUpdate" SET "status" = 'partly_approved'
WHERE "status" = 'approved'
  AND EXISTS (SELECT 1 FROM "FieldUpdate" f WHERE f."dataUpdateId" = "DataUpdate"."id" AND f."status" = 'rejected');
