// /admin/data-health (decision 0030): one place for staff to see what the data does not say yet,
// each item with the action to take: seats no one holds, incoming officials, values no source has
// confirmed for 30 days, photos not stored, and the import's warnings. Each item can be dismissed
// with a note (the dialog is ?dismiss={kind}:{key}, its form a POST), so all of it works without
// JavaScript. The loader and action are in admin.data-health.server.ts.
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { textLinkClass } from "~/components/button";
import { DismissDialog } from "~/components/admin/data-health/dismiss-dialog";
import { ItemList, Pager, Section, plural } from "~/components/admin/data-health/sections";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StaffTime } from "~/components/staff-time";
import { formatDay } from "~/lib/dates";
import { districtLabel, officeLabel } from "~/lib/officials-order";
import { action, loader } from "./admin.data-health.server";

export { action, loader };

export const meta: MetaFunction = () => [{ title: "Data Health · Civic Atlas" }];

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

const RUN_STATUS_WORDS: Record<string, string> = {
  completed: "completed",
  completed_with_errors: "completed with errors",
  failed: "failed",
  cancelled: "cancelled",
};
/** An official's fields from one source are listed in the line up to this many; more open on demand. */
const FIELDS_INLINE = 6;

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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
