// A list table with an empty-state row, and page links that keep the list's filters.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export type Column<T> = { header: string; cell: (row: T) => ReactNode; className?: string };

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  empty: string;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-700 dark:bg-slate-900 dark:text-slate-300">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={`px-4 py-3 font-semibold ${c.className ?? ""}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-slate-700 dark:text-slate-300">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="hover:bg-slate-50 dark:hover:bg-slate-900">
                {columns.map((c) => (
                  <td key={c.header} className={`px-4 py-3 align-top ${c.className ?? ""}`}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

const linkClass =
  "rounded-md border border-slate-300 px-3 py-1.5 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";

/** Previous and Next as links to the same list with `page` changed. */
export function Pagination({ page, pageCount, total, search }: { page: number; pageCount: number; total: number; search: string }) {
  if (pageCount <= 1)
    return <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{total === 1 ? "1 result" : `${total} results`}</p>;
  const to = (p: number) => {
    const params = new URLSearchParams(search);
    if (p === 1) params.delete("page");
    else params.set("page", String(p));
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  return (
    <nav aria-label="Pages" className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      <span>
        Page {page} of {pageCount} ({total} results)
      </span>
      {page > 1 && (
        <Link to={to(page - 1)} className={linkClass}>
          Previous
        </Link>
      )}
      {page < pageCount && (
        <Link to={to(page + 1)} className={linkClass}>
          Next
        </Link>
      )}
    </nav>
  );
}

/** Previous and Next for a list paged by cursor: each link is the list's address for that page, or null. */
export function CursorPagination({ previous, next, summary }: { previous: string | null; next: string | null; summary: string }) {
  return (
    <nav aria-label="Pages" className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      <span>{summary}</span>
      {previous && (
        <Link to={previous} className={linkClass} rel="prev">
          Previous
        </Link>
      )}
      {next && (
        <Link to={next} className={linkClass} rel="next">
          Next
        </Link>
      )}
    </nav>
  );
}
