// Idempotent seed: the shipped public data (prisma/data, sources in prisma/data/SOURCES.md)
// (the ZIP table included) and accounts. Production gets only the owner from OWNER_EMAIL/OWNER_PASSWORD; development
// and tests get one demo account per role (listed in the README).
import { db, dbReady } from "~/db.server";
import { env } from "~/env.server";
import { loadReferenceData, readShippedData } from "~/models/reference-data.server";
import { loadShippedVotes } from "~/models/shipped-votes.server";
import { applyTermDates } from "~/models/term-clock.server";
import { ensurePasswordUser } from "~/models/users.server";
import { loadZipCodes } from "~/models/zip-codes.server";
import type { Role } from "~/auth/roles";

export const DEMO_PASSWORD = "civic-atlas-demo";
export const DEMO_ACCOUNTS: { email: string; firstName: string; lastName: string; role: Role }[] = [
  { email: "owner@civicatlas.test", firstName: "Olivia", lastName: "Owner", role: "owner" },
  { email: "admin@civicatlas.test", firstName: "Adam", lastName: "Admin", role: "admin" },
  { email: "moderator@civicatlas.test", firstName: "Maya", lastName: "Moderator", role: "moderator" },
  { email: "patriot@civicatlas.test", firstName: "Pat", lastName: "Patriot", role: "user" },
];

async function main() {
  await dbReady;
  const started = Date.now();
  const summary = await loadReferenceData(db, readShippedData());
  // Who serves follows the calendar, not the snapshot: a term the shipped data ends before today is
  // over. SEED_AS_OF pins "today" for the tests, so the shipped terms read the same on any day.
  const asOf = process.env.SEED_AS_OF ? new Date(process.env.SEED_AS_OF) : new Date();
  // On a first load the changes are part of loading, not history; on a later start they are history.
  const firstLoad = summary.officials + summary.governors > 0;
  const terms = await applyTermDates(db, asOf, { history: !firstLoad });
  const zipStarted = Date.now();
  const zipRows = await loadZipCodes(db);
  const zipMs = Date.now() - zipStarted;
  // Real roll calls of the current Congress, so profiles and issue maps are not empty before the
  // first nightly import, which goes on after them. SEED_VOTES=none leaves them out: the unit and
  // integration tests' base database, whose tests write and count votes of their own.
  const votesStarted = Date.now();
  const votes = process.env.SEED_VOTES === "none" ? { rollCalls: 0, positions: 0, bills: 0 } : await loadShippedVotes(db);
  const votesMs = Date.now() - votesStarted;

  const config = env();
  const accounts: string[] = [];
  if (config.NODE_ENV === "production") {
    if (config.OWNER_EMAIL && config.OWNER_PASSWORD) {
      const created = await ensurePasswordUser(db, {
        email: config.OWNER_EMAIL,
        password: config.OWNER_PASSWORD,
        firstName: "Site",
        lastName: "Owner",
        role: "owner",
      });
      if (created) accounts.push(config.OWNER_EMAIL);
    }
  } else {
    for (const account of DEMO_ACCOUNTS) {
      if (await ensurePasswordUser(db, { ...account, password: DEMO_PASSWORD })) accounts.push(account.email);
    }
  }
  console.log(
    `Seed: ${summary.states} states, ${summary.officials} members of Congress, ${summary.governors} governors, ` +
      `${summary.committees} committees, ${summary.provenance} provenance rows, ${summary.derivedUpdates} derived state updates, ` +
      `${terms.ended} terms over and ${terms.began} begun by ${asOf.toISOString().slice(0, 10)}, ` +
      `${zipRows} ZIP-district rows loaded (${zipMs} ms), ${votes.rollCalls} roll calls with ${votes.positions} positions and ` +
      `${votes.bills} bills stored (${votesMs} ms), ${accounts.length} accounts created (${Date.now() - started} ms).`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => db.$disconnect());
