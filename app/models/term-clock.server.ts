// The term clock: keeps who is current equal to the calendar. An official is current exactly while
// one of their terms covers now (app/lib/terms.ts); OfficialTerm.isCurrent and Official.isActive
// hold that answer for every public surface, and this brings them up to date: after each import
// step, in the seed, and every hour on the primary (scheduler.server.ts), so a term that ends at
// noon on January 3 ends then, not at the next night's import. Each official who starts or stops
// serving is a change in the public history, dated by the term's own day.
import type { Db } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { inOffice } from "~/lib/change-history";
import { formatDistrict } from "~/lib/congress-legislators";
import { eventMoment, termCovers } from "~/lib/terms";
import { recordImportedChanges } from "~/models/change-history.server";
import { refreshDerivedStateFacts } from "~/models/reference-data.server";

/** Officials written per transaction: each stays short. */
const BATCH = 20;

type ClockOptions = {
  /** The job execution that ran the clock, for the public history. */
  executionId?: number;
  /** Record the changes in the public history (default); off for the seed, whose first load is not a change. */
  history?: boolean;
  log?: (line: string) => void;
  /** Only these officials (a test moving the clock for the officials it made, beside others'); all by default. */
  only?: number[];
};

type Term = {
  id: number;
  type: string;
  state: string;
  district: number | null;
  senateClass: number | null;
  start: string;
  end: string | null;
  endReason: string | null;
  isCurrent: boolean;
};

/** The seat a term is for (a Senate seat by its class), or null when the terms do not say which. */
function seatKey(t: Term): string | null {
  if (t.type === "gov") return `gov|${t.state}`;
  if (t.type === "sen") return t.senateClass === null ? null : `sen|${t.state}|${t.senateClass}`;
  if (t.type === "rep") return t.district === null ? null : `rep|${t.state}|${t.district}`;
  return null;
}

/**
 * Brings isCurrent and isActive in line with `at`. A term that begins ends the term of whoever
 * still holds that seat, on the newcomer's first day. Writes only what changed:
 * a second call at the same moment writes nothing. Returns who began and who ended.
 */
export async function applyTermDates(db: Db, at: Date, options: ClockOptions = {}) {
  const { log = () => {} } = options;
  // Only terms that can still change matter: those marked current, and those that end or begin
  // from yesterday on (a term long over stays over). An official serving with none of them left is
  // no longer serving.
  const yesterday = new Date(at.getTime() - 86_400_000).toISOString().slice(0, 10);
  const live = await db.officialTerm.findMany({
    where: {
      OR: [{ isCurrent: true }, { end: null }, { end: { gte: yesterday } }, { start: { gte: yesterday } }],
      ...(options.only ? { officialId: { in: options.only } } : {}),
    },
    select: {
      id: true,
      officialId: true,
      type: true,
      state: true,
      district: true,
      senateClass: true,
      start: true,
      end: true,
      endReason: true,
      isCurrent: true,
    },
  });
  const people = await db.official.findMany({
    where: {
      OR: [{ id: { in: [...new Set(live.map((t) => t.officialId))] } }, { isActive: true, officeTerms: { some: {} } }],
      ...(options.only ? { id: { in: options.only } } : {}),
    },
    select: { id: true, name: true, stateId: true, isActive: true, office: true, district: true, senateClass: true, tenure: true },
  });
  const termsOf = new Map<number, Term[]>();
  for (const t of live) termsOf.set(t.officialId, [...(termsOf.get(t.officialId) ?? []), t]);
  const officials = people.map((o) => ({ ...o, officeTerms: termsOf.get(o.id) ?? [] }));

  // Succession: a term that has just begun ends, on its first day, any other official's term of
  // the same seat still covering now (a governor's successor sworn in, a special election's winner).
  const endings = new Map<number, string>(); // term id -> end day
  const beginning = officials.flatMap((o) =>
    o.officeTerms.filter((t) => !t.isCurrent && termCovers(t, at) && seatKey(t)).map((t) => ({ officialId: o.id, term: t })),
  );
  for (const { officialId, term } of beginning) {
    for (const other of officials) {
      if (other.id === officialId) continue;
      for (const t of other.officeTerms) {
        if (seatKey(t) === seatKey(term) && t.start < term.start && termCovers(t, at)) endings.set(t.id, term.start);
      }
    }
  }
  const termsAt = (terms: Term[]) => terms.map((t) => (endings.has(t.id) ? { ...t, end: endings.get(t.id)! } : t));

  const changes = officials.flatMap((o) => {
    const terms = termsAt(o.officeTerms);
    const flips = terms.filter((t) => termCovers(t, at) !== t.isCurrent || endings.has(t.id));
    const active = terms.some((t) => termCovers(t, at));
    const begun = flips.filter((t) => termCovers(t, at)).sort((a, b) => b.start.localeCompare(a.start))[0];
    const seat = begun ? seatColumns(o, begun) : {};
    return flips.length || active !== o.isActive ? [{ official: o, terms, flips, active, seat, begun }] : [];
  });
  if (!changes.length) return { began: 0, ended: 0 };

  const sources = new Map(
    (
      await db.provenance.findMany({
        where: { entityType: "official", fieldName: "officeTerms", entityId: { in: changes.map((c) => c.official.id) } },
        select: { entityId: true, sourceName: true, sourceUrl: true, method: true },
      })
    ).map((p) => [p.entityId, p]),
  );
  const touchedStates = new Set<number>();
  let began = 0;
  let ended = 0;
  for (let i = 0; i < changes.length; i += BATCH) {
    const batch = changes.slice(i, i + BATCH);
    await db.$transaction(async (tx) => {
      for (const { official, terms, flips, active, seat, begun } of batch) {
        for (const t of flips) {
          await tx.officialTerm.update({
            where: { id: t.id },
            data: { isCurrent: termCovers(t, at), ...(endings.has(t.id) ? { end: t.end } : {}) },
          });
        }
        if (begun && Object.keys(seat).length) {
          await tx.official.update({ where: { id: official.id }, data: seat });
          touchedStates.add(official.stateId);
          const changes = Object.entries(seat).map(([fieldName, newValue]) => ({
            fieldName,
            oldValue: official[fieldName as keyof SeatColumns],
            newValue,
          }));
          if (options.history !== false)
            await recordChanges(tx, official.id, changes, eventMoment(begun.start, at), sources.get(official.id), options);
          log(`Now serving as ${seat.office ?? official.office}: ${official.name} (${begun.start})`);
        }
        if (active === official.isActive) continue;
        await tx.official.update({ where: { id: official.id }, data: { isActive: active } });
        touchedStates.add(official.stateId);
        // An official whose terms all ended before yesterday has none loaded: their last term dates it.
        const last = terms.length
          ? terms
          : await tx.officialTerm.findMany({ where: { officialId: official.id }, orderBy: { start: "desc" }, take: 1 });
        const day = eventDay(last, active, at);
        const change = { fieldName: "isActive", oldValue: inOffice(!active), newValue: inOffice(active) };
        if (options.history !== false)
          await recordChanges(tx, official.id, [change], eventMoment(day, at), sources.get(official.id), options);
        if (active) began++;
        else ended++;
        log(`${active ? "Took office" : "Left office"}: ${official.name} (${day ?? "date not on file"})`);
      }
    });
  }
  if (touchedStates.size)
    await db.$transaction((tx) =>
      refreshDerivedStateFacts(tx, [...touchedStates], options.history === false ? undefined : { at, executionId: options.executionId }),
    );
  return { began, ended };
}

type SeatColumns = { office?: string; district?: string | null; senateClass?: number | null; tenure?: string };

/**
 * The office words a member's newly begun term decides, where they differ from what the official
 * reads now: a representative elected to the Senate reads "Senator" from the noon their Senate term
 * begins, not from the next import. A change of chamber starts a new tenure; a re-election keeps it.
 * Governors' terms change none of these.
 */
function seatColumns(o: { office: string; district: string | null; senateClass: number | null }, term: Term): SeatColumns {
  const wanted =
    term.type === "sen"
      ? { office: "Senator", district: null, senateClass: term.senateClass }
      : term.type === "rep"
        ? { office: "Representative", district: formatDistrict(term.district ?? undefined), senateClass: null }
        : null;
  if (!wanted) return {};
  const changed: SeatColumns = Object.fromEntries(Object.entries(wanted).filter(([k, v]) => o[k as keyof typeof wanted] !== v));
  if (changed.office) changed.tenure = `Since ${term.start.slice(0, 4)}`;
  return changed;
}

/** The day an official began (the start of the term that covers `at`) or stopped serving (their last term's end). */
function eventDay(terms: Term[], active: boolean, at: Date): string | null {
  if (active) return terms.filter((t) => termCovers(t, at)).sort((a, b) => b.start.localeCompare(a.start))[0].start;
  const last = [...terms].sort((a, b) => b.start.localeCompare(a.start))[0];
  return last?.end ?? null;
}

/** Changes the clock made, in the public history, credited to the source of the official's terms. */
function recordChanges(
  tx: Prisma.TransactionClient,
  officialId: number,
  changes: { fieldName: string; oldValue: unknown; newValue: unknown }[],
  at: Date,
  source: { sourceName: string; sourceUrl: string | null; method: string } | undefined,
  options: ClockOptions,
) {
  return recordImportedChanges(tx, {
    entityType: "official",
    entityId: officialId,
    changes,
    source: source ? { name: source.sourceName, url: source.sourceUrl } : { name: "the official's terms of office", url: null },
    method: source?.method === "import" ? "import" : "computed",
    at,
    executionId: options.executionId,
  });
}
