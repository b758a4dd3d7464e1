// The dismissal dialog of /admin/data-health (?dismiss={kind}:{key}): the item, a required note and a
// POST form to the page's action, which keeps the list's page parameters.
import { Form, Link, useActionData, useLocation } from "@remix-run/react";
import { buttonClass } from "~/components/button";
import { Dialog } from "~/components/dialog";
import { FormAlert, useIsPending } from "~/components/forms";
import { usePageHref, type Item } from "~/components/admin/data-health/sections";
import type { action } from "~/routes/admin.data-health.server";

export function DismissDialog({ item }: { item: Item }) {
  const failure = useActionData<typeof action>();
  const href = usePageHref();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const busy = useIsPending();
  return (
    <Dialog title="Dismiss this item" closeTo={href({ dismiss: undefined })}>
      <p className="break-words font-semibold">{item.label}</p>
      <p className="mt-2 text-sm">It stays hidden until its data changes. Your note is kept with your name and the time.</p>
      <Form method="post" action={href({})} className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="dismiss" />
        <input type="hidden" name="kind" value={item.kind} />
        <input type="hidden" name="key" value={item.key} />
        <input type="hidden" name="value" value={item.value} />
        {params.get("page") && <input type="hidden" name="page" value={params.get("page")!} />}
        {params.get("photos") && <input type="hidden" name="photos" value={params.get("photos")!} />}
        <FormAlert title="Error" message={failure?.message} />
        <div>
          <label htmlFor="dismiss-note" className="text-sm font-medium">
            Note: why does this item need no action?
          </label>
          <textarea
            id="dismiss-note"
            name="note"
            required
            maxLength={1000}
            rows={3}
            defaultValue={failure?.note ?? ""}
            className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          />
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? "Dismissing..." : "Dismiss with this note"}
          </button>
          <Link to={href({ dismiss: undefined })} className={buttonClass.secondary}>
            Cancel
          </Link>
        </div>
      </Form>
    </Dialog>
  );
}
