// Incoming officials: members-elect and governors-elect, whose term starts later. They come from a
// source that lists a term starting in the future (a congress-legislators file with the next
// Congress, an openstates file whose role starts later) or from staff (a moderated data update,
// proposeIncomingOfficial in data-updates.server.ts). They are not current until their term
// begins: the term clock (term-clock.server.ts) then makes them current and their predecessor former.
import type { Db } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { formatDistrict } from "~/lib/congress-legislators";
import { incomingWords, type Incoming } from "~/lib/incoming";
import { termBoundary, termCovers } from "~/lib/terms";

/** The field update that gives a staff-added incoming official their term (an OfficialTerm row, not a column). */
export const INCOMING_TERM_FIELD = "incomingTerm";

export const TERM_TYPE_OF_OFFICE = { Governor: "gov", Senator: "sen", Representative: "rep" } as const;
const OFFICE_OF_TERM_TYPE: Record<string, Incoming["office"]> = { gov: "Governor", sen: "Senator", rep: "Representative" };

/** What a staff-added incoming term holds (the data update's newData). */
export type IncomingTermData = {
  office: keyof typeof TERM_TYPE_OF_OFFICE;
  state: string;
  district: number | null;
  senateClass: number | null;
  party: string;
  start: string;
};

/** Makes the OfficialTerm of an approved incoming official (inside the approval's transaction). */
export async function createIncomingTerm(tx: Prisma.TransactionClient, officialId: number, newData: unknown) {
  const term = (newData as { term?: IncomingTermData } | null)?.term;
  if (!term) throw new Error(`The data update of official ${officialId} has no incoming term`);
  await tx.officialTerm.create({
    data: {
      officialId,
      type: TERM_TYPE_OF_OFFICE[term.office],
      start: term.start,
      end: null,
      state: term.state,
      district: term.district,
      senateClass: term.senateClass,
      party: term.party,
      isCurrent: false,
    },
  });
}

/**
 * Officials whose term starts after `at` in a seat they do not hold now (a re-elected member's
 * next term is not an arrival), with the seat and the day: of one state, or all.
 */
export async function incomingOfficials(db: Db, at: Date, stateAbbreviation?: string): Promise<Incoming[]> {
  const today = at.toISOString().slice(0, 10);
  const terms = await db.officialTerm.findMany({
    // A term the term clock has marked begun is no longer incoming, whatever the wall clock says.
    where: { start: { gte: today }, isCurrent: false, ...(stateAbbreviation ? { state: stateAbbreviation } : {}) },
    select: {
      type: true,
      start: true,
      state: true,
      district: true,
      senateClass: true,
      official: {
        select: {
          id: true,
          name: true,
          party: true,
          officeTerms: { select: { type: true, start: true, end: true, endReason: true, state: true, district: true, senateClass: true } },
        },
      },
    },
    orderBy: [{ start: "asc" }, { id: "asc" }],
  });
  const seatOf = (t: { type: string; state: string; district: number | null; senateClass: number | null }) =>
    `${t.type}|${t.state}|${t.type === "rep" ? t.district : ""}|${t.type === "sen" ? t.senateClass : ""}`;
  return terms
    .filter((t) => termBoundary(t.start) > at && OFFICE_OF_TERM_TYPE[t.type])
    .filter((t) => !t.official.officeTerms.some((held) => termCovers(held, at) && seatOf(held) === seatOf(t)))
    .map((t) => ({
      officialId: t.official.id,
      name: t.official.name,
      party: t.official.party,
      office: OFFICE_OF_TERM_TYPE[t.type],
      state: t.state,
      district: t.type === "rep" ? formatDistrict(t.district ?? undefined) : null,
      senateClass: t.senateClass,
      start: t.start,
    }));
}

/**
 * A staff-added incoming official whose term waits for an admin's approval: not public yet (their
 * profile is not found), since nothing about them has been confirmed.
 */
export async function awaitingApproval(db: Db, officialId: number) {
  const pending = await db.fieldUpdate.findFirst({
    where: { entityType: "official", entityId: officialId, fieldName: INCOMING_TERM_FIELD, status: { in: ["pending", "rejected"] } },
    select: { id: true },
  });
  if (!pending) return false;
  return (await db.officialTerm.count({ where: { officialId } })) === 0;
}

/** The incoming official of a current holder's seat (same office and state; same district or class), if any. */
export function incomingForSeat(
  incoming: Incoming[],
  holder: { office: string; district: string | null; senateClass?: number | null; state: string },
) {
  const next = incoming.find(
    (i) =>
      i.office === holder.office &&
      i.state === holder.state &&
      (i.office !== "Representative" || i.district === holder.district) &&
      (i.office !== "Senator" || holder.senateClass === undefined || i.senateClass === holder.senateClass),
  );
  return next ? { ...next, words: incomingWords(next) } : null;
}
