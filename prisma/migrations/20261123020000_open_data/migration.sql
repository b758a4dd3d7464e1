-- The ZIP code table is published on /data (districts.csv): like every public table, a write to it
-- raises the public data version in the same transaction (decision 0020), so the open data
-- downloads are generated again after a reload of the table.
CREATE TRIGGER "perf_ZipCode_insert" AFTER INSERT ON "ZipCode" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_ZipCode_update" AFTER UPDATE ON "ZipCode" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_ZipCode_delete" AFTER DELETE ON "ZipCode" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
