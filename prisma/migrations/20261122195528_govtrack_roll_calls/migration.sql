-- CreateIndex
CREATE INDEX "VotingRecord_chamber_voteDate_idx" ON "VotingRecord"("chamber", "voteDate");

