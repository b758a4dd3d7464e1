// The home page's List View: a tile per state with its standing letter; selecting a tile keeps the
// other filters, and the selected tile links on to the state page.
import { Link } from "@remix-run/react";
import { selectState, type HomeFilters } from "~/lib/home-filters";
import type { MapStanding } from "~/lib/map-colors";

const LIST_LETTER_COLORS: Record<string, string> = {
  D: "text-blue-700 dark:text-blue-300",
  R: "text-red-700 dark:text-red-300",
  I: "text-purple-700 dark:text-purple-300",
};
const TILE_NAME_LIMIT = 12;

export function StatesList({
  filters,
  states,
  selected,
  standings,
}: {
  filters: HomeFilters;
  states: { abbreviation: string; name: string }[];
  selected?: string;
  standings: Map<string, MapStanding>;
}) {
  return (
    <div className="md:h-[780px] md:overflow-y-auto">
      <h2 className="mb-3 text-xl font-bold">States List</h2>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-6">
        {states.map((s) => {
          const standing = standings.get(s.abbreviation)!;
          const letter = standing.letter;
          const isSelected = s.abbreviation === selected;
          const cut = s.name.length > TILE_NAME_LIMIT ? `${s.name.slice(0, TILE_NAME_LIMIT)}…` : s.name;
          return (
            <li key={s.abbreviation}>
              <Link
                to={isSelected ? `/state/${s.abbreviation}` : selectState(filters, s.abbreviation)}
                preventScrollReset={!isSelected}
                aria-current={isSelected || undefined}
                aria-label={`${s.name} (${s.abbreviation})${isSelected ? ", selected: open the state page" : ""}`}
                className={`flex items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm hover:border-blue-500 ${
                  isSelected
                    ? "border-slate-900 ring-2 ring-slate-900 dark:border-amber-300 dark:ring-amber-300"
                    : "border-slate-200 dark:border-slate-700"
                }`}
              >
                <span className="min-w-0">
                  <span className="block font-medium lg:hidden">{s.name}</span>
                  <span className="hidden font-medium lg:block" title={s.name}>
                    {cut}
                  </span>
                  <span className="text-xs text-slate-600 dark:text-slate-400">{s.abbreviation}</span>
                </span>
                <span
                  data-standing
                  title={`${standing.heading}: ${standing.label}`}
                  className={`font-bold ${LIST_LETTER_COLORS[letter] ?? "text-slate-600 dark:text-slate-400"}`}
                >
                  {letter}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
