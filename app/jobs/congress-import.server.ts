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
import { GOVERNORS_SOURCE_NAME, governorsAt } from "~/lib/governors-source";
import {
  congressRecords,
  endGovernorTerms,
  governorRecord,
  governorStates,
  recordSourceCheck,
  syncCommittees,
  syncOfficials,
  type Departure,
  type SyncSummary,
} from "~/models/reference-data.server";
import { applyTermDates } from "~/models/term-clock.server";

/** The historical file (every former member, about 10,000 records): read only when a member leaves. */
const HISTORICAL_FILE = "legislators-historical.json";

/**
 * How the members in `bioguideIds` ended their service, from the source's historical file (their
 * last term's end and end-type). A file that cannot be read leaves the dates not on file, with a
 * warning; the next run tries again.
 */
async function departuresFrom(ctx: Parameters<JobFunction>[0], base: string, bioguideIds: string[]) {
  const wanted = new Set(bioguideIds);
  const departures = new Map<string, Departure>();
  try {
    const historical = await fetchJson<Legislator[]>(ctx.fetch, `${base}/${HISTORICAL_FILE}`, ctx.signal, {
      maxBytes: 100_000_000,
      timeoutMs: 120_000,
    });
    for (const l of Array.isArray(historical) ? historical : []) {
      const last = l?.terms?.[l.terms.length - 1];
      if (wanted.has(l?.id?.bioguide) && last?.end) departures.set(l.id.bioguide, { end: last.end, endReason: last["end-type"] ?? null });
    }
  } catch (error) {
    ctx.signal.throwIfAborted();
    ctx.log(
      `Warning: ${HISTORICAL_FILE} could not be read, so departure dates are not on file yet: ${error instanceof Error ? error.message : error}`,
    );
  }
  return departures;
}

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
  const records = congressRecords({ legislators, social, committees, membership, offices }, at);
  await step();
  const committeesWritten = await syncCommittees(db, committees);
  const congress = await syncOfficials(db, records, "congress", {
    at,
    executionId,
    step,
    log,
    progress: progress("Congress"),
    departures: (ids) => departuresFrom(ctx, base, ids),
  });
  await recordSourceCheck(db, CONGRESS_LEGISLATORS_SOURCE.name, at, executionId);
  const congressTerms = await applyTermDates(db, at, { executionId, log });
  log(
    `Congress: ${congress.processed} members, ${congress.inserted} added, ${congress.updated} updated, ` +
      `${congress.deactivated} no longer listed, ${congressTerms.began} took office, ${congressTerms.ended} left office, ` +
      `${committeesWritten} committees written`,
  );

  // Step 2 of 3: governors.
  await step();
  log("Step 2 of 3: governors (openstates/people)");
  const states = await governorStates(db);
  const { governors, files: governorFiles } = await fetchGovernors(ctx, states, at);
  const { current, upcoming, ended } = governorsAt(governors, at);
  const governorSync = await syncOfficials(
    db,
    [...current, ...upcoming].map((g) => governorRecord(g, at)),
    "governors",
    { at, executionId, step, log, progress: progress("Governors") },
  );
  const governorsEnded = await endGovernorTerms(db, ended, log);
  await recordSourceCheck(db, GOVERNORS_SOURCE_NAME, at, executionId);
  const governorTerms = await applyTermDates(db, at, { executionId, log });
  const missing = states.filter((s) => !current.some((g) => g.state === s));
  if (missing.length) log(`Warning: no current governor in ${GOVERNORS_SOURCE_NAME} for ${missing.join(", ")}`);
  log(
    `Governors: ${governorFiles} files read, ${current.length} current and ${upcoming.length} incoming governors, ` +
      `${governorSync.inserted} added, ${governorSync.updated} updated, ${governorSync.deactivated} succeeded, ` +
      `${governorsEnded} terms ended without a successor, ${governorTerms.began} took office, ${governorTerms.ended} left office`,
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
