// Search: a GET form that works without JavaScript (the results render on the
// page); with JavaScript a dropdown from 2 characters, arrows cycle, Enter picks, Escape closes.
import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useEarlyInput } from "~/components/early-input";
import { PartyBadge } from "~/components/official-card";
import { HOME_PLACES, searchResultHref, type HomeFilters } from "~/lib/home-filters";
import { officeLabel } from "~/lib/officials-order";
import { isSearchable, type SearchResult } from "~/lib/search";
import { looksLikeZip, parseZip } from "~/lib/zip";

/** With JavaScript, 5 digits (or ZIP+4) show the ZIP lookup in the dropdown: one option leading to /find. */
type ZipOption = { href: string; label: string; detail: string };

async function zipOption(zip: string, signal: AbortSignal): Promise<ZipOption> {
  const href = `/find?zip=${zip}`;
  const response = await fetch(`/api/lookup?zip=${zip}`, { signal, headers: { Accept: "application/json" } });
  if (response.status === 404) return { href, label: `ZIP ${zip}`, detail: "No district on file" };
  if (!response.ok) throw new Error(`lookup ${response.status}`);
  const body: { state: string; districts: { district: number }[]; split: boolean; crossState: boolean } = await response.json();
  const detail = body.crossState
    ? "Crosses a state line: add your street address"
    : body.split
      ? `${body.state}: crosses district lines (${body.districts.length} districts)`
      : `${body.state}: your senators, governor and House member`;
  return { href, label: `ZIP ${zip}`, detail };
}

export const SEARCH_PLACEHOLDER = "Search for elected officials or states...";

function ResultLabel({ result }: { result: SearchResult }) {
  if (result.kind === "state") {
    return (
      <span className="flex items-center justify-between gap-2">
        <span className="font-medium">{result.name}</span>
        <span className="text-xs text-slate-600 dark:text-slate-400">State · {result.abbreviation}</span>
      </span>
    );
  }
  return (
    <span className="flex items-center justify-between gap-2">
      <span className="flex items-center gap-2">
        <PartyBadge party={result.party} />
        <span className="font-medium">{result.name}</span>
      </span>
      <span className="text-xs text-slate-600 dark:text-slate-400">
        {officeLabel(result.office)} · {result.stateAbbreviation}
      </span>
    </span>
  );
}

export function SearchBox({ filters, serverResults }: { filters: HomeFilters; serverResults: SearchResult[] | null }) {
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState(filters.q ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // A plain fetch, not a fetcher: a failed lookup must only leave the dropdown empty, never
  // reach the page's error boundary. Each keystroke aborts the previous request.
  const [results, setResults] = useState<SearchResult[] | null>(null);
  const [zip, setZip] = useState<ZipOption | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setQuery(filters.q ?? ""), [filters.q]);
  useEffect(() => () => inFlight.current?.abort(), []);
  useEarlyInput(input, filters.q ?? "", onChange);

  function onChange(value: string) {
    setQuery(value);
    setActive(-1);
    inFlight.current?.abort();
    setZip(null);
    if (!isSearchable(value)) return setOpen(false);
    const controller = new AbortController();
    inFlight.current = controller;
    setOpen(true);
    const typedZip = looksLikeZip(value) ? parseZip(value) : null;
    if (typedZip?.ok) {
      zipOption(typedZip.zip, controller.signal)
        .then((option) => {
          setZip(option);
          setResults([]);
        })
        .catch(() => {
          if (!controller.signal.aborted) setResults([]);
        });
      return;
    }
    fetch(`/api/search?q=${encodeURIComponent(value.trim())}`, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : { results: [] }))
      .then((body: { results: SearchResult[] }) => setResults(body.results))
      .catch(() => {
        if (!controller.signal.aborted) setResults([]);
      });
  }

  function pickZip(option: ZipOption) {
    setQuery("");
    setOpen(false);
    navigate(option.href);
  }

  function pick(result: SearchResult) {
    setQuery("");
    setOpen(false);
    inFlight.current?.abort();
    navigate(searchResultHref(filters, result));
  }

  const showDropdown = open && isSearchable(query) && results !== null;
  return (
    <div className="relative">
      <Form
        method="get"
        action={`/${HOME_PLACES.search}`}
        role="search"
        className="flex gap-2"
        onSubmit={(e) => {
          // With JavaScript, Enter picks the highlighted result instead of submitting.
          if (showDropdown && zip && active === 0) {
            e.preventDefault();
            pickZip(zip);
          } else if (showDropdown && active >= 0 && results?.[active]) {
            e.preventDefault();
            pick(results[active]);
          }
        }}
      >
        {filters.view !== "map" && <input type="hidden" name="view" value={filters.view} />}
        <label htmlFor="search-input" className="sr-only">
          Search
        </label>
        <input
          ref={input}
          id="search-input"
          name="q"
          // A text input: role="combobox" is not allowed on type="search" (ARIA in HTML).
          type="text"
          enterKeyHint="search"
          value={query}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            const count = zip ? 1 : (results?.length ?? 0);
            if (!showDropdown || !count) return;
            if (e.key === "ArrowDown") {
              e.preventDefault();
              setActive((i) => (i + 1) % count);
            } else if (e.key === "ArrowUp") {
              e.preventDefault();
              setActive((i) => (i <= 0 ? count - 1 : i - 1));
            } else if (e.key === "Escape") {
              e.preventDefault();
              setOpen(false);
            }
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          placeholder={SEARCH_PLACEHOLDER}
          autoComplete="off"
          minLength={2}
          role="combobox"
          aria-expanded={showDropdown}
          aria-controls={showDropdown ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={showDropdown && active >= 0 ? `${listId}-${active}` : undefined}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
        />
        <button type="submit" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800">
          Search
        </button>
      </Form>
      {showDropdown && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Search results"
          className="absolute z-30 mt-1 w-full overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {zip && (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              id={`${listId}-0`}
              role="option"
              aria-selected={active === 0}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pickZip(zip)}
              className={`cursor-pointer px-3 py-2 text-sm ${active === 0 ? "bg-blue-100 dark:bg-slate-700" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="font-medium">{zip.label}</span>
                <span className="text-xs text-slate-600 dark:text-slate-400">{zip.detail}</span>
              </span>
            </li>
          )}
          {!zip && results?.length === 0 && <li className="px-3 py-2 text-sm text-slate-700 dark:text-slate-300">No matches</li>}
          {results?.map((result, i) => (
            // The combobox input owns the keyboard (arrows, Enter, Escape); options take clicks only (WAI-ARIA combobox pattern).
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={`${result.kind}-${result.id}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(result)}
              className={`cursor-pointer px-3 py-2 text-sm ${i === active ? "bg-blue-100 dark:bg-slate-700" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`}
            >
              <ResultLabel result={result} />
            </li>
          ))}
        </ul>
      )}
      {serverResults && (
        <section id={HOME_PLACES.search.slice(1)} aria-labelledby="search-results-heading" className="mt-3 scroll-mt-4">
          <h2 id="search-results-heading" className="text-sm font-semibold">
            Results for “{filters.q}”
          </h2>
          {serverResults.length === 0 ? (
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">No officials or states match your search.</p>
          ) : (
            <ul className="mt-1 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
              {serverResults.map((result) => (
                <li key={`${result.kind}-${result.id}`}>
                  <Link
                    to={searchResultHref(filters, result)}
                    className="block px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                  >
                    <ResultLabel result={result} />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
