// Data Health (/admin/data-health, decision 0030): the places where the data does not say what is
// true yet, each with the action to take, and the dismissals staff record with a note. The rules
// of each list are the app's own (vacancies, term dates, verified dates, photo sources, the import's
// warnings): this module reads them, it does not restate them. Every list is bounded: the seats,
// incoming officials and warnings are capped with a count, the values and photos are paged.
import { createHash } from "node:crypto";
import type { Db } from "~/db.server";
import { formatDay } from "~/lib/dates";
import { districtLabel } from "~/lib/officials-order";
import { UNCONFIRMED_AFTER_DAYS } from "~/lib/provenance";
import { Refusal } from "~/lib/refusal";
import { MAX_ID } from "~/lib/route-params";
import { senateSeatName, vacantWords, type Vacancy } from "~/lib/seat-vacancy";
import { termCovers, termUpcoming } from "~/lib/terms";
import { latestSourceChecks, verifiedAtOf } from "~/models/officials.server";
import { houseDistricts, vacanciesOf } from "~/models/states.server";

export const HEALTH_KINDS = ["ended-term", "incoming", "unconfirmed", "photo", "source-warning"] as const;
export type HealthKind = (typeof HEALTH_KINDS)[number];

/** How many items a capped list shows, and how many officials a paged list shows per page. */
export const HEALTH_LIST_LIMIT = 50;

/** The job whose run writes photos and the source warnings (congress_import). */
export const CONGRESS_IMPORT = "congress_import";

/**
 * One item of a list: `key` is what it is about, `value` its fact now; a dismissal with the same
 * kind, key and value hides it. `label` is the item's words (kept with a dismissal).
 */
export type HealthItem = { kind: HealthKind; key: string; value: string; label: string };

/** A short stable digest of a text, for keys and values that would otherwise be long. */
const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The keys of items that a dismissal of `kind` with the item's current value hides. All of the
 * kind's dismissals are read (a few per item at most): faster than a long IN list of keys.
 */
async function dismissedOf(db: Db, kind: HealthKind, items: { key: string; value: string }[]): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  const rows = await db.dataHealthDismissal.findMany({ where: { kind }, select: { key: true, value: true } });
  const matching = new Set(rows.map((r) => `${r.key}\n${r.value}`));
  return new Set(items.filter((i) => matching.has(`${i.key}\n${i.value}`)).map((i) => i.key));
}

/** Splits items into those shown and the count hidden by a dismissal of their current value. */
async function withoutDismissed<T extends { key: string; value: string }>(db: Db, kind: HealthKind, items: T[]) {
  const dismissed = await dismissedOf(db, kind, items);
  return { shown: items.filter((i) => !dismissed.has(i.key)), dismissed: dismissed.size };
}

/** A page of a list of `total` items: the page asked for, kept within the pages there are. */
export function pageOf(total: number, asked: number, size = HEALTH_LIST_LIMIT) {
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, asked), pages);
  return { page, pages, skip: (page - 1) * size, size };
}

// ---------------------------------------------------------------- 1. seats no one holds

export type EmptySeat = HealthItem & {
  state: { abbreviation: string; name: string };
  seat: string;
  words: string;
  vacancy: Vacancy;
  /** Where staff add the seat's incoming official. */
  addHref: string;
};

/**
 * The states where a seat may be empty: an apportioned House district no active representative
 * holds, a state with fewer than two active senators, or governors on file but none active. A
 * coarse first pass, so that vacanciesOf (which decides, and dates each seat) is asked about a few
 * states rather than all 56.
 */
async function statesWithRoomForVacancies(db: Db) {
  const [states, officials] = await Promise.all([
    db.state.findMany({ select: { id: true, abbreviation: true, name: true, type: true, houseSeats: true }, orderBy: { name: "asc" } }),
    db.official.findMany({ select: { stateId: true, office: true, district: true, isActive: true } }),
  ]);
  return states.filter((state) => {
    const mine = officials.filter((o) => o.stateId === state.id);
    const active = mine.filter((o) => o.isActive);
    const districts = new Set(active.filter((o) => o.office === "Representative").map((o) => o.district));
    return (
      houseDistricts(state.houseSeats).some((d) => !districts.has(d)) ||
      (state.type === "state" && active.filter((o) => o.office === "Senator").length < 2) ||
      (mine.some((o) => o.office === "Governor") && !active.some((o) => o.office === "Governor"))
    );
  });
}

/**
 * Every seat no one holds, as the state pages find them (vacanciesOf: House districts, Senate
 * classes, the governorship) with the words they use (vacantWords): a term that ended with no
 * successor on file first, then members who left early, then seats with no date on file.
 */
export async function emptySeats(db: Db, now: Date, scope: { stateId?: number } = {}): Promise<EmptySeat[]> {
  const today = utcDay(now);
  const states = (await statesWithRoomForVacancies(db)).filter((s) => !scope.stateId || s.id === scope.stateId);
  const seats: EmptySeat[] = [];
  for (const state of states) {
    const v = await vacanciesOf(db, state.id, today);
    const add = (key: string, seat: string, vacancy: Vacancy, params: Record<string, string>) =>
      seats.push({
        kind: "ended-term",
        key: `${state.abbreviation}/${key}`,
        value: vacancy ? `${vacancy.since}|${vacancy.reason ?? ""}|${vacancy.termEnded ? "term-ended" : "left-early"}` : "date-not-on-file",
        label: `${state.name}: ${seat}: ${vacantWords(vacancy)}`,
        state: { abbreviation: state.abbreviation, name: state.name },
        seat,
        words: vacantWords(vacancy),
        vacancy,
        addHref: `/admin/incoming-officials/new?${new URLSearchParams({ state: state.abbreviation, ...params })}`,
      });
    if (v.governor) add("gov", "Governor", v.vacantSince.governor, { office: "Governor" });
    v.senate.forEach(({ senateClass, vacantSince }, i) =>
      add(
        senateClass ? `sen/${senateClass}` : `sen/unknown-${i + 1}`,
        senateSeatName(senateClass),
        vacantSince,
        senateClass ? { office: "Senator", senateClass: String(senateClass) } : { office: "Senator" },
      ),
    );
    for (const district of v.houseDistricts)
      add(`rep/${district}`, `House ${districtLabel(district, state.abbreviation)}`, v.vacantSince.house[district] ?? null, {
        office: "Representative",
        district,
      });
  }
  const rank = (s: EmptySeat) => (s.vacancy?.termEnded ? 0 : s.vacancy ? 1 : 2);
  return seats.sort((a, b) => rank(a) - rank(b));
}

// ---------------------------------------------------------------- 2. incoming officials

const TERM_OFFICES: Record<string, string> = { sen: "Senator", rep: "Representative", gov: "Governor" };

export type IncomingOfficial = HealthItem & {
  officialId: number;
  name: string;
  office: string;
  state: string;
  seat: string;
  start: string;
};

type SeatTerm = { type: string; state: string; district: number | null; senateClass: number | null };
const sameSeat = (a: SeatTerm, b: SeatTerm) =>
  a.type === b.type &&
  a.state === b.state &&
  (a.type !== "rep" || a.district === b.district) &&
  (a.type !== "sen" || a.senateClass === b.senateClass);

/** A term's seat in words: "District 14", "At-large", "class 3", or nothing for a governorship. */
function termSeat(term: SeatTerm): string {
  if (term.type === "rep") return term.district ? `District ${term.district}` : "At-large";
  if (term.type === "sen") return term.senateClass ? `Senate class ${term.senateClass}` : "Senate";
  return "";
}

/**
 * Officials with a term that has not started (termUpcoming: start boundaries are noon Eastern),
 * soonest first. A current member's own next term of the seat they hold (a re-election: same type,
 * state, and district or class as one of their terms covering now) is not an incoming official.
 */
export async function incomingOfficials(db: Db, now: Date, scope: { officialId?: number } = {}): Promise<IncomingOfficial[]> {
  // A term starting after now starts no earlier than the day before now's UTC day (Eastern is behind UTC).
  const earliest = utcDay(new Date(now.getTime() - 86_400_000));
  const terms = (
    await db.officialTerm.findMany({
      where: { start: { gte: earliest }, ...(scope.officialId ? { officialId: scope.officialId } : {}) },
      orderBy: [{ start: "asc" }, { id: "asc" }],
      select: {
        officialId: true,
        type: true,
        state: true,
        district: true,
        senateClass: true,
        start: true,
        end: true,
        endReason: true,
        official: { select: { name: true, state: { select: { name: true } } } },
      },
    })
  ).filter((t) => termUpcoming(t, now));
  if (terms.length === 0) return [];
  const current = (
    await db.officialTerm.findMany({
      where: { officialId: { in: [...new Set(terms.map((t) => t.officialId))] }, OR: [{ end: null }, { end: { gte: earliest } }] },
      select: { officialId: true, type: true, state: true, district: true, senateClass: true, start: true, end: true, endReason: true },
    })
  ).filter((t) => termCovers(t, now));
  return terms
    .filter((t) => !current.some((c) => c.officialId === t.officialId && sameSeat(c, t)))
    .map((t) => {
      const office = TERM_OFFICES[t.type] ?? t.type;
      const seat = termSeat(t);
      const where = seat ? `${t.official.state.name}, ${seat}` : t.official.state.name;
      return {
        kind: "incoming" as const,
        key: `${t.officialId}/${t.type}/${t.state}/${t.district ?? t.senateClass ?? ""}`,
        value: t.start,
        label: `${t.official.name}: ${office}, ${where}, takes office ${formatDay(t.start)}`,
        officialId: t.officialId,
        name: t.official.name,
        office,
        state: t.official.state.name,
        seat,
        start: t.start,
      };
    });
}

// ---------------------------------------------------------------- 3. values not confirmed

/** One line of an official's unconfirmed values: the fields one source last confirmed on one day. */
export type UnconfirmedLine = { sourceName: string; lastConfirmed: string; heldBySource: boolean; fields: string[] };

export type UnconfirmedGroup = HealthItem & {
  officialId: number;
  name: string;
  office: string;
  state: string;
  district: string | null;
  count: number;
  lines: UnconfirmedLine[];
};

/**
 * The rule for one imported value of an official: unconfirmed when its source no longer holds it,
 * or when its shown verified date (verifiedAtOf: the later of its row and its source's latest
 * check) is more than UNCONFIRMED_AFTER_DAYS days old, as the public pages' "last confirmed" says
 * (valueSource). `where` selects the rows the rule reads; grouping them in SQL and deciding here is
 * faster than a date filter in the query.
 */
async function unconfirmedRule(db: Db, now: Date, officialId?: number) {
  const cutoff = new Date(now.getTime() - UNCONFIRMED_AFTER_DAYS * 86_400_000);
  const checks = await latestSourceChecks(db);
  const where = { entityType: "official", method: "import", ...(officialId ? { entityId: officialId } : {}) };
  const unconfirmed = (row: { sourceName: string; verifiedAt: Date; heldBySource: boolean }) => {
    const shown = verifiedAtOf({ method: "import", ...row }, checks);
    return { lastConfirmed: utcDay(shown), counts: !row.heldBySource || shown < cutoff };
  };
  return { where, unconfirmed };
}

const lineKeyOf = (l: { sourceName: string; lastConfirmed: string; heldBySource: boolean }) =>
  `${l.sourceName}|${l.lastConfirmed}|${l.heldBySource ? "held" : "dropped"}`;

/**
 * Active officials (by name) with imported values not confirmed for UNCONFIRMED_AFTER_DAYS days, or
 * no longer held by their source. The item's value is a digest of its lines (source, last-confirmed
 * day, held or not, how many values): a value newly unconfirmed or dropped shows it again.
 */
async function unconfirmedItems(db: Db, now: Date, scope: { officialId?: number } = {}) {
  const officials = await db.official.findMany({
    where: { isActive: true, ...(scope.officialId ? { id: scope.officialId } : {}) },
    orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
    select: { id: true, name: true, office: true, district: true, state: { select: { abbreviation: true } } },
  });
  // Every official's rows at once (an IN list of all active officials is slower); inactive ones are left out below.
  const rule = await unconfirmedRule(db, now, scope.officialId);
  const groups = await db.provenance.groupBy({
    by: ["entityId", "sourceName", "verifiedAt", "heldBySource"],
    where: rule.where,
    _count: { _all: true },
  });
  const countsOf = new Map<number, Map<string, number>>();
  for (const g of groups) {
    const { lastConfirmed, counts } = rule.unconfirmed(g);
    if (!counts) continue;
    const lines = countsOf.get(g.entityId) ?? new Map<string, number>();
    const key = lineKeyOf({ sourceName: g.sourceName, lastConfirmed, heldBySource: g.heldBySource });
    lines.set(key, (lines.get(key) ?? 0) + g._count._all);
    countsOf.set(g.entityId, lines);
  }
  const items = officials.flatMap((o) => {
    const lines = countsOf.get(o.id);
    if (!lines) return [];
    const count = [...lines.values()].reduce((n, c) => n + c, 0);
    const fingerprint = [...lines]
      .map(([k, c]) => `${k}|${c}`)
      .sort()
      .join("\n");
    const label = `${o.name}: ${count} ${count === 1 ? "value" : "values"} not confirmed for ${UNCONFIRMED_AFTER_DAYS} days`;
    return [{ kind: "unconfirmed" as const, key: `official:${o.id}`, value: digest(fingerprint), label, official: o, count }];
  });
  return { items, rule };
}

/** The unconfirmed values, a page of HEALTH_LIST_LIMIT officials at a time, each with its lines' fields. */
export async function unconfirmedValues(db: Db, now: Date, askedPage = 1) {
  const { items, rule } = await unconfirmedItems(db, now);
  const { shown, dismissed } = await withoutDismissed(db, "unconfirmed", items);
  const paging = pageOf(shown.length, askedPage);
  const onPage = shown.slice(paging.skip, paging.skip + paging.size);
  // The field names, for the officials on this page only.
  const rows = onPage.length
    ? await db.provenance.findMany({
        where: { ...rule.where, entityId: { in: onPage.map((i) => i.official.id) } },
        orderBy: { fieldName: "asc" },
        select: { entityId: true, fieldName: true, sourceName: true, verifiedAt: true, heldBySource: true },
      })
    : [];
  const groups: UnconfirmedGroup[] = onPage.map(({ official: o, ...item }) => {
    const lines = new Map<string, UnconfirmedLine>();
    for (const row of rows) {
      if (row.entityId !== o.id) continue;
      const { lastConfirmed, counts } = rule.unconfirmed(row);
      if (!counts) continue;
      const line = { sourceName: row.sourceName, lastConfirmed, heldBySource: row.heldBySource, fields: [] as string[] };
      const key = lineKeyOf(line);
      if (!lines.has(key)) lines.set(key, line);
      lines.get(key)!.fields.push(row.fieldName);
    }
    return {
      ...item,
      officialId: o.id,
      name: o.name,
      office: o.office,
      state: o.state.abbreviation,
      district: o.district,
      lines: [...lines.values()].sort((a, b) => a.lastConfirmed.localeCompare(b.lastConfirmed) || a.sourceName.localeCompare(b.sourceName)),
    };
  });
  return { groups, officials: shown.length, values: shown.reduce((n, i) => n + i.count, 0), dismissed, ...paging };
}

// ---------------------------------------------------------------- 4. photos not stored

export type MissingPhoto = HealthItem & {
  officialId: number;
  name: string;
  office: string;
  state: string;
  source: string;
  /** Why the last congress_import run did not store it, when its log names this official. */
  reason: string | null;
};

/**
 * Active officials (by name) with no stored photo although the photo step has a source for them:
 * a bioguide id, else a photo address (governors). The value is that source: a new one shows a
 * dismissed item again.
 */
async function photoItems(db: Db, scope: { officialId?: number } = {}) {
  const officials = await db.official.findMany({
    where: {
      isActive: true,
      photo: { is: null },
      OR: [{ bioguideId: { not: null } }, { photoUrl: { not: null } }],
      ...(scope.officialId ? { id: scope.officialId } : {}),
    },
    orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
    select: { id: true, name: true, office: true, bioguideId: true, photoUrl: true, state: { select: { abbreviation: true } } },
  });
  return officials.map((o) => {
    const source = o.bioguideId ? `bioguide id ${o.bioguideId}` : o.photoUrl!;
    return {
      kind: "photo" as const,
      key: `official:${o.id}`,
      value: source,
      label: `${o.name}: no photo stored (from ${source})`,
      officialId: o.id,
      name: o.name,
      office: o.office,
      state: o.state.abbreviation,
      source,
    };
  });
}

/**
 * The officials whose photo is not stored, a page at a time, with the reason the last
 * congress_import run's log gives when it names them (a run writes its first few failures in full).
 */
export async function missingPhotos(db: Db, askedPage = 1) {
  const [items, run] = await Promise.all([photoItems(db), lastRun(db)]);
  const { shown, dismissed } = await withoutDismissed(db, "photo", items);
  const paging = pageOf(shown.length, askedPage);
  const reasons = new Map<string, string>();
  for (const line of run?.lines ?? []) {
    const failed = /^Photo of (.+?) not stored: (.+)$/.exec(line);
    if (failed) reasons.set(failed[1], failed[2]);
  }
  const photos: MissingPhoto[] = shown
    .slice(paging.skip, paging.skip + paging.size)
    .map((item) => ({ ...item, reason: reasons.get(item.name) ?? null }));
  return { photos, total: shown.length, dismissed, run: run && runSummary(run), ...paging };
}

// ---------------------------------------------------------------- 5. source disagreements

/** The latest finished congress_import run, with its log's lines (without their time stamps). */
async function lastRun(db: Db) {
  const run = await db.jobExecution.findFirst({
    where: { jobType: CONGRESS_IMPORT, status: { notIn: ["pending", "running", "skipped"] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, status: true, completedAt: true, logs: true },
  });
  if (!run) return null;
  const lines = (run.logs ?? "").split("\n").map((line) => line.replace(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z /, ""));
  return { id: run.id, status: run.status, completedAt: run.completedAt, lines };
}
const runSummary = (run: { id: number; status: string; completedAt: Date | null }) => ({
  id: run.id,
  status: run.status,
  completedAt: run.completedAt,
});

/**
 * What the sources disagree on, as the latest congress_import run's log records it: its "Warning:"
 * lines (a term a source ends that staff had confirmed, states with no current governor in the
 * source, a file that could not be read). No other store of disagreements exists.
 */
async function warningItems(db: Db) {
  const run = await lastRun(db);
  const texts = [...new Set((run?.lines ?? []).filter((l) => l.startsWith("Warning:")))];
  const items = texts.map((text) => ({ kind: "source-warning" as const, key: digest(text), value: text, label: text }));
  return { items, run: run && runSummary(run) };
}

/** The latest run's warnings, the first HEALTH_LIST_LIMIT with the count. */
export async function sourceWarnings(db: Db) {
  const { items, run } = await warningItems(db);
  return { run, ...(await capped(db, "source-warning", items)) };
}

// ---------------------------------------------------------------- the page and dismissals

/** A list capped at HEALTH_LIST_LIMIT items, with the count of those not dismissed. */
async function capped<T extends HealthItem>(db: Db, kind: HealthKind, items: T[]) {
  const { shown, dismissed } = await withoutDismissed(db, kind, items);
  return { items: shown.slice(0, HEALTH_LIST_LIMIT), total: shown.length, dismissed };
}

/** Everything the Data Health page lists; `pages` picks the page of each paged list. */
export async function dataHealth(db: Db, now: Date, pages: { values: number; photos: number }) {
  const seats = await capped(db, "ended-term", await emptySeats(db, now));
  const incoming = await capped(db, "incoming", await incomingOfficials(db, now));
  const values = await unconfirmedValues(db, now, pages.values);
  const photos = await missingPhotos(db, pages.photos);
  const warnings = await sourceWarnings(db);
  return { seats, incoming, values, photos, warnings };
}

/**
 * The item `kind` and `key` name as it is now, whether dismissed or not (dismissing it again changes
 * nothing), or null when no list has it: the fact was resolved, or the key names nothing.
 */
export async function findHealthItem(db: Db, now: Date, kind: HealthKind, key: string): Promise<HealthItem | null> {
  /** A row id in the key, or 0 for none (and for a number no row can have). */
  const idIn = (pattern: RegExp) => {
    const id = Number(pattern.exec(key)?.[1] ?? 0);
    return id <= MAX_ID ? id : 0;
  };
  const officialId = idIn(/^official:([1-9]\d{0,9})$/);
  const pick = (items: HealthItem[]) => {
    const item = items.find((i) => i.key === key);
    return item ? { kind: item.kind, key: item.key, value: item.value, label: item.label } : null;
  };
  switch (kind) {
    case "ended-term": {
      const state = await db.state.findUnique({ where: { abbreviation: key.split("/")[0] }, select: { id: true } });
      return state ? pick(await emptySeats(db, now, { stateId: state.id })) : null;
    }
    case "incoming": {
      const id = idIn(/^([1-9]\d{0,9})\//);
      return id ? pick(await incomingOfficials(db, now, { officialId: id })) : null;
    }
    case "unconfirmed":
      return officialId ? pick((await unconfirmedItems(db, now, { officialId })).items) : null;
    case "photo":
      return officialId ? pick(await photoItems(db, { officialId })) : null;
    case "source-warning":
      return pick((await warningItems(db)).items);
  }
}

export const DISMISS_TEXTS = {
  gone: "This item is no longer on the Data Health list: it was resolved or its data changed. Reload the page.",
  changed: (label: string) => `This item changed since the page was shown; it now reads: ${label}. Look at it again before dismissing it.`,
};

/**
 * Records that `user` dismissed an item with a note. The item must still be on the list with the
 * value the page showed (else a 404 or 409 with the reason); dismissing it again adds nothing.
 */
export async function dismissHealthItem(
  db: Db,
  now: Date,
  user: { id: string },
  input: { kind: HealthKind; key: string; value: string; note: string },
) {
  const item = await findHealthItem(db, now, input.kind, input.key);
  if (!item) throw new Refusal(DISMISS_TEXTS.gone, 404);
  if (item.value !== input.value) throw new Refusal(DISMISS_TEXTS.changed(item.label), 409);
  const existing = await db.dataHealthDismissal.findFirst({ where: { kind: item.kind, key: item.key, value: item.value } });
  if (existing) return { item, dismissal: existing, created: false };
  const dismissal = await db.dataHealthDismissal.create({
    data: { kind: item.kind, key: item.key, value: item.value, label: item.label, note: input.note, dismissedById: user.id },
  });
  return { item, dismissal, created: true };
}

/** The latest dismissals, with who made them (a deleted account reads as such). */
export async function recentDismissals(db: Db, take = 20) {
  const rows = await db.dataHealthDismissal.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take });
  const ids = [...new Set(rows.flatMap((r) => (r.dismissedById ? [r.dismissedById] : [])))];
  const users = new Map(
    (await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true, firstName: true, lastName: true } })).map(
      (u) => [u.id, [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email],
    ),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    label: r.label,
    note: r.note,
    createdAt: r.createdAt,
    by: r.dismissedById ? (users.get(r.dismissedById) ?? "a deleted account") : "unknown",
  }));
}
