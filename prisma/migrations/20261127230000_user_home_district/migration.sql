-- The House district a split profile ZIP was narrowed to on /my (additive: both nullable).
ALTER TABLE "User" ADD COLUMN "homeDistrict" TEXT;
ALTER TABLE "User" ADD COLUMN "homeDistrictZip" TEXT;
