// Tabs as links (?tab=activity): each tab is its own URL, so they work without JavaScript and can
// be bookmarked; the current one is marked aria-current.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export function TabLinks({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: { id: string; label: ReactNode; to: string }[];
  current: string;
}) {
  return (
    <nav aria-label={label} className="border-b border-slate-200 dark:border-slate-700">
      <ul className="-mb-px flex flex-wrap gap-1">
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                to={tab.to}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={`inline-block border-b-2 px-4 py-2 text-sm font-semibold ${
                  active
                    ? "border-blue-700 text-blue-800 dark:border-blue-300 dark:text-blue-200"
                    : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
