-- DropIndex
DROP INDEX "VotingRecord_chamber_voteDate_idx";

