-- CreateIndex
CREATE INDEX "ActivityLog_action_details_createdAt_idx" ON "ActivityLog"("action", "details", "createdAt");

