-- CreateIndex
CREATE INDEX "User_list_order_idx" ON "User"("createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "Lead_status_createdAt_idx" ON "Lead"("status", "createdAt");

-- CreateIndex
CREATE INDEX "FieldUpdate_public_changes_idx" ON "FieldUpdate"("status", "approvedAt", "fieldName");

-- CreateIndex
CREATE INDEX "FieldUpdate_record_history_idx" ON "FieldUpdate"("entityType", "entityId", "status", "approvedAt", "fieldName");

