-- CreateTable
CREATE TABLE "ZipCode" (
    "zip" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "district" INTEGER NOT NULL,

    PRIMARY KEY ("zip", "district")
);

-- CreateIndex
CREATE INDEX "ZipCode_state_district_idx" ON "ZipCode"("state", "district");

