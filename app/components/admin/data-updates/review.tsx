// The review dialog of /admin/data-updates (?review={id}): the update's details, its fields
// before and after, and for an admin deciding a pending update the Approve and Reject forms; the
// Reject form is also the rejection dialog (?reject={id}). Each decision is a POST to the page's action.
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { StatusBadge } from "~/components/badge";
import { buttonClass } from "~/components/button";
import { DetailItem } from "~/components/detail-item";
import { useIsPending } from "~/components/forms";
import { StaffTime } from "~/components/staff-time";
import { updateStatusLook } from "~/components/update-status";
import type { action, loader } from "~/routes/admin.data-updates";

type Detail = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["overlay"]>["update"];

const UPDATE_TYPE_LABELS: Record<string, string> = { api: "API", crawler: "Crawler", manual: "Manual", batch: "Batch" };
export const updateTypeLabel = (updateType: string) => UPDATE_TYPE_LABELS[updateType] ?? updateType;

export function RejectForm({ id, closeTo }: { id: number; closeTo?: string }) {
  const failure = useActionData<typeof action>();
  const busy = useIsPending();
  return (
    <Form method="post" className="mt-4 space-y-2">
      <input type="hidden" name="id" value={id} />
      <label htmlFor="reject-notes" className="text-sm font-medium">
        Rejection notes (optional)
      </label>
      <textarea
        id="reject-notes"
        name="notes"
        rows={3}
        maxLength={2000}
        defaultValue={failure?.notes ?? ""}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
      />
      <div className="flex justify-end gap-2">
        {closeTo && (
          <Link to={closeTo} replace preventScrollReset className={buttonClass.secondary}>
            Cancel
          </Link>
        )}
        <button type="submit" name="intent" value="reject" className={buttonClass.danger} disabled={busy}>
          Reject
        </button>
      </div>
    </Form>
  );
}

const shown = (value: string | null) => (value === null ? <em className="text-slate-600 dark:text-slate-400">(empty)</em> : value);

export function ReviewDetails({ update, canDecide }: { update: Detail; canDecide: boolean }) {
  const decidable = canDecide && update.status === "pending";
  return (
    <div className="space-y-4">
      <dl className="grid gap-3 sm:grid-cols-2">
        <DetailItem label="Entity">{update.entityName}</DetailItem>
        <DetailItem label="Status">
          <StatusBadge status={update.status} look={updateStatusLook} />
        </DetailItem>
        <DetailItem label="Update type">{updateTypeLabel(update.updateType)}</DetailItem>
        <DetailItem label="Source">{update.source ?? "—"}</DetailItem>
        <DetailItem label="Submitted by">{update.submittedByName}</DetailItem>
        <DetailItem label="Submitted">
          <StaffTime value={update.createdAt} />
        </DetailItem>
        <DetailItem label="Decided by">{update.approvedBy ?? (update.status === "pending" ? "Not decided yet" : "—")}</DetailItem>
        <DetailItem label="Decided">
          <StaffTime value={update.decidedAt} fallback="Not decided yet" />
        </DetailItem>
        <DetailItem label="Notes">{update.notes || "No notes."}</DetailItem>
        <DetailItem label="Admin notes">{update.adminNotes || "No admin notes."}</DetailItem>
      </dl>
      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Previous and new data, field by field</caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-700 dark:bg-slate-900 dark:text-slate-300">
            <tr>
              <th scope="col" className="px-3 py-2">
                Field
              </th>
              <th scope="col" className="px-3 py-2">
                Previous
              </th>
              <th scope="col" className="px-3 py-2">
                New
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {update.fieldUpdates.map((f) => (
              <tr key={f.id}>
                <th scope="row" className="px-3 py-2 font-medium">
                  {f.fieldLabel}
                </th>
                <td className="break-words px-3 py-2">{shown(f.oldValue)}</td>
                <td className="break-words px-3 py-2">
                  {shown(f.newValue)}
                  {f.ageWarning && <p className="mt-1 font-medium text-amber-800 dark:text-amber-200">{f.ageWarning}</p>}
                </td>
                <td className="px-3 py-2">
                  <StatusBadge status={f.status} look={updateStatusLook} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {decidable && (
        <div className="space-y-4 border-t border-slate-200 pt-4 dark:border-slate-700">
          <Form method="post">
            <input type="hidden" name="id" value={update.id} />
            <button type="submit" name="intent" value="approve" className={buttonClass.primary}>
              Approve
            </button>
          </Form>
          <RejectForm id={update.id} />
        </div>
      )}
    </div>
  );
}
