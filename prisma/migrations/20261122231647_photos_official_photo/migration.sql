-- CreateTable
CREATE TABLE "OfficialPhoto" (
    "officialId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sourceUrl" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "fetchedAt" DATETIME NOT NULL,
    "webp120" BLOB NOT NULL,
    "webp240" BLOB NOT NULL,
    "jpeg120" BLOB NOT NULL,
    "jpeg240" BLOB NOT NULL,
    CONSTRAINT "OfficialPhoto_officialId_fkey" FOREIGN KEY ("officialId") REFERENCES "Official" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "OfficialPhoto_hash_key" ON "OfficialPhoto"("hash");

-- Photos are public data: a write raises the public data version (see perf_public_data_version).
CREATE TRIGGER "perf_OfficialPhoto_insert" AFTER INSERT ON "OfficialPhoto" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_OfficialPhoto_update" AFTER UPDATE ON "OfficialPhoto" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_OfficialPhoto_delete" AFTER DELETE ON "OfficialPhoto" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
