-- Why a term ended (the source's end-type), and whether the source still holds each imported value.
-- Added columns only: a table rebuild would drop the Provenance triggers that raise the public data version.
ALTER TABLE "OfficialTerm" ADD COLUMN "endReason" TEXT;
ALTER TABLE "Provenance" ADD COLUMN "heldBySource" BOOLEAN NOT NULL DEFAULT true;
