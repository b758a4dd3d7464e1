-- CreateTable
CREATE TABLE "PublicDataVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "version" INTEGER NOT NULL DEFAULT 0
);



-- The one row, and a trigger per write to every table public pages show: the version rises in
-- the same transaction as the write, whichever process or connection makes it (decision 0020).
INSERT INTO "PublicDataVersion" ("id", "version") VALUES (1, 0);
CREATE TRIGGER "perf_State_insert" AFTER INSERT ON "State" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_State_update" AFTER UPDATE ON "State" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_State_delete" AFTER DELETE ON "State" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_Official_insert" AFTER INSERT ON "Official" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_Official_update" AFTER UPDATE ON "Official" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_Official_delete" AFTER DELETE ON "Official" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_OfficialTerm_insert" AFTER INSERT ON "OfficialTerm" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_OfficialTerm_update" AFTER UPDATE ON "OfficialTerm" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_OfficialTerm_delete" AFTER DELETE ON "OfficialTerm" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_DistrictOffice_insert" AFTER INSERT ON "DistrictOffice" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_DistrictOffice_update" AFTER UPDATE ON "DistrictOffice" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_DistrictOffice_delete" AFTER DELETE ON "DistrictOffice" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_Committee_insert" AFTER INSERT ON "Committee" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_Committee_update" AFTER UPDATE ON "Committee" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_Committee_delete" AFTER DELETE ON "Committee" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_CommitteeAssignment_insert" AFTER INSERT ON "CommitteeAssignment" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_CommitteeAssignment_update" AFTER UPDATE ON "CommitteeAssignment" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_CommitteeAssignment_delete" AFTER DELETE ON "CommitteeAssignment" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_VotingRecord_insert" AFTER INSERT ON "VotingRecord" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_VotingRecord_update" AFTER UPDATE ON "VotingRecord" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_VotingRecord_delete" AFTER DELETE ON "VotingRecord" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_Provenance_insert" AFTER INSERT ON "Provenance" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_Provenance_update" AFTER UPDATE ON "Provenance" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_Provenance_delete" AFTER DELETE ON "Provenance" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_SourceCheck_insert" AFTER INSERT ON "SourceCheck" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_SourceCheck_update" AFTER UPDATE ON "SourceCheck" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "perf_SourceCheck_delete" AFTER DELETE ON "SourceCheck" BEGIN UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
