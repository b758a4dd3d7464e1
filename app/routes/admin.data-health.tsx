// /admin/data-health (decision 0030): one place for staff to see what the data does not say yet,
// each item with the action to take: seats no one holds, incoming officials, values no source has
// confirmed for 30 days, photos not stored, and the import's warnings. Each item can be dismissed
// with a note (the dialog is ?dismiss={kind}:{key}, its form a POST), so all of it works without
// JavaScript. The loader and action are in admin.data-health.server.ts.
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass, textLinkClass } from "~/components/button";
import { Dialog } from "~/components/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAlert } from "~/components/forms";
import { StaffTime } from "~/components/staff-time";
import { formatDay } from "~/lib/dates";
import { districtLabel, officeLabel } from "~/lib/officials-order";
import { action, loader } from "./admin.data-health.server";

export { action, loader };

export const meta: MetaFunction = () => [{ title: "Data Health · Civic Atlas" }];

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Item = { kind: string; key: string; value: string; label: string };

const RUN_STATUS_WORDS: Record<string, string> = {
  completed: "completed",
  completed_with_errors: "completed with errors",
  failed: "failed",
  cancelled: "cancelled",
};
/** The Dismiss link of every item: a short class string, as it repeats a hundred times on a page. */
const DISMISS_LINK_CLASS =
  "shrink-0 self-start rounded-md border border-slate-300 px-3 py-1.5 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";
/** An official's fields from one source are listed in the line up to this many; more open on demand. */
const FIELDS_INLINE = 6;
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** This page's URL with some query parameters changed: undefined, "" or page 1 removes one (page 1 is the default). */
function usePageHref() {
  const { pathname, search } = useLocation();
  return (changes: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes))
      if (value === undefined || value === 1 || value === "") params.delete(name);
      else params.set(name, String(value));
    return params.size ? `${pathname}?${params}` : pathname;
  };
}

export default function DataHealth() {
  const { health, recent, dismiss, sections, allowed } = useLoaderData<typeof loader>();
  const { seats, incoming, values, photos, warnings } = health;
  const summary = [
    { id: sections["ended-term"], title: "Terms that ended without a successor", count: seats.total },
    { id: sections.incoming, title: "Incoming officials", count: incoming.total },
    { id: sections.unconfirmed, title: "Values not confirmed for 30 days", count: values.officials },
    { id: sections.photo, title: "Photos not stored", count: photos.total },
    { id: sections["source-warning"], title: "Source disagreements", count: warnings.total },
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Link to="/admin" className={`text-sm ${textLinkClass}`}>
        ← Back to Dashboard
      </Link>
      <h1 className="mt-3 text-3xl font-bold">Data Health</h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        What the data does not say yet, each with what to do. When an item needs nothing, dismiss it with a note: it stays hidden until its
        data changes.
      </p>
      {dismiss && <DismissDialog item={dismiss} />}
      <nav aria-label="Data Health sections" className="mt-6">
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-5">
          {summary.map((s) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                className="block rounded-lg border border-slate-200 p-3 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900"
              >
                <span className="block text-2xl font-bold">{s.count.toLocaleString("en-US")}</span>
                <span className="text-sm">{s.title}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <Section id={sections["ended-term"]} title="Terms that ended without a successor" list={seats} noun="seat">
        <p>Seats no one holds on file, in the words the public pages use. Add whoever holds or will hold the seat.</p>
        <ItemList items={seats.items} empty="Every seat has a holder on file." canDismiss={allowed.dismiss}>
          {(seat) => (
            <>
              <p className="font-semibold">
                {seat.state.name}: {seat.seat}
              </p>
              <p>{seat.words}</p>
              <Link to={seat.addHref} className={textLinkClass}>
                Add an incoming official<span className="sr-only"> for {`${seat.state.name}: ${seat.seat}`}</span>
              </Link>
            </>
          )}
        </ItemList>
      </Section>

      <Section id={sections.incoming} title="Incoming officials" list={incoming} noun="official">
        <p>Officials whose term has not started: the site shows them from noon Eastern on that day. Re-elected members are not listed.</p>
        <ItemList items={incoming.items} empty="No incoming officials on file." canDismiss={allowed.dismiss}>
          {(o) => (
            <>
              <Link to={`/admin/representative-detail/${o.officialId}`} className={`font-semibold ${textLinkClass}`}>
                {o.name}
              </Link>
              <p>
                {o.office}, {o.seat ? `${o.state}, ${o.seat}` : o.state}: takes office {formatDay(o.start)}
              </p>
            </>
          )}
        </ItemList>
      </Section>

      <Section
        id={sections.unconfirmed}
        title="Values not confirmed for 30 days"
        list={{ total: values.officials, dismissed: values.dismissed }}
        counted={`${plural(values.values, "value")} of ${plural(values.officials, "official")}`}
      >
        <p>
          Imported values no source has confirmed for 30 days, or that the source no longer holds. Check them and propose an edit where they
          are wrong.
        </p>
        <ItemList items={values.groups} empty="Every imported value was confirmed in the last 30 days." canDismiss={allowed.dismiss}>
          {(g) => (
            <>
              <p className="font-semibold">
                {g.name} ({officeLabel(g.office, g.state)}, {g.state}
                {g.office === "Representative" && g.district ? `, ${districtLabel(g.district)}` : ""})
              </p>
              <ul className="mt-1 space-y-1">
                {g.lines.map((line) => {
                  const words = `${line.sourceName}, last confirmed ${formatDay(line.lastConfirmed)}${line.heldBySource ? "" : " (not in the current source)"}`;
                  return (
                    <li key={`${line.sourceName}|${line.lastConfirmed}|${line.heldBySource}`}>
                      {line.fields.length <= FIELDS_INLINE ? (
                        `${words}: ${line.fields.join(", ")}`
                      ) : (
                        // A long list of fields opens on demand, so fifty officials stay scannable.
                        <details>
                          <summary className="cursor-pointer">
                            {words}: {line.fields.length} values
                          </summary>
                          <p className="mt-1 break-words">{line.fields.join(", ")}</p>
                        </details>
                      )}
                    </li>
                  );
                })}
              </ul>
              <Link to={`/admin/representative-detail/${g.officialId}`} className={textLinkClass}>
                Propose an edit<span className="sr-only"> for {g.name}</span>
              </Link>
            </>
          )}
        </ItemList>
        <Pager param="page" label="Pages of values not confirmed" page={values.page} pages={values.pages} />
      </Section>

      <Section id={sections.photo} title="Photos not stored" list={photos} noun="official">
        <RunLine run={photos.run} runs={allowed.runs} what="The photo step of congress_import fetches each portrait" />
        <ItemList items={photos.photos} empty="Every official with a photo source has a stored photo." canDismiss={allowed.dismiss}>
          {(p) => (
            <>
              <Link to={`/admin/representative-detail/${p.officialId}`} className={`font-semibold ${textLinkClass}`}>
                {p.name}
              </Link>{" "}
              ({officeLabel(p.office, p.state)}, {p.state})<p className="break-all">Photo source: {p.source}</p>
              {p.reason && <p className="break-all">Last run: {p.reason}</p>}
            </>
          )}
        </ItemList>
        <Pager param="photos" label="Pages of photos not stored" page={photos.page} pages={photos.pages} />
      </Section>

      <Section id={sections["source-warning"]} title="Source disagreements" list={warnings} noun="warning">
        <RunLine run={warnings.run} runs={allowed.runs} what="The warnings of the latest congress_import run" />
        <ItemList items={warnings.items} empty="The latest run recorded no warnings." canDismiss={allowed.dismiss}>
          {(w) => <p className="break-words">{w.label}</p>}
        </ItemList>
      </Section>

      <section aria-labelledby="recent-heading" className="mt-10">
        <h2 id="recent-heading" className="text-xl font-bold">
          Recent dismissals
        </h2>
        {recent.length === 0 ? (
          <p className="mt-2">No item has been dismissed.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
            {recent.map((d) => (
              <li key={d.id} className="p-3 text-sm">
                <p className="font-semibold break-words">{d.label}</p>
                <p>
                  Dismissed by {d.by} on <StaffTime value={d.createdAt} />: <span className="break-words">{d.note}</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Section({
  id,
  title,
  list,
  noun,
  counted,
  children,
}: {
  id: string;
  title: string;
  list: { total: number; dismissed: number; items?: unknown[] };
  /** What the list counts ("seat", "official"), or the whole count in words (`counted`). */
  noun?: string;
  counted?: string;
  children: ReactNode;
}) {
  const shown = list.items?.length ?? null;
  const count = counted ?? plural(list.total, noun ?? "item");
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-10 scroll-mt-20">
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {count}
        {shown !== null && shown < list.total ? ` (showing the first ${shown})` : ""}
        {list.dismissed ? `; ${plural(list.dismissed, "dismissed item")} hidden` : ""}
      </p>
      <div className="mt-2 space-y-3">{children}</div>
    </section>
  );
}

function ItemList<T extends Item>({
  items,
  empty,
  canDismiss,
  children,
}: {
  items: T[];
  empty: string;
  canDismiss: boolean;
  children: (item: T) => ReactNode;
}) {
  const href = usePageHref();
  if (items.length === 0) return <p className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
      {items.map((item) => (
        <li key={item.key} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-1">{children(item)}</div>
          {canDismiss && (
            <Link to={href({ dismiss: `${item.kind}:${item.key}` })} preventScrollReset className={DISMISS_LINK_CLASS}>
              Dismiss<span className="sr-only"> {item.label}</span>
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

function Pager({ param, label, page, pages }: { param: string; label: string; page: number; pages: number }) {
  const href = usePageHref();
  if (pages <= 1) return null;
  const linkClass =
    "rounded-md border border-slate-300 px-3 py-1.5 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-3 text-sm">
      {page > 1 && (
        <Link to={href({ [param]: page - 1, dismiss: undefined })} className={linkClass}>
          Previous
        </Link>
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages && (
        <Link to={href({ [param]: page + 1, dismiss: undefined })} className={linkClass}>
          Next
        </Link>
      )}
    </nav>
  );
}

function RunLine({ run, runs, what }: { run: Data["health"]["photos"]["run"]; runs: boolean; what: string }) {
  if (!run) return <p>{what}; congress_import has not run yet.</p>;
  return (
    <p>
      {what}. Its last run {RUN_STATUS_WORDS[run.status] ?? run.status}
      {run.completedAt && (
        <>
          {" "}
          on <StaffTime value={run.completedAt} />
        </>
      )}
      .{" "}
      {runs ? (
        <Link to="/admin/integration/congress_import" className={textLinkClass}>
          Read why in the run&apos;s log on the congress_import page
        </Link>
      ) : (
        "An administrator can read why in the run's log on the congress_import page."
      )}
    </p>
  );
}

function DismissDialog({ item }: { item: Item }) {
  const failure = useActionData<typeof action>();
  const navigation = useNavigation();
  const href = usePageHref();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const busy = navigation.state === "submitting";
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
