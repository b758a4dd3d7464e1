// The building blocks of /admin/data-health's sections: a section with its count, a list of items
// each with its Dismiss link (?dismiss={kind}:{key}), and the Previous/Next pager of a long list.
import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

/** A listed item a staff member may dismiss with a note; the dismissal form posts kind, key and value. */
export type Item = { kind: string; key: string; value: string; label: string };

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The Dismiss link of every item: a short class string, as it repeats a hundred times on a page. */
const DISMISS_LINK_CLASS =
  "shrink-0 self-start rounded-md border border-slate-300 px-3 py-1.5 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";

/** This page's URL with some query parameters changed: undefined, "" or page 1 removes one (page 1 is the default). */
export function usePageHref() {
  const { pathname, search } = useLocation();
  return (changes: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes))
      if (value === undefined || value === 1 || value === "") params.delete(name);
      else params.set(name, String(value));
    return params.size ? `${pathname}?${params}` : pathname;
  };
}

export function Section({
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

export function ItemList<T extends Item>({
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

export function Pager({ param, label, page, pages }: { param: string; label: string; page: number; pages: number }) {
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
