-- CreateIndex
CREATE INDEX "FieldUpdate_status_rejectedAt_idx" ON "FieldUpdate"("status", "rejectedAt");

