-- Data Health dismissals (decision 0030): a new table and its indexes only; no existing table is rebuilt,
-- so the public data version triggers (migration perf_public_data_version) stay.
-- CreateTable
CREATE TABLE "DataHealthDismissal" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "note" TEXT NOT NULL,
    "dismissedById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "DataHealthDismissal_kind_key_idx" ON "DataHealthDismissal"("kind", "key");

-- CreateIndex
CREATE INDEX "DataHealthDismissal_createdAt_idx" ON "DataHealthDismissal"("createdAt");

