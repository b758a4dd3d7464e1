// congress_import: members of Congress from the @unitedstates congress-legislators files, then
// (step 2) the governors from openstates/people, then (step 3) their photos (official-photos.server.ts). Everything is fetched and parsed before the
// step writes; the writes are short batches (app/models/reference-data.server.ts) with a step()
// between them, so a cancelled run leaves whole batches and a rerun finishes the work. An
// unchanged source writes one source check per step and nothing else.
import { fetchGovernors } from "~/jobs/governors.server";
import { fetchJson } from "~/jobs/http.server";
import { importPhotos } from "~/jobs/official-photos.server";
import type { JobFunction } from "~/jobs/job";
import {
  CONGRESS_LEGISLATORS_FILES,
  CONGRESS_LEGISLATORS_SOURCE,
  congressFilesProblem,
  type CommitteeMembership,
  type CommitteeSource,
  type Legislator,
  type LegislatorOffices,
  type LegislatorSocial,
} from "~/lib/congress-legislators";
import { GOVERNORS_SOURCE_NAME } from "~/lib/governors-source";
import {
  congressRecords,
  governorRecord,
  governorStates,
  recordSourceCheck,
  syncCommittees,
  syncOfficials,
  type SyncSummary,
} from "~/models/reference-data.server";

const counts = ({ processed, inserted, updated, unchanged, deactivated }: SyncSummary) => ({
  processed,
  inserted,
  updated,
  unchanged,
  deactivated,
});

export const congressImport: JobFunction = async (ctx) => {
  const { db, fetch, signal, sources, step, log, executionId } = ctx;
  const at = ctx.now();
  const progress = (label: string) => (completed: number, total: number, item: string) =>
    ctx.progress({ completed, total, currentItem: item ? `${label}: ${item}` : null });

  // Step 1 of 3: members of Congress.
  log("Step 1 of 3: members of Congress (congress-legislators)");
  const base = sources.congressLegislators.replace(/\/$/, "");
  const files = await Promise.all(CONGRESS_LEGISLATORS_FILES.map((file) => fetchJson<unknown>(fetch, `${base}/${file}`, signal)));
  const problem = congressFilesProblem(files);
  if (problem) throw new Error(problem);
  const [legislators, social, committees, membership, offices] = files as [
    Legislator[],
    LegislatorSocial[],
    CommitteeSource[],
    CommitteeMembership,
    LegislatorOffices[],
  ];
  const records = congressRecords({ legislators, social, committees, membership, offices });
  await step();
  const committeesWritten = await syncCommittees(db, committees);
  const congress = await syncOfficials(db, records, "congress", { at, executionId, step, log, progress: progress("Congress") });
  await recordSourceCheck(db, CONGRESS_LEGISLATORS_SOURCE.name, at, executionId);
  log(
    `Congress: ${congress.processed} members, ${congress.inserted} added, ${congress.updated} updated, ` +
      `${congress.deactivated} marked inactive, ${committeesWritten} committees written`,
  );

  // Step 2 of 3: governors.
  await step();
  log("Step 2 of 3: governors (openstates/people)");
  const { governors, files: governorFiles } = await fetchGovernors(ctx, await governorStates(db), at.toISOString().slice(0, 10));
  const governorSync = await syncOfficials(db, governors.map(governorRecord), "governors", {
    at,
    executionId,
    step,
    log,
    progress: progress("Governors"),
  });
  await recordSourceCheck(db, GOVERNORS_SOURCE_NAME, at, executionId);
  log(
    `Governors: ${governorFiles} files read, ${governorSync.processed} current governors, ${governorSync.inserted} added, ` +
      `${governorSync.updated} updated, ${governorSync.deactivated} succeeded`,
  );

  // Step 3 of 3: photos, once each, from our own origin afterwards.
  await step();
  log("Step 3 of 3: photos");
  const photos = await importPhotos(ctx);
  log(`Photos: ${photos.stored} stored, ${photos.unchanged} unchanged, ${photos.failed} not available`);

  return {
    results: {
      photos,
      processed: congress.processed + governorSync.processed,
      updated: congress.updated + governorSync.updated,
      inserted: congress.inserted + governorSync.inserted,
      deactivated: congress.deactivated + governorSync.deactivated,
      congress: { ...counts(congress), committeesWritten },
      governors: { ...counts(governorSync), filesRead: governorFiles },
      provenanceRows: congress.provenanceRows + governorSync.provenanceRows,
    },
  };
};
