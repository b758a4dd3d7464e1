// The home page: the map or list of states, search and filters, and the selected state's
// officials. Everything is in the URL, so it all works as links and GET forms without JavaScript.
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigate } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { linkClass } from "~/components/button";
import { useEarlyInput } from "~/components/early-input";
import { FilterPanel } from "~/components/filter-panel";
import { SearchBox } from "~/components/search-box";
import { SplitPane } from "~/components/split-pane";
import { StatesList } from "~/components/states-list";
import { StateDetails, WelcomeDetails } from "~/components/state-details";
import { UsMap } from "~/components/us-map";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ZipForm } from "~/components/zip-form";
import {
  HOME_PLACES,
  MAP_SIZE,
  chooseView,
  effectiveFilters,
  homeHref,
  selectState,
  visibleSections,
  type HomeFilters,
} from "~/lib/home-filters";
import { mapStanding, type Position } from "~/lib/map-colors";
import { MapLegend } from "~/components/map-legend";
import { SEARCH_MIN_CHARS } from "~/lib/search";
import { ContentPageWelcome } from "~/components/welcome-dialog";
import { HOME_STORAGE, homeWorkDueAtLoad } from "~/lib/home-storage";
import type { ScriptsOnIntent } from "~/lib/scripts-on-intent.server";
import { loader } from "./_index.server";

export { loader };

// The page works as links and GET forms until its scripts arrive, so they wait for the visitor's
// first intent, unless loading it has work for them (app/lib/scripts-on-intent.server.ts).
export const handle: ScriptsOnIntent<typeof HOME_STORAGE> = { scriptsOnIntent: { dueAtLoad: homeWorkDueAtLoad, argument: HOME_STORAGE } };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.selected ? `${data.selected.name} elected officials · Civic Atlas` : "Civic Atlas: find your elected officials" },
  {
    name: "description",
    content: data?.selected
      ? `The governor, U.S. senators and House representatives of ${data.selected.name}, with how to contact them.`
      : "A nonpartisan map of the governors, U.S. senators and House representatives of every state.",
  },
];

// The issue view's roll-call panel loads only when an issue is shown (see map-legend.tsx); the
// server renders it in place, so the page reads the same before the script arrives.
const IssueRollCallPanel = lazy(() => import("~/components/issue-map").then((m) => ({ default: m.IssueRollCallPanel })));
// A signed-in visitor's own officials: the answer's code loads only for them, rendered in place by the server.
const ZipAnswerView = lazy(() => import("~/components/zip-lookup").then((m) => ({ default: m.ZipAnswerView })));

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type HomeState = LoaderData["states"][number];

export default function Home() {
  const { filters, states, selected, officials, vacancies, searchResults, searchTooShort, myOfficials, issue, issueStandings, stateVotes } =
    useLoaderData<typeof loader>();
  const [size, setSize] = useState(filters.size);
  // A new ?size= in the URL resets the slider; set while rendering, so that a size moved before the
  // page hydrated (useEarlyInput) is not undone by an effect on mount.
  const [sizeInUrl, setSizeInUrl] = useState(filters.size);
  if (filters.size !== sizeInUrl) {
    setSizeInUrl(filters.size);
    setSize(filters.size);
  }
  useRestoreSelection(filters, states);
  useHighlight(filters.highlight);
  const { group, topic } = effectiveFilters(filters);
  // A GET form that sets one value of the URL keeps the others.
  const keep = (name: string) => [...new URLSearchParams(homeHref(filters).split("?")[1] ?? "")].filter(([key]) => key !== name);
  // One computation per state for the map colour, tooltip, summary card and list tile.
  const standings = new Map(
    states.map((s) => [
      s.abbreviation,
      issueStandings
        ? issueStandings[s.abbreviation]
        : mapStanding({ type: s.type, group, topic, position: s.position as Position | undefined, partyControl: s.partyControl }),
    ]),
  );

  const legendIssue = issue && { hasRollCall: Boolean(issue.chosen) };

  // The page reads in the same order on screen and in the document (keyboard and screen-reader
  // order), with no CSS reordering, so a half-parsed first paint never moves: the ZIP form and
  // the search box first, then the map, then the filters beside the state details they change.
  // On phones the filters fold away under "Search & Filters" (open when the URL already picks a
  // topic or filter); on wider screens the fold is always open, by CSS on ::details-content.
  const filtersOpen = filters.tab === "topics" || filters.group !== "all" || filters.issue !== "all";
  const filterPanel = (
    <div className="space-y-4">
      <details
        open={filtersOpen || undefined}
        className="md:[&::details-content]:block md:[&::details-content]:[content-visibility:visible]"
      >
        <summary className="mb-3 cursor-pointer rounded-md bg-slate-100 px-3 py-2 font-semibold md:hidden dark:bg-slate-800">
          Search &amp; Filters
        </summary>
        <FilterPanel filters={filters} />
      </details>
    </div>
  );

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-4">
      {/* First in the document (it is fixed at the bottom of the screen, out of the flow): a keyboard
          user whose focus it takes moves on from it into the page, the ZIP form and the search box,
          not into the footer. */}
      <ContentPageWelcome />
      <section aria-labelledby="home-title">
        <h1 id="home-title" className="text-2xl font-bold md:text-3xl">
          Civic Atlas: find your elected officials
        </h1>
        <p className="text-slate-700 dark:text-slate-300">
          Who represents you: your governor, U.S. senators and member of the House, for every state, DC and the territories.
        </p>
        <section aria-labelledby="find-officials" className="mt-3 rounded-lg border border-slate-200 p-3 md:max-w-xl dark:border-slate-700">
          <h2 id="find-officials" className="font-semibold">
            Find your officials
          </h2>
          <ZipForm id="home-zip" />
        </section>
        {myOfficials && (
          <Suspense fallback={null}>
            <ZipAnswerView answer={myOfficials} />
          </Suspense>
        )}
        <div className="mt-3 md:max-w-xl">
          <SearchBox filters={filters} serverResults={searchResults} />
          {searchTooShort && (
            <p className="mt-2 text-sm text-amber-800 dark:text-amber-300">Type at least {SEARCH_MIN_CHARS} characters to search.</p>
          )}
        </div>
      </section>
      <details className="rounded-lg border border-slate-200 md:hidden dark:border-slate-700">
        <summary className="cursor-pointer px-3 py-2 font-semibold">Map Legend</summary>
        <div className="px-3 pb-3">
          <MapLegend issue={legendIssue} />
        </div>
      </details>
      <section id={HOME_PLACES.map.slice(1)} aria-label="States" className="scroll-mt-4">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <nav aria-label="View mode" className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
            {(["map", "list"] as const).map((view) => (
              <Link
                key={view}
                to={chooseView(filters, view)}
                aria-current={filters.view === view || undefined}
                preventScrollReset
                className={`rounded-md px-3 py-1.5 text-sm font-semibold ${filters.view === view ? "bg-white shadow dark:bg-slate-700" : "text-slate-700 dark:text-slate-300"}`}
              >
                {view === "map" ? "Map View" : "List View"}
              </Link>
            ))}
          </nav>
          {filters.view === "map" && <MapSizeControl hidden={keep("size")} size={size} onSize={setSize} />}
          {selected && (
            <Link to={selectState(filters, undefined)} preventScrollReset className={`text-sm font-medium ${linkClass}`}>
              Clear selection
            </Link>
          )}
        </div>
        {issue && (
          <Suspense fallback={null}>
            <IssueRollCallPanel
              view={issue}
              action={`/${HOME_PLACES.map}`}
              hidden={keep("vote")}
              issueHref={`/issues/${issue.issue.slug}`}
            />
          </Suspense>
        )}
        {filters.view === "map" ? (
          <UsMap
            states={states.map((s) => ({
              ...s,
              standing: standings.get(s.abbreviation)!,
              href: selectState(filters, s.abbreviation),
            }))}
            selected={selected?.abbreviation}
            clearHref={selectState(filters, undefined)}
            size={size}
          />
        ) : (
          <StatesList filters={filters} states={states} selected={selected?.abbreviation} standings={standings} />
        )}
        <div className="mt-3 hidden md:block">
          <MapLegend issue={legendIssue} />
        </div>
      </section>
      <SplitPane
        className="contents md:flex"
        left={filterPanel}
        right={
          <div id="state-details" className="scroll-mt-20">
            {selected ? (
              <StateDetails
                state={selected}
                standing={standings.get(selected.abbreviation)!}
                officials={officials}
                vacancies={vacancies}
                sections={visibleSections(filters)}
                highlight={filters.highlight}
                rollCall={stateVotes}
              />
            ) : (
              <WelcomeDetails />
            )}
          </div>
        }
      />
    </div>
  );
}

function MapSizeControl({ hidden, size, onSize }: { hidden: [string, string][]; size: number; onSize: (n: number) => void }) {
  // A GET form: without JavaScript "Apply" reloads with ?size=; with it the map resizes as you drag.
  const slider = useRef<HTMLInputElement>(null);
  useEarlyInput(slider, String(size), (value) => onSize(Number(value)));
  return (
    <Form method="get" action={`/${HOME_PLACES.map}`} preventScrollReset className="hidden items-center gap-2 text-sm md:flex">
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="map-size" className="font-medium">
        Map size
      </label>
      <span aria-hidden="true">S</span>
      <input
        ref={slider}
        id="map-size"
        type="range"
        name="size"
        min={MAP_SIZE.min}
        max={MAP_SIZE.max}
        step={MAP_SIZE.step}
        value={size}
        onChange={(e) => onSize(Number(e.target.value))}
        aria-valuetext={`${size}%`}
      />
      <span aria-hidden="true">L</span>
      <button type="submit" className="rounded-md border border-slate-300 px-2 py-1 dark:border-slate-600">
        Apply
      </button>
    </Form>
  );
}

/**
 * Restores the selected state for visitors with JavaScript: a pending restoreStateId wins (and is removed);
 * navigationSource "fresh" (logo or Maps link) clears the stored selection; otherwise the session's first load
 * restores the last selected state, and a stored id that matches no state is ignored. The URL stays the source of
 * truth: a stored selection is applied by navigating to its URL.
 */
function useRestoreSelection(filters: HomeFilters, states: HomeState[]) {
  const navigate = useNavigate();
  useEffect(() => {
    try {
      if (filters.state) {
        const state = states.find((s) => s.abbreviation === filters.state);
        if (state) localStorage.setItem(HOME_STORAGE.lastSelected, String(state.id));
        sessionStorage.removeItem(HOME_STORAGE.source);
        sessionStorage.setItem(HOME_STORAGE.initialized, "true");
        return;
      }
      const restoreId = sessionStorage.getItem(HOME_STORAGE.restore);
      const fresh = sessionStorage.getItem(HOME_STORAGE.source) === "fresh";
      const firstLoad = !sessionStorage.getItem(HOME_STORAGE.initialized);
      sessionStorage.removeItem(HOME_STORAGE.source);
      sessionStorage.setItem(HOME_STORAGE.initialized, "true");
      let target: string | null = null;
      if (restoreId) {
        sessionStorage.removeItem(HOME_STORAGE.restore);
        target = restoreId;
      } else if (fresh) {
        localStorage.removeItem(HOME_STORAGE.lastSelected);
      } else if (firstLoad) {
        target = localStorage.getItem(HOME_STORAGE.lastSelected);
      } else {
        // Deselected on purpose (Clear selection, background click): forget the stored state.
        localStorage.removeItem(HOME_STORAGE.lastSelected);
      }
      const state = target ? states.find((s) => String(s.id) === target) : undefined; // a stale id is ignored
      if (state) navigate(selectState(filters, state.abbreviation), { replace: true, preventScrollReset: true });
    } catch {
      /* storage unavailable: the URL alone decides */
    }
    // Only when the selection in the URL changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filters.state]);
}

const HIGHLIGHT_MS = 3000;

/** The search highlight lasts 3 s, then the card returns to normal. */
function useHighlight(id: number | undefined) {
  useEffect(() => {
    if (!id) return;
    const card = document.getElementById(`official-${id}`);
    const timer = setTimeout(() => {
      card?.removeAttribute("data-highlighted");
      card?.classList.remove("ring-4", "ring-amber-400", "border-amber-500");
    }, HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [id]);
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
