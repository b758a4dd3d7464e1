-- CreateIndex
CREATE INDEX "Session_expirationDate_idx" ON "Session"("expirationDate");

-- CreateIndex
CREATE INDEX "Verification_expiresAt_idx" ON "Verification"("expiresAt");

-- CreateIndex
CREATE INDEX "ActivityLog_createdAt_idx" ON "ActivityLog"("createdAt");

