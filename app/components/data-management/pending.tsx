// The Pending Updates tab's pieces: a submitter's day of changes with its group, entity and field
// boxes, the reject dialog's form, and the decided history.
import { Form, Link, type useLoaderData } from "@remix-run/react";
import { StatusBadge } from "~/components/badge";
import { buttonClass, textLinkClass, inputClass } from "~/components/button";
import { CursorPagination } from "~/components/data-table";
import { FormAlert, useIsPending } from "~/components/forms";
import { StaffTime } from "~/components/staff-time";
import { updateStatusLabel, updateStatusLook } from "~/components/update-status";
import { formatDay } from "~/lib/dates";
import { PAGE_SIZE } from "~/lib/keyset";
import type { FieldUpdateView } from "~/models/data-updates.server";
import type { loader } from "~/routes/admin.data-management.pending";
import { Change, EmptyNote } from "./fields";
import type { Failure } from "./intents";

type PendingData = ReturnType<typeof useLoaderData<typeof loader>>;
type PendingGroupData = PendingData["groups"][number];

function byEntity<U extends Pick<FieldUpdateView, "entityType" | "entityId">>(updates: U[]) {
  const entities = new Map<string, U[]>();
  for (const u of updates) {
    const key = `${u.entityType}:${u.entityId}`;
    entities.set(key, [...(entities.get(key) ?? []), u]);
  }
  return [...entities.entries()];
}

/**
 * With JavaScript, a group or entity box ticks or clears everything under it, and shows
 * checked when all its fields are, indeterminate when some are.
 */
export function syncCheckboxTree(form: HTMLFormElement, changed?: HTMLInputElement) {
  const level = changed?.dataset.level;
  if (changed && (level === "group" || level === "entity")) {
    const scope = changed.closest(level === "group" ? "[data-group]" : "[data-entity]");
    scope?.querySelectorAll<HTMLInputElement>("input[type=checkbox]").forEach((box) => {
      box.checked = changed.checked;
      box.indeterminate = false;
    });
  }
  form.querySelectorAll<HTMLElement>("[data-group], [data-entity]").forEach((scope) => {
    const parent = scope.querySelector<HTMLInputElement>(`input[data-level=${"group" in scope.dataset ? "group" : "entity"}]`);
    const fields = [...scope.querySelectorAll<HTMLInputElement>("input[data-level=field]")];
    if (!parent || !fields.length) return;
    const checked = fields.filter((f) => f.checked).length;
    parent.checked = checked === fields.length;
    parent.indeterminate = checked > 0 && checked < fields.length;
  });
}

/** `onlyTheirs`: the list of this submitter's changes alone, unless that is the list shown. */
export function PendingGroup({
  group,
  selected,
  onlyTheirs,
}: {
  group: PendingGroupData;
  selected: Set<number>;
  onlyTheirs: string | null;
}) {
  const day = formatDay(group.submission_date);
  const all = (ids: number[]) => ids.length > 0 && ids.every((id) => selected.has(id));
  return (
    <fieldset data-group className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1">
        <label className="flex items-center gap-2 font-semibold">
          <input
            type="checkbox"
            name="allOf"
            value={group.update_ids.join(",")}
            data-level="group"
            defaultChecked={all(group.update_ids)}
            className="h-4 w-4"
            aria-label={`All changes by ${group.submitted_by_name} on ${day}`}
          />
          {group.submitted_by_name} · {day} (UTC)
        </label>
      </legend>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {group.update_count === 1 ? "1 change" : `${group.update_count} changes`}, latest <StaffTime value={group.latest_update} />
        {onlyTheirs && (
          <>
            {" · "}
            <Link to={onlyTheirs} className={textLinkClass}>
              Only changes by {group.submitted_by_name}
            </Link>
          </>
        )}
      </p>
      <div className="mt-3 space-y-3">
        {byEntity(group.updates).map(([key, updates]) => {
          const ids = updates.map((u) => u.id);
          const name = updates[0].entityName;
          return (
            <div key={key} data-entity className="rounded-md bg-slate-50 p-3 dark:bg-slate-900">
              <label className="flex items-center gap-2 font-medium">
                <input
                  type="checkbox"
                  name="allOf"
                  value={ids.join(",")}
                  data-level="entity"
                  defaultChecked={all(ids)}
                  className="h-4 w-4"
                  aria-label={`All changes to ${name} by ${group.submitted_by_name} on ${day}`}
                />
                {name}
              </label>
              <ul className="mt-2 space-y-2 pl-6">
                {updates.map((u) => (
                  <li key={u.id} className="text-sm">
                    <div className="flex flex-wrap items-start gap-2">
                      <input
                        id={`field-update-${u.id}`}
                        type="checkbox"
                        name="updateIds"
                        value={u.id}
                        data-level="field"
                        defaultChecked={selected.has(u.id)}
                        className="mt-0.5 h-4 w-4"
                        aria-label={`${u.fieldLabel} of ${name}`}
                        aria-describedby={`field-update-${u.id}-change`}
                      />
                      <label htmlFor={`field-update-${u.id}`} className="font-medium">
                        {u.fieldLabel}
                      </label>
                      <span id={`field-update-${u.id}-change`}>
                        <Change update={u} />
                      </span>
                    </div>
                    <p className="pl-6 text-xs text-slate-600 dark:text-slate-400">
                      Submitted <StaffTime value={u.createdAt} />
                      {u.notes ? ` · Notes: ${u.notes}` : ""}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

export function RejectForm({
  updates,
  closeTo,
  failure,
}: {
  updates: NonNullable<PendingData["rejecting"]>;
  closeTo: string;
  failure: Failure | null;
}) {
  const busy = useIsPending({ formMethod: "POST" });
  if (!updates.length)
    return (
      <div className="space-y-4">
        <p role="alert">Choose at least one pending update to reject.</p>
        <div className="flex justify-end">
          <Link to={closeTo} replace preventScrollReset className={buttonClass.secondary}>
            Close
          </Link>
        </div>
      </div>
    );
  return (
    <Form method="post" className="space-y-4">
      <FormAlert title={failure?.title ?? "Error"} message={failure?.message} />
      <p>{updates.length === 1 ? "This change will be rejected:" : `These ${updates.length} changes will be rejected:`}</p>
      <ul className="max-h-60 list-disc space-y-1 overflow-y-auto pl-6 text-sm">
        {updates.map((u) => (
          <li key={u.id}>
            <input type="hidden" name="updateIds" value={u.id} />
            {u.fieldLabel} of {u.entityName}: <Change update={u} />
          </li>
        ))}
      </ul>
      <div>
        <label htmlFor="rejection-notes" className="text-sm font-medium">
          Rejection notes (optional)
        </label>
        <textarea id="rejection-notes" name="notes" rows={3} maxLength={2000} defaultValue={failure?.notes ?? ""} className={inputClass} />
      </div>
      <div className="flex justify-end gap-2">
        <Link to={closeTo} replace preventScrollReset className={buttonClass.secondary}>
          Cancel
        </Link>
        <button type="submit" name="intent" value="reject" className={buttonClass.danger} disabled={busy}>
          Confirm Rejection
        </button>
      </div>
    </Form>
  );
}

export function DecidedHistory({ history: { groups, previous, next } }: { history: NonNullable<PendingData["history"]> }) {
  if (!groups.length) return <EmptyNote>No approved or rejected updates found</EmptyNote>;
  return (
    <div className="mt-4 space-y-4">
      {groups.map((g, index) => (
        <section
          key={`${g.date}|${g.submitted_by ?? g.submitted_by_name}|${g.entityType}:${g.entityId}`}
          aria-labelledby={`history-group-${index}`}
          className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
        >
          <h3 id={`history-group-${index}`} className="font-semibold">
            {formatDay(g.date)} (UTC) · {g.submitted_by_name} · {g.entityName}
          </h3>
          <ul className="mt-2 space-y-2 text-sm">
            {g.updates.map((u) => (
              <li key={u.id}>
                <span className="font-medium">{u.fieldLabel}</span>: <Change update={u} />{" "}
                <StatusBadge status={u.status} look={updateStatusLook} />
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {updateStatusLabel(u.status)} {u.reviewedByName ? `by ${u.reviewedByName} ` : ""}on <StaffTime value={u.decidedAt} />
                  {u.adminNotes ? ` · Admin notes: ${u.adminNotes}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <CursorPagination previous={previous} next={next} summary={`Decided changes, most recent first, ${PAGE_SIZE} a page.`} />
    </div>
  );
}
