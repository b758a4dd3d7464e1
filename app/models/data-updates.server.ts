// Data updates: every change to a state or an official is recorded as a data
// update with one field update per changed field (old value, new value, who, when), whether it
// waits for review or applies at once. A live record changes only through applyFieldUpdates, in
// the same transaction as the records, with provenance pointing at the field update.
//
// Moderators' edits wait for an admin (pending_review); admins' edits apply at once and are
// recorded as approved. Approving refuses a field whose live value changed since the suggestion
// was made. Imports can record their changes the same way (recordDataUpdate with apply).
import { can } from "~/auth/permissions";
import { isRole } from "~/auth/roles";
import type { Db, Tx } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { keysetPage, ordering, sortedPage, beyond, type PageAt } from "~/lib/keyset";
import { officeLabel } from "~/lib/officials-order";
import { Refusal, type FieldErrors } from "~/lib/refusal";
import {
  CRITICAL_FIELDS,
  EDITABLE_FIELDS,
  fieldLabel,
  missingDataPriority,
  PRIORITIES,
  type CriticalField,
  type EntityType,
  type IncomingOfficialInput,
  type Priority,
} from "~/lib/staff-edits";
import { refreshDerivedStateFacts } from "~/models/reference-data.server";
import { dayInWashington } from "~/lib/terms";
import { officeAgeWarning } from "~/lib/official-age";
import { createIncomingTerm, INCOMING_TERM_FIELD, TERM_TYPE_OF_OFFICE, type IncomingTermData } from "~/models/incoming-officials.server";
import { groupBy } from "~/lib/group-by";

export type Actor = { id: string; role: string };
export type FieldValues = Record<string, string | number | null | undefined>;
type Change = { fieldName: string; oldValue: string | null; newValue: string | null };
export type UpdateType = "manual" | "api" | "crawler" | "batch";

/** The source name of staff edits, in data updates and in provenance. */
export const STAFF_SOURCE = "Civic Atlas staff";
const PROVENANCE_METHOD: Record<UpdateType, string> = { manual: "staff_edit", crawler: "crawler", api: "import", batch: "import" };

export const canApproveUpdates = (actor: Actor) => isRole(actor.role) && can(actor.role, "data-updates:approve");

// ---------------------------------------------------------------- values

/** How a value is kept in a field update: text, or null for empty. */
const stored = (value: unknown): string | null => (value === null || value === undefined || value === "" ? null : String(value));

const columnValue = (entityType: EntityType, fieldName: string, value: string | null) =>
  value !== null && EDITABLE_FIELDS[entityType][fieldName]?.kind === "int" ? Number(value) : value;

const selectOf = (entityType: EntityType) => Object.fromEntries(Object.keys(EDITABLE_FIELDS[entityType]).map((k) => [k, true]));

type Live = Record<string, unknown> & { name: string; stateId?: number };

async function readLive(tx: Tx, entityType: EntityType, id: number): Promise<Live | null> {
  return entityType === "state"
    ? tx.state.findUnique({ where: { id }, select: selectOf("state") as Prisma.StateSelect })
    : tx.official.findUnique({ where: { id }, select: { ...(selectOf("official") as Prisma.OfficialSelect), stateId: true } });
}

/** Replaces a whole word in a display name ("Bernard Sanders" → "Bernardo Sanders"). */
function replaceWord(name: string, from: string | null, to: string | null) {
  if (!from || !to) return name;
  const escaped = from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return name.replace(new RegExp(`(^|\\s)${escaped}(?=$|[\\s,])`), `$1${to}`);
}

/** The changed fields of an edit. An official's display name follows a first or last name change. */
function changesOf(entityType: EntityType, live: Live, values: FieldValues): Change[] {
  const editable = EDITABLE_FIELDS[entityType];
  const changes: Change[] = [];
  for (const [fieldName, value] of Object.entries(values)) {
    if (value === undefined || !(fieldName in editable)) continue;
    const oldValue = stored(live[fieldName]);
    const newValue = stored(value);
    if (oldValue !== newValue) changes.push({ fieldName, oldValue, newValue });
  }
  if (entityType === "official" && values.name === undefined) {
    const next = (field: string) => stored(changes.find((c) => c.fieldName === field)?.newValue ?? live[field]);
    const name = replaceWord(replaceWord(live.name, stored(live.firstName), next("firstName")), stored(live.lastName), next("lastName"));
    if (name !== live.name) changes.push({ fieldName: "name", oldValue: live.name, newValue: name });
  }
  return changes;
}

/** State abbreviations and bioguide ids are unique. */
async function uniquenessErrors(
  tx: Tx,
  entityType: EntityType,
  entityId: number,
  data: Record<string, unknown>,
): Promise<FieldErrors | null> {
  if (entityType === "state" && typeof data.abbreviation === "string") {
    const other = await tx.state.findFirst({ where: { abbreviation: data.abbreviation, id: { not: entityId } }, select: { name: true } });
    if (other) return { abbreviation: [`${other.name} already has the abbreviation ${data.abbreviation}.`] };
  }
  if (entityType === "official" && typeof data.bioguideId === "string") {
    const other = await tx.official.findFirst({ where: { bioguideId: data.bioguideId, id: { not: entityId } }, select: { name: true } });
    if (other) return { bioguideId: [`${other.name} already has the Bioguide ID ${data.bioguideId}.`] };
  }
  return null;
}

// ---------------------------------------------------------------- recording and applying

const APPLY_SELECT = {
  id: true,
  dataUpdateId: true,
  entityType: true,
  entityId: true,
  fieldName: true,
  oldValue: true,
  newValue: true,
  status: true,
  sourceName: true,
  sourceUrl: true,
  method: true,
  dataUpdate: { select: { updateType: true, source: true, newData: true } },
} as const;
type ApplicableUpdate = Prisma.FieldUpdateGetPayload<{ select: typeof APPLY_SELECT }>;

export type Conflict = {
  fieldUpdateId: number;
  entityType: string;
  entityId: number;
  fieldName: string;
  expected: string | null;
  current: string | null;
  message: string;
};

const shown = (value: string | null) => (value === null ? "empty" : `"${value}"`);

/**
 * Applies field updates to the live records, all or none: each field's live value must still be
 * its old value (else a 409 Refusal listing the conflicts). Writes provenance, marks the field
 * updates approved and settles their data updates. Call inside a transaction.
 */
async function applyFieldUpdates(tx: Tx, updates: ApplicableUpdate[], reviewedById: string | null, now: Date) {
  const byEntity = new Map<string, ApplicableUpdate[]>();
  for (const u of [...updates].sort((a, b) => a.id - b.id)) {
    const key = `${u.entityType}:${u.entityId}`;
    byEntity.set(key, [...(byEntity.get(key) ?? []), u]);
  }
  const conflicts: Conflict[] = [];
  const plans: { entityType: EntityType; entityId: number; live: Live; data: Record<string, unknown>; updates: ApplicableUpdate[] }[] = [];
  for (const list of byEntity.values()) {
    const entityType = list[0].entityType as EntityType;
    const entityId = list[0].entityId;
    const live = await readLive(tx, entityType, entityId);
    if (!live) {
      for (const u of list)
        conflicts.push({ ...conflictBase(u), current: null, message: `The ${entityType} with the id ${entityId} no longer exists.` });
      continue;
    }
    // Later suggestions for the same field must start from the value the earlier ones leave.
    const working = { ...live };
    const data: Record<string, unknown> = {};
    for (const u of list) {
      const current = stored(working[u.fieldName]);
      if (current !== u.oldValue) {
        conflicts.push({
          ...conflictBase(u),
          current,
          message: `The ${fieldLabel(entityType, u.fieldName).toLowerCase()} of ${live.name} changed since this suggestion was made: it is now ${shown(current)}, the suggestion expected ${shown(u.oldValue)}.`,
        });
        continue;
      }
      working[u.fieldName] = u.newValue;
      // An incoming official's term is a row of its own, made below; every other field is a column.
      if (u.fieldName !== INCOMING_TERM_FIELD) data[u.fieldName] = columnValue(entityType, u.fieldName, u.newValue);
    }
    const duplicate = await uniquenessErrors(tx, entityType, entityId, data);
    if (duplicate) {
      const [fieldName, [message]] = Object.entries(duplicate)[0];
      const u = list.find((x) => x.fieldName === fieldName)!;
      conflicts.push({ ...conflictBase(u), current: stored(live[fieldName]), message });
    }
    plans.push({ entityType, entityId, live, data, updates: list });
  }
  if (conflicts.length) throw new Refusal(conflicts.map((c) => c.message).join(" "), 409, { conflicts });

  const statesToRefresh = new Set<number>();
  for (const plan of plans) {
    const where = { id: plan.entityId };
    if (plan.entityType === "state") await tx.state.update({ where, data: plan.data as Prisma.StateUpdateInput });
    else if (Object.keys(plan.data).length) await tx.official.update({ where, data: plan.data as Prisma.OfficialUpdateInput });
    for (const u of plan.updates.filter((x) => x.fieldName === INCOMING_TERM_FIELD)) {
      await createIncomingTerm(tx, plan.entityId, u.dataUpdate?.newData);
    }
    if (plan.entityType === "official" && ("party" in plan.data || "office" in plan.data)) statesToRefresh.add(plan.live.stateId!);
    for (const u of plan.updates) {
      const provenance = {
        sourceName: u.sourceName ?? u.dataUpdate?.source ?? STAFF_SOURCE,
        sourceUrl: u.sourceUrl,
        method: u.method ?? PROVENANCE_METHOD[(u.dataUpdate?.updateType ?? "manual") as UpdateType] ?? "staff_edit",
        retrievedAt: now,
        verifiedAt: now,
        fieldUpdateId: u.id,
      };
      await tx.provenance.upsert({
        where: { entityType_entityId_fieldName: { entityType: plan.entityType, entityId: plan.entityId, fieldName: u.fieldName } },
        create: { entityType: plan.entityType, entityId: plan.entityId, fieldName: u.fieldName, ...provenance },
        update: provenance,
      });
    }
  }
  await tx.fieldUpdate.updateMany({
    where: { id: { in: updates.map((u) => u.id) } },
    data: { status: "approved", reviewedById, approvedAt: now },
  });
  await settleDataUpdates(tx, updates, reviewedById, now);
  if (statesToRefresh.size) await refreshDerivedStateFacts(tx, [...statesToRefresh], { at: now });
}

const conflictBase = (u: ApplicableUpdate) => ({
  fieldUpdateId: u.id,
  entityType: u.entityType,
  entityId: u.entityId,
  fieldName: u.fieldName,
  expected: u.oldValue,
});

/**
 * A data update is decided once none of its fields is pending: approved when all were, rejected
 * when none was, partly approved when some were approved and others rejected.
 */
async function settleDataUpdates(
  tx: Tx,
  updates: { dataUpdateId: number | null }[],
  decidedById: string | null,
  now: Date,
  notes?: string | null,
) {
  const ids = [...new Set(updates.map((u) => u.dataUpdateId).filter((id): id is number => id !== null))];
  for (const id of ids) {
    const fields = await tx.fieldUpdate.findMany({ where: { dataUpdateId: id }, select: { status: true } });
    if (fields.some((f) => f.status === "pending")) continue;
    const approved = fields.filter((f) => f.status === "approved").length;
    await tx.dataUpdate.update({
      where: { id },
      data: {
        status: approved === fields.length ? "approved" : approved ? "partly_approved" : "rejected",
        approvedById: decidedById,
        decidedAt: now,
        ...(notes ? { adminNotes: notes } : {}),
      },
    });
  }
}

/**
 * Records a data update with its field changes. With `apply`, the changes go live at once and are
 * recorded as approved by `apply.reviewedById` (an admin, or null for an import); without, they
 * wait for review. Call inside a transaction; imports can call it with their own updateType and source.
 */
export async function recordDataUpdate(
  tx: Tx,
  input: {
    entityType: EntityType;
    entityId: number;
    changes: Change[];
    updateType: UpdateType;
    source: string;
    /** The address the new values came from, when there is one. */
    sourceUrl?: string | null;
    /** The job execution that found the changes (imports and crawlers). */
    executionId?: number | null;
    notes?: string | null;
    submittedById: string | null;
    apply: { reviewedById: string | null } | null;
  },
) {
  const { entityType, entityId, changes } = input;
  const dataUpdate = await tx.dataUpdate.create({
    data: {
      entityType,
      entityId,
      updateType: input.updateType,
      source: input.source,
      previousData: Object.fromEntries(changes.map((c) => [c.fieldName, c.oldValue])),
      newData: Object.fromEntries(changes.map((c) => [c.fieldName, c.newValue])),
      notes: input.notes ?? null,
      submittedById: input.submittedById,
    },
    select: { id: true },
  });
  const fieldUpdates = await tx.fieldUpdate.createManyAndReturn({
    data: changes.map((c) => ({
      ...c,
      dataUpdateId: dataUpdate.id,
      entityType,
      entityId,
      notes: input.notes ?? null,
      submittedById: input.submittedById,
      sourceName: input.source,
      sourceUrl: input.sourceUrl ?? null,
      method: PROVENANCE_METHOD[input.updateType],
      executionId: input.executionId || null,
    })),
    select: { id: true },
  });
  if (input.apply) {
    const rows = await tx.fieldUpdate.findMany({ where: { dataUpdateId: dataUpdate.id }, select: APPLY_SELECT });
    await applyFieldUpdates(tx, rows, input.apply.reviewedById, new Date());
  }
  return { dataUpdateId: dataUpdate.id, fieldUpdateIds: fieldUpdates.map((f) => f.id) };
}

/**
 * A source that holds another value than the one staff set does not overwrite it: the source's
 * value is filed as a pending data update for an admin to approve or reject, once. The same
 * disagreement (same field, staff value and source value) already waiting or already rejected is
 * not filed again, so a nightly run adds nothing new. Only fields staff can edit are filed.
 * Returns the fields filed. Call inside the import's transaction.
 */
export async function fileSourceDisagreements(
  tx: Tx,
  input: {
    entityId: number;
    disagreements: { fieldName: string; staffValue: unknown; sourceValue: unknown }[];
    source: { name: string; url: string | null; fieldUrls?: Record<string, string> };
    executionId?: number | null;
  },
) {
  const changes = input.disagreements
    .filter((d) => EDITABLE_FIELDS.official[d.fieldName])
    .map((d) => ({ fieldName: d.fieldName, oldValue: stored(d.staffValue), newValue: stored(d.sourceValue) }))
    .filter((c) => c.oldValue !== c.newValue);
  if (!changes.length) return [];
  const known = await tx.fieldUpdate.findMany({
    where: {
      entityType: "official",
      entityId: input.entityId,
      fieldName: { in: changes.map((c) => c.fieldName) },
      status: { in: ["pending", "rejected"] },
    },
    select: { fieldName: true, oldValue: true, newValue: true },
  });
  const fresh = changes.filter(
    (c) => !known.some((k) => k.fieldName === c.fieldName && k.oldValue === c.oldValue && k.newValue === c.newValue),
  );
  if (!fresh.length) return [];
  const url = fresh.map((c) => input.source.fieldUrls?.[c.fieldName]).find(Boolean) ?? input.source.url;
  await recordDataUpdate(tx, {
    entityType: "official",
    entityId: input.entityId,
    changes: fresh,
    updateType: "api",
    source: input.source.name,
    sourceUrl: url,
    executionId: input.executionId,
    notes: `${input.source.name} holds another value than the one staff set; staff's value stays until an admin approves the source's.`,
    submittedById: null,
    apply: null,
  });
  return fresh.map((c) => c.fieldName);
}

export type EditOutcome = {
  /** pending_review: waiting for an admin; applied: live now; unchanged: nothing differed. */
  status: "pending_review" | "applied" | "unchanged";
  /** Field changes submitted for review. */
  suggestions: number;
  /** Field changes applied at once. */
  applied: number;
  dataUpdateId: number | null;
};

/**
 * A staff edit of a state or an official (the representative and state forms, the Missing Data
 * dialog, and their JSON calls). `values` are validated form values; a key left out is unchanged,
 * null clears. Moderators' edits become one pending data update; admins' apply at once. Returns
 * null when the record does not exist; throws a 400 Refusal for a duplicate abbreviation or bioguide id.
 */
export async function submitStaffEdit(
  db: Db,
  actor: Actor,
  input: { entityType: EntityType; entityId: number; values: FieldValues; notes?: string | null },
): Promise<EditOutcome | null> {
  const applies = canApproveUpdates(actor);
  return db.$transaction(async (tx) => {
    const live = await readLive(tx, input.entityType, input.entityId);
    if (!live) return null;
    const changes = changesOf(input.entityType, live, input.values);
    if (!changes.length) return { status: "unchanged", suggestions: 0, applied: 0, dataUpdateId: null };
    const errors = await uniquenessErrors(
      tx,
      input.entityType,
      input.entityId,
      Object.fromEntries(changes.map((c) => [c.fieldName, c.newValue])),
    );
    if (errors) throw new Refusal(Object.values(errors)[0][0], 400, { errors });
    const { dataUpdateId } = await recordDataUpdate(tx, {
      ...input,
      changes,
      updateType: "manual",
      source: STAFF_SOURCE,
      submittedById: actor.id,
      apply: applies ? { reviewedById: actor.id } : null,
    });
    return applies
      ? { status: "applied", suggestions: 0, applied: changes.length, dataUpdateId }
      : { status: "pending_review", suggestions: changes.length, applied: 0, dataUpdateId };
  });
}

/**
 * Adds an incoming official (a member-elect or governor-elect) for a seat: the person now, not
 * serving (isActive false), and their term as a field update that a moderator proposes and an
 * admin approves, like any edit (an admin's applies at once). Nothing shows on public pages until
 * the term is approved; the term clock makes them current on its first day. Refusals (400) name
 * the field: a day not after today, a district the state does not have, a governor for a
 * jurisdiction without one, a seat already promised to someone else.
 */
export async function proposeIncomingOfficial(db: Db, actor: Actor, input: IncomingOfficialInput, now = new Date()) {
  const refuse = (field: keyof IncomingOfficialInput, message: string) => new Refusal(message, 400, { errors: { [field]: [message] } });
  const state = await db.state.findUnique({
    where: { abbreviation: input.state },
    select: { id: true, name: true, type: true, houseSeats: true },
  });
  if (!state) throw refuse("state", "Choose one of the listed states.");
  if (input.start <= dayInWashington(now))
    throw refuse("start", "The term must begin after today: an official already serving is edited on their own page.");
  if (input.office === "Governor" && state.type !== "state") throw refuse("office", `${state.name} has no governor in Civic Atlas.`);
  let district: number | null = null;
  if (input.office === "Representative") {
    const code = input.district!.toUpperCase();
    district = code === "AL" || code === "0" ? 0 : /^\d{1,2}$/.test(code) ? Number(code) : NaN;
    const valid = state.houseSeats <= 1 ? district === 0 : Number.isInteger(district) && district >= 1 && district <= state.houseSeats;
    if (!valid)
      throw refuse(
        "district",
        state.houseSeats <= 1
          ? `${state.name} has one seat: enter AL (at-large).`
          : `${state.name} has districts 1 to ${state.houseSeats}.`,
      );
  }
  const senateClass = input.office === "Senator" ? Number(input.senateClass) : null;
  const term: IncomingTermData = {
    office: input.office,
    state: input.state,
    district,
    senateClass,
    party: input.party,
    start: input.start,
  };
  const seatWords = `${input.office} for ${state.name}${district !== null ? `, district ${district === 0 ? "AL" : district}` : ""}${senateClass ? `, class ${senateClass}` : ""}`;
  const name = `${input.firstName} ${input.lastName}`;
  return db.$transaction(async (tx) => {
    const promised = await tx.officialTerm.findFirst({
      where: {
        type: TERM_TYPE_OF_OFFICE[input.office],
        state: input.state,
        start: input.start,
        ...(district !== null ? { district } : {}),
        ...(senateClass !== null ? { senateClass } : {}),
      },
      select: { official: { select: { name: true } } },
    });
    if (promised) throw refuse("start", `${promised.official.name} already takes this seat on ${input.start}.`);
    const official = await tx.official.create({
      data: {
        name,
        firstName: input.firstName,
        lastName: input.lastName,
        party: input.party,
        office: input.office,
        stateId: state.id,
        district: district === null ? null : district === 0 ? "AL" : String(district).padStart(2, "0"),
        senateClass,
        isActive: false,
      },
      select: { id: true },
    });
    const applies = canApproveUpdates(actor);
    const dataUpdate = await tx.dataUpdate.create({
      data: {
        entityType: "official",
        entityId: official.id,
        updateType: "manual",
        source: STAFF_SOURCE,
        previousData: {},
        newData: { term },
        notes: input.notes ?? null,
        submittedById: actor.id,
      },
      select: { id: true },
    });
    await tx.fieldUpdate.create({
      data: {
        dataUpdateId: dataUpdate.id,
        entityType: "official",
        entityId: official.id,
        fieldName: INCOMING_TERM_FIELD,
        oldValue: null,
        newValue: `${seatWords}, takes office ${input.start}`,
        notes: input.notes ?? null,
        submittedById: actor.id,
        sourceName: STAFF_SOURCE,
        sourceUrl: input.sourceUrl ?? null,
        method: "staff_edit",
      },
    });
    if (applies) {
      const rows = await tx.fieldUpdate.findMany({ where: { dataUpdateId: dataUpdate.id }, select: APPLY_SELECT });
      await applyFieldUpdates(tx, rows, actor.id, now);
    }
    return { officialId: official.id, name, status: applies ? ("applied" as const) : ("pending_review" as const) };
  });
}

// ---------------------------------------------------------------- decisions

/** The field updates with these ids, all pending; else a Refusal (400 none chosen, 404 unknown, 409 decided). */
async function pendingFieldUpdates(tx: Tx, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) throw new Refusal("Choose at least one update.", 400);
  const rows = await tx.fieldUpdate.findMany({ where: { id: { in: unique } }, select: APPLY_SELECT });
  const missing = unique.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) throw new Refusal(`No update has the id ${missing.join(", ")}.`, 404);
  const decided = rows.filter((r) => r.status !== "pending");
  if (decided.length) throw new Refusal(decided.map((r) => `Update ${r.id} was already ${r.status}.`).join(" "), 409);
  return rows;
}

/** Approves the chosen field updates in one transaction: all apply, or none (a 409 Refusal lists the conflicts). */
export async function approveFieldUpdates(db: Db, reviewer: Actor, ids: number[]) {
  return db.$transaction(
    async (tx) => {
      const rows = await pendingFieldUpdates(tx, ids);
      await applyFieldUpdates(tx, rows, reviewer.id, new Date());
      return { approved: rows.length };
    },
    { timeout: 30_000 },
  );
}

export type ApprovalResult =
  | { fieldUpdateId: number; status: "approved" }
  | { fieldUpdateId: number; status: "skipped"; reason: string; refusal: Refusal["status"]; conflicts?: Conflict[] };

/**
 * Approves what can be approved (Approve All and the bulk call): each chosen field update in its
 * own transaction, oldest first, so a later suggestion for the same field meets the value the
 * earlier one left. One that cannot be approved (out of date, unknown, already decided) is skipped
 * with the reason and leaves nothing written; the others still apply.
 */
export async function approveEachFieldUpdate(db: Db, reviewer: Actor, ids: number[]) {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (!unique.length) throw new Refusal("Choose at least one update.", 400);
  const results: ApprovalResult[] = [];
  for (const id of unique) {
    try {
      await approveFieldUpdates(db, reviewer, [id]);
      results.push({ fieldUpdateId: id, status: "approved" });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      const conflicts = error.details.conflicts as Conflict[] | undefined;
      results.push({
        fieldUpdateId: id,
        status: "skipped",
        reason: error.message,
        refusal: error.status,
        ...(conflicts ? { conflicts } : {}),
      });
    }
  }
  const approved = results.filter((r) => r.status === "approved").length;
  const skipped = results.length - approved;
  return { approved, skipped, summary: skipped ? `Approved ${approved}, skipped ${skipped}` : `Approved ${approved}`, results };
}

/** Marks pending field updates rejected, with the reviewer's optional notes, and settles their data updates. */
async function rejectRows(tx: Tx, rows: { id: number; dataUpdateId: number | null }[], reviewer: Actor, notes?: string | null) {
  const now = new Date();
  await tx.fieldUpdate.updateMany({
    where: { id: { in: rows.map((r) => r.id) } },
    data: { status: "rejected", reviewedById: reviewer.id, rejectedAt: now, adminNotes: notes ?? null },
  });
  await settleDataUpdates(tx, rows, reviewer.id, now, notes);
  return { rejected: rows.length };
}

/** Rejects the chosen field updates with optional notes, in one transaction. */
export async function rejectFieldUpdates(db: Db, reviewer: Actor, ids: number[], notes?: string | null) {
  return db.$transaction(async (tx) => {
    const rows = await pendingFieldUpdates(tx, ids);
    return rejectRows(tx, rows, reviewer, notes);
  });
}

async function pendingFieldsOfDataUpdate(tx: Tx, dataUpdateId: number) {
  const update = await tx.dataUpdate.findUnique({ where: { id: dataUpdateId }, select: { status: true } });
  if (!update) throw new Refusal(`No data update has the id ${dataUpdateId}.`, 404);
  const rows = await tx.fieldUpdate.findMany({ where: { dataUpdateId, status: "pending" }, select: APPLY_SELECT });
  if (update.status !== "pending" || !rows.length)
    throw new Refusal(`Data update ${dataUpdateId} was already ${update.status.replace("_", " ")}.`, 409);
  return rows;
}

/** Approves every pending field of one data update (the review page and the entity checkbox). */
export async function approveDataUpdate(db: Db, reviewer: Actor, dataUpdateId: number) {
  return db.$transaction(async (tx) => {
    const rows = await pendingFieldsOfDataUpdate(tx, dataUpdateId);
    await applyFieldUpdates(tx, rows, reviewer.id, new Date());
    return { approved: rows.length };
  });
}

/** Rejects every pending field of one data update, keeping the optional notes on it and on each field. */
export async function rejectDataUpdate(db: Db, reviewer: Actor, dataUpdateId: number, notes?: string | null) {
  return db.$transaction(async (tx) => {
    const rows = await pendingFieldsOfDataUpdate(tx, dataUpdateId);
    return rejectRows(tx, rows, reviewer, notes);
  });
}

// ---------------------------------------------------------------- lists

const PERSON = { select: { id: true, firstName: true, lastName: true, email: true } } as const;
type Person = { firstName: string | null; lastName: string | null; email: string } | null;
const personName = (p: Person) => (p ? [p.firstName, p.lastName].filter(Boolean).join(" ") || p.email : null);

/** Calendar day (UTC) of a moment: how submissions are grouped. */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

const FIELD_UPDATE_SELECT = {
  id: true,
  dataUpdateId: true,
  entityType: true,
  entityId: true,
  fieldName: true,
  oldValue: true,
  newValue: true,
  status: true,
  notes: true,
  adminNotes: true,
  submittedById: true,
  reviewedById: true,
  createdAt: true,
  approvedAt: true,
  rejectedAt: true,
  submittedBy: PERSON,
  reviewedBy: PERSON,
  dataUpdate: { select: { source: true, updateType: true } },
} as const;

/** "Bernard Sanders (Senator, VT)" or "Vermont": what a list shows for the changed record. */
async function entityNames(db: Tx, rows: { entityType: string; entityId: number }[]) {
  const ids = (type: string) => [...new Set(rows.filter((r) => r.entityType === type).map((r) => r.entityId))];
  const [officials, states] = await Promise.all([
    db.official.findMany({
      where: { id: { in: ids("official") } },
      select: { id: true, name: true, office: true, state: { select: { abbreviation: true } } },
    }),
    db.state.findMany({ where: { id: { in: ids("state") } }, select: { id: true, name: true } }),
  ]);
  const names = new Map<string, string>();
  for (const o of officials) names.set(`official:${o.id}`, `${o.name} (${officeLabel(o.office)}, ${o.state.abbreviation})`);
  for (const s of states) names.set(`state:${s.id}`, s.name);
  return (type: string, id: number) => names.get(`${type}:${id}`) ?? `Deleted ${type} ${id}`;
}

async function fieldUpdateViews(
  db: Tx,
  where: Prisma.FieldUpdateWhereInput,
  orderBy: Prisma.FieldUpdateOrderByWithRelationInput[],
  take?: number,
) {
  const rows = await db.fieldUpdate.findMany({ where, orderBy, take, select: FIELD_UPDATE_SELECT });
  const nameOf = await entityNames(db, rows);
  return rows.map(({ submittedBy, reviewedBy, dataUpdate, ...row }) => ({
    ...row,
    entityName: nameOf(row.entityType, row.entityId),
    fieldLabel: fieldLabel(row.entityType as EntityType, row.fieldName),
    submittedByName: personName(submittedBy) ?? dataUpdate?.source ?? "Unknown",
    reviewedByName: personName(reviewedBy),
    decidedAt: row.approvedAt ?? row.rejectedAt,
  }));
}
export type FieldUpdateView = Awaited<ReturnType<typeof fieldUpdateViews>>[number];

/** Rows grouped by key, in the order each key first appears. */
const groupedBy = <T>(rows: T[], keyOf: (row: T) => string) => [...groupBy(rows, keyOf).values()];

/**
 * A page of pending field updates (newest first), of everyone or of one submitter, grouped by
 * submitter and day (the grouped pending update). A group can continue on the next page; its count
 * is what this page shows.
 */
export async function pendingUpdatesGrouped(db: Db, at: PageAt = {}, { submittedById }: { submittedById?: string } = {}) {
  const pending = { status: "pending", ...(submittedById ? { submittedById } : {}) };
  const { rows, previous, next } = await keysetPage(
    ({ where, orderBy, take }) => fieldUpdateViews(db, { AND: [pending, where] }, orderBy, take),
    at,
  );
  const groups = groupedBy(rows, (u) => `${u.submittedById ?? ""}|${dayOf(u.createdAt)}`).map((list) => ({
    submitted_by: list[0].submittedById,
    submitted_by_name: list[0].submittedByName,
    submission_date: dayOf(list[0].createdAt),
    latest_update: list[0].createdAt,
    update_count: list.length,
    update_ids: list.map((u) => u.id),
    updates: list,
  }));
  return { groups, previous, next };
}

export const pendingUpdateCount = (db: Db) => db.fieldUpdate.count({ where: { status: "pending" } });

/**
 * A page of decided field updates, the most recently decided first (by approvedAt or rejectedAt,
 * then id). Only those of a data update: the congress import records its changes as approved field
 * updates of their own for the public history (decision 0023), which were never staff decisions.
 */
function decidedPage(db: Db, where: Prisma.FieldUpdateWhereInput, at: PageAt) {
  return keysetPage(
    async ({ take, cursor, backwards }) => {
      const decided = (status: "approved" | "rejected", column: "approvedAt" | "rejectedAt", own: Prisma.FieldUpdateWhereInput) =>
        fieldUpdateViews(
          db,
          { AND: [where, own, { status }, cursor ? beyond(cursor, backwards, column) : {}] },
          ordering(backwards, column),
          take,
        );
      const [approved, rejected] = await Promise.all([
        decided("approved", "approvedAt", { dataUpdateId: { not: null } }),
        decided("rejected", "rejectedAt", {}),
      ]);
      const newestFirst = (a: FieldUpdateView, b: FieldUpdateView) => b.decidedAt!.getTime() - a.decidedAt!.getTime() || b.id - a.id;
      return [...approved, ...rejected].sort(backwards ? (a, b) => newestFirst(b, a) : newestFirst).slice(0, take);
    },
    at,
    { keyOf: (u) => ({ createdAt: u.decidedAt!, id: u.id }) },
  );
}

/**
 * A page of a staff member's own submissions, pending ones (newest first, grouped by day) and,
 * paged apart, the decided ones (newest decision first).
 */
export async function submittedUpdates(db: Db, userId: string, { at = {}, historyAt = {} }: { at?: PageAt; historyAt?: PageAt } = {}) {
  const mine = { submittedById: userId, status: "pending" };
  const [pending, history] = await Promise.all([
    keysetPage(({ where, orderBy, take }) => fieldUpdateViews(db, { AND: [mine, where] }, orderBy, take), at),
    decidedPage(db, { submittedById: userId }, historyAt),
  ]);
  return {
    pending: groupedBy(pending.rows, (u) => dayOf(u.createdAt)).map((updates) => ({
      submission_date: dayOf(updates[0].createdAt),
      update_count: updates.length,
      updates,
    })),
    history: history.rows,
    pages: { previous: pending.previous, next: pending.next },
    historyPages: { previous: history.previous, next: history.next },
  };
}

export const submittedPendingCount = (db: Db, userId: string) =>
  db.fieldUpdate.count({ where: { submittedById: userId, status: "pending" } });

/**
 * A page of approved and rejected field updates (the admin's Show History), grouped by decision day,
 * submitter and record; only one submitter's when the pending list is narrowed to them.
 */
export async function decidedUpdates(db: Db, at: PageAt = {}, { submittedById }: { submittedById?: string } = {}) {
  const { rows, previous, next } = await decidedPage(db, submittedById ? { submittedById } : {}, at);
  const groups = groupedBy(rows, (u) => `${dayOf(u.decidedAt!)}|${u.submittedById ?? u.submittedByName}|${u.entityType}:${u.entityId}`);
  return {
    groups: groups.map((list) => ({
      date: dayOf(list[0].decidedAt!),
      submitted_by: list[0].submittedById,
      submitted_by_name: list[0].submittedByName,
      entityType: list[0].entityType,
      entityId: list[0].entityId,
      entityName: list[0].entityName,
      updates: list,
    })),
    previous,
    next,
  };
}

const DATA_UPDATE_SELECT = {
  id: true,
  entityType: true,
  entityId: true,
  updateType: true,
  source: true,
  status: true,
  createdAt: true,
  decidedAt: true,
  notes: true,
  adminNotes: true,
  previousData: true,
  newData: true,
  submittedById: true,
  approvedById: true,
  submittedBy: PERSON,
  approvedBy: PERSON,
} as const;

async function dataUpdateViews(
  db: Tx,
  where: Prisma.DataUpdateWhereInput,
  { take, orderBy = ordering(false, "createdAt") }: { take?: number; orderBy?: ReturnType<typeof ordering<"createdAt">> } = {},
) {
  const rows = await db.dataUpdate.findMany({ where, take, orderBy, select: DATA_UPDATE_SELECT });
  const nameOf = await entityNames(db, rows);
  return rows.map(({ submittedBy, approvedBy, ...row }) => ({
    ...row,
    entityName: nameOf(row.entityType, row.entityId),
    submittedByName: personName(submittedBy) ?? row.source ?? "Unknown",
    approvedBy: personName(approvedBy),
  }));
}

/** The statuses a data update can have, each with a summary card on the review page. */
export const DATA_UPDATE_STATUSES = ["pending", "approved", "partly_approved", "rejected"] as const;

/**
 * The review page: the count of each status (each card equals the rows with that
 * status), a page of the pending data updates (newest first) and the most recent ones.
 */
export async function dataUpdatesOverview(db: Db, { at = {}, recentTake = 10 }: { at?: PageAt; recentTake?: number } = {}) {
  const [counts, pending, recent] = await Promise.all([
    db.dataUpdate.groupBy({ by: ["status"], _count: { _all: true } }),
    keysetPage(({ where, orderBy, take }) => dataUpdateViews(db, { AND: [{ status: "pending" }, where] }, { orderBy, take }), at),
    dataUpdateViews(db, {}, { take: recentTake }),
  ]);
  const count = (status: string) => counts.find((c) => c.status === status)?._count._all ?? 0;
  return {
    counts: Object.fromEntries(DATA_UPDATE_STATUSES.map((s) => [s, count(s)])) as Record<(typeof DATA_UPDATE_STATUSES)[number], number>,
    pending: pending.rows,
    previous: pending.previous,
    next: pending.next,
    recent,
  };
}

/** The review page's lists, whose rows leave the previous and new data on the server until one is reviewed. */
export async function reviewPageLists(db: Db, at: PageAt) {
  const overview = await dataUpdatesOverview(db, { at });
  const row = ({ previousData: _previous, newData, ...u }: (typeof overview.pending)[number]) => ({
    ...u,
    fieldCount: newData && typeof newData === "object" ? Object.keys(newData).length : 0,
  });
  return { ...overview, pending: overview.pending.map(row), recent: overview.recent.map(row) };
}

/** One data update with its field updates (the review page's detail overlay), or null. */
export async function findDataUpdate(db: Db, id: number) {
  const [update] = await dataUpdateViews(db, { id });
  if (!update) return null;
  const fieldUpdates = await fieldUpdateViews(db, { dataUpdateId: id }, [{ id: "asc" }]);
  return { ...update, fieldUpdates: await withAgeWarnings(db, update, fieldUpdates) };
}

/**
 * Each proposed date of birth of an official with the warning the editor saw when it makes them
 * younger than their office requires (the office proposed beside it, else the one they hold), so
 * the reviewer sees it too.
 */
async function withAgeWarnings(db: Db, update: { entityType: string; entityId: number }, fieldUpdates: FieldUpdateView[]) {
  const proposed = (field: string) => fieldUpdates.find((f) => f.fieldName === field);
  const dateOfBirth = proposed("dateOfBirth");
  const official =
    update.entityType === "official" && dateOfBirth?.newValue
      ? await db.official.findUnique({ where: { id: update.entityId }, select: { office: true } })
      : null;
  const office = proposed("office")?.newValue ?? official?.office ?? null;
  return fieldUpdates.map((f) => ({
    ...f,
    ageWarning: official && f === dateOfBirth ? officeAgeWarning({ dateOfBirth: f.newValue, office }) : null,
  }));
}

// ---------------------------------------------------------------- missing data

const PRIORITY_RANK: Record<Priority, number> = { high: 0, medium: 1, low: 2 };

const CRITICAL_COLUMNS = Object.fromEntries(Object.values(CRITICAL_FIELDS).flatMap((cols) => cols.map((c) => [c, true])));

/**
 * Officials needing critical data (the Missing Data tab): the critical fields empty now, plus what
 * unresolved missing-data flags report; the higher of the computed and the flagged priority.
 * Highest priority first, then by state and name. `pendingFields` already have a suggestion waiting.
 */
export async function missingData(db: Db, { search = "" }: { search?: string } = {}) {
  const [officials, flags, pending] = await Promise.all([
    db.official.findMany({
      where: { isActive: true },
      select: {
        id: true,
        name: true,
        office: true,
        ...(CRITICAL_COLUMNS as Record<string, true>),
        state: { select: { name: true, abbreviation: true } },
      },
    }),
    db.missingDataFlag.findMany({ where: { resolvedAt: null }, select: { officialId: true, priority: true, missingCriticalFields: true } }),
    db.fieldUpdate.findMany({ where: { entityType: "official", status: "pending" }, select: { entityId: true, fieldName: true } }),
  ]);
  const q = search.trim().toLowerCase();
  const items = [];
  for (const o of officials as unknown as (Record<string, unknown> & {
    id: number;
    name: string;
    office: string;
    state: { name: string; abbreviation: string };
  })[]) {
    if (q && ![o.name, o.state.name, o.state.abbreviation].some((s) => s.toLowerCase().includes(q))) continue;
    const empty = (field: CriticalField) => CRITICAL_FIELDS[field].every((column) => stored(o[column]) === null);
    const missing = (Object.keys(CRITICAL_FIELDS) as CriticalField[]).filter(empty);
    if (!missing.length) continue;
    let priority = missingDataPriority(missing);
    for (const flag of flags.filter((f) => f.officialId === o.id)) {
      const flagged = (Array.isArray(flag.missingCriticalFields) ? flag.missingCriticalFields : []) as string[];
      const stillMissing = flagged.some((f) => (missing as string[]).includes(f));
      if (
        stillMissing &&
        PRIORITIES.includes(flag.priority as Priority) &&
        PRIORITY_RANK[flag.priority as Priority] < PRIORITY_RANK[priority]
      )
        priority = flag.priority as Priority;
    }
    const waiting = new Set(pending.filter((p) => p.entityId === o.id).map((p) => p.fieldName));
    items.push({
      representativeId: o.id,
      name: o.name,
      state: o.state.abbreviation,
      stateName: o.state.name,
      office: o.office,
      priority,
      missingCriticalFields: missing,
      pendingFields: missing.filter((f) => CRITICAL_FIELDS[f].some((column) => waiting.has(column))),
    });
  }
  return items.sort(missingDataOrder);
}

type MissingDataPlace = { priority: Priority; state: string; name: string; representativeId: number };
const missingDataOrder = (a: MissingDataPlace, b: MissingDataPlace) =>
  PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
  a.state.localeCompare(b.state) ||
  a.name.localeCompare(b.name) ||
  a.representativeId - b.representativeId;

/**
 * A page of the Missing Data tab. The cursor names an official and the priority it had when
 * listed, so a page starts after that place even once the official's data is filled in.
 */
export async function missingDataPage(db: Db, { search = "", at = {}, update }: { search?: string; at?: PageAt; update?: number }) {
  const items = await missingData(db, { search });
  const named = at.after ?? at.before;
  const official = named
    ? await db.official.findUnique({ where: { id: named.id }, select: { name: true, state: { select: { abbreviation: true } } } })
    : null;
  const place: MissingDataPlace | undefined =
    official && named
      ? {
          priority: PRIORITIES[named.createdAt.getTime()],
          state: official.state.abbreviation,
          name: official.name,
          representativeId: named.id,
        }
      : undefined;
  const page = sortedPage<MissingDataPlace>(items, at, {
    compare: missingDataOrder,
    keyOf: (item) => ({ createdAt: new Date(PRIORITY_RANK[item.priority]), id: item.representativeId }),
    rowAt: () => (place?.priority ? place : undefined),
  });
  // The official being updated may be on another page or outside the search; null once nothing is missing.
  const updating = update
    ? (items.find((i) => i.representativeId === update) ?? (await missingData(db)).find((i) => i.representativeId === update) ?? null)
    : null;
  return { items: page.rows as typeof items, total: items.length, previous: page.previous, next: page.next, updating };
}
