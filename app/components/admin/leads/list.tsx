// The pieces of the /admin/leads list: the statistics, each row's Edit, Convert and Delete, and the
// delete confirmation dialog (?delete={id}). Convert and Delete are POST forms to the list's own
// address, so they work without JavaScript.
import { Form, Link, useLocation, type useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/button";
import { Dialog } from "~/components/dialog";
import { useIsPending } from "~/components/forms";
import { LEAD_TEXTS } from "~/lib/leads";
import type { loader } from "~/routes/admin.leads";

type Granted = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { access: "granted" }>;
export type Lead = Granted["leads"][number];

export const fullName = (lead: Pick<Lead, "firstName" | "lastName">) => [lead.firstName, lead.lastName].filter(Boolean).join(" ");

export function LeadStats({ stats }: { stats: Granted["stats"] }) {
  return (
    <section aria-labelledby="lead-stats-heading" className="mt-6">
      <h2 id="lead-stats-heading" className="sr-only">
        Lead statistics
      </h2>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
        <Stat label="Total Leads" value={stats.total} />
        <Stat label="Converted" value={stats.converted} />
        <Stat label="Active" value={stats.active} />
        <Stat label="This Month" value={stats.thisMonth} />
      </ul>
    </section>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <li data-testid="lead-stat" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <span className="block text-sm text-slate-700 dark:text-slate-300">{label}</span>
      <span className="mt-1 block text-3xl font-bold">{value.toLocaleString("en-US")}</span>
    </li>
  );
}

export function DeleteLeadDialog({ lead, closeTo }: { lead: NonNullable<Granted["deleting"]>; closeTo: string }) {
  const busy = useIsPending({ fields: { intent: "delete", id: String(lead.id) } });
  return (
    <Dialog title="Delete Lead" closeTo={closeTo}>
      <p>{LEAD_TEXTS.deleteConfirm}</p>
      <p className="mt-2 break-all text-sm text-slate-700 dark:text-slate-300">
        {[fullName(lead), lead.email].filter(Boolean).join(" · ")}
      </p>
      <Form method="post" action={closeTo} className="mt-6 flex justify-end gap-2">
        <input type="hidden" name="id" value={lead.id} />
        <Link to={closeTo} replace preventScrollReset className={buttonClass.secondary}>
          Cancel
        </Link>
        <button type="submit" name="intent" value="delete" className={buttonClass.danger} disabled={busy}>
          {busy ? "Deleting..." : "Delete"}
        </button>
      </Form>
    </Dialog>
  );
}

/** Edit and Delete open their dialog (the list's address with ?edit= or ?delete=); Convert posts at once. */
export function LeadRowActions({ lead, closeTo }: { lead: Lead; closeTo: string }) {
  const { search } = useLocation();
  const converting = useIsPending({ fields: { intent: "convert", id: String(lead.id) } });
  const withParam = (key: "edit" | "delete") => {
    const params = new URLSearchParams(search);
    params.delete("edit");
    params.delete("delete");
    params.set(key, String(lead.id));
    return `?${params}`;
  };
  const who = fullName(lead) || lead.email;
  return (
    <div className="flex gap-2">
      <Link to={withParam("edit")} preventScrollReset className={buttonClass.secondary} aria-label={`Edit ${who}`}>
        Edit
      </Link>
      {lead.status !== "converted" && (
        <Form method="post" action={closeTo}>
          <input type="hidden" name="id" value={lead.id} />
          <button
            type="submit"
            name="intent"
            value="convert"
            className={buttonClass.primary}
            aria-label={`Convert ${who}`}
            disabled={converting}
          >
            {converting ? "Converting..." : "Convert"}
          </button>
        </Form>
      )}
      <Link to={withParam("delete")} preventScrollReset className={buttonClass.danger} aria-label={`Delete ${who}`}>
        Delete
      </Link>
    </div>
  );
}
