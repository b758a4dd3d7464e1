// The change history list (decision 0023): changes grouped by day, newest first, each with its
// field, old and new value, source and date; and plain page links (?page=2) that work without JavaScript.
import { Link } from "@remix-run/react";
import { groupByDay } from "~/lib/change-history";
import { formatDateTime, formatDay } from "~/lib/dates";
import { linkClass } from "~/components/button";

export type ChangeRow = {
  id: number;
  label: string;
  oldValue: string | null;
  newValue: string | null;
  changedAt: string;
  source: { label: string; url: string | null };
  subject?: { name: string; href: string };
};

function Value({ value }: { value: string | null }) {
  return value === null ? <em className="text-slate-600 dark:text-slate-400">empty</em> : <span className="break-words">{value}</span>;
}

export function ChangeList({ entries, emptyText }: { entries: ChangeRow[]; emptyText: string }) {
  if (!entries.length) return <p className="mt-6 text-slate-700 dark:text-slate-300">{emptyText}</p>;
  return (
    <div className="mt-6 space-y-6">
      {groupByDay(entries).map(({ day, entries: ofDay }) => (
        <section key={day} aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`} className="text-lg font-semibold">
            <time dateTime={day}>{formatDay(day)}</time>
          </h2>
          <ol className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
            {ofDay.map((entry) => (
              <li key={entry.id} className="p-3" data-testid="change">
                <p className="font-semibold">
                  {entry.subject && (
                    <>
                      <Link to={entry.subject.href} className={`font-medium ${linkClass}`}>
                        {entry.subject.name}
                      </Link>
                      {" · "}
                    </>
                  )}
                  {entry.label}
                </p>
                <p className="mt-1 text-sm">
                  <span className="sr-only">From </span>
                  <del className="text-slate-700 dark:text-slate-300">
                    <Value value={entry.oldValue} />
                  </del>
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only"> to </span>
                  <ins className="no-underline">
                    <Value value={entry.newValue} />
                  </ins>
                </p>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                  Source:{" "}
                  {entry.source.url ? (
                    <a href={entry.source.url} className={`font-medium ${linkClass}`} rel="noopener noreferrer">
                      {entry.source.label}
                    </a>
                  ) : (
                    entry.source.label
                  )}
                  {" · "}
                  <time dateTime={entry.changedAt}>{formatDateTime(entry.changedAt)} UTC</time>
                </p>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

/** Previous / next links with the page number; `hrefOf` keeps the other parameters; `of` names what the pages list. */
export function PageLinks({
  page,
  pageCount,
  hrefOf,
  of = "changes",
}: {
  page: number;
  pageCount: number;
  hrefOf: (page: number) => string;
  of?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center gap-4">
      {page > 1 && (
        <Link to={hrefOf(page - 1)} className={`font-medium ${linkClass}`} rel="prev">
          ← Newer {of}
        </Link>
      )}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount && (
        <Link to={hrefOf(page + 1)} className={`font-medium ${linkClass}`} rel="next">
          Older {of} →
        </Link>
      )}
    </nav>
  );
}
