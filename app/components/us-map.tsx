// The clickable map of the 50 states and DC. Server-rendered SVG: every state is a link, with a
// title giving its facts, so it works without JavaScript. With JavaScript: client navigation, a
// hover tooltip, deselecting by clicking the background, and on narrow screens a tap dialog.
import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type CSSProperties, type MouseEvent, type PointerEvent } from "react";
import type { MapStanding } from "~/lib/map-colors";
import usMapOutlines from "~/assets/us-map.svg";
import { US_MAP_STATES, US_MAP_VIEWBOX } from "~/lib/us-map-states";
import { formatNumber } from "~/lib/format";

export type MapState = {
  abbreviation: string;
  name: string;
  population: number | null;
  electoralVotes: number | null;
  standing: MapStanding;
  href: string;
};

const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_MS = 300;
const SCROLL_HIDE_DEBOUNCE_MS = 150;
const MOBILE_QUERY = "(max-width: 768px)";

type StateFacts = Pick<MapState, "name" | "standing" | "population" | "electoralVotes">;

export function stateFacts(s: StateFacts) {
  return `${s.name}, ${s.standing.heading}: ${s.standing.label}, ${formatNumber(s.population)} people, ${s.electoralVotes ?? 0} electoral votes`;
}

type Tooltip = { state: MapState; x: number; y: number };

export function UsMap({ states, selected, clearHref, size }: { states: MapState[]; selected?: string; clearHref: string; size: number }) {
  const navigate = useNavigate();
  const [tooltip, setTooltip] = useState<Tooltip | null>(null);
  const [dialogState, setDialogState] = useState<MapState | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openTimer = useRef<ReturnType<typeof setTimeout>>();
  const lastClosed = useRef(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const byAbbreviation = new Map(states.map((s) => [s.abbreviation, s]));
  const drawn = states.filter((s) => US_MAP_STATES.has(s.abbreviation));
  // The selected state is drawn last so its outline is on top.
  const ordered = [...drawn.filter((s) => s.abbreviation !== selected), ...drawn.filter((s) => s.abbreviation === selected)];

  const hideTooltip = useCallback(() => {
    clearTimeout(openTimer.current);
    setTooltip((current) => {
      if (current) lastClosed.current = Date.now();
      return null;
    });
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(hideTooltip, SCROLL_HIDE_DEBOUNCE_MS);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("touchmove", onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("touchmove", onScroll);
    };
  }, [hideTooltip]);

  useEffect(() => {
    if (dialogState) dialogRef.current?.showModal();
  }, [dialogState]);

  const stateAt = (target: EventTarget | null) => {
    const link = (target as Element | null)?.closest?.("a[data-state]");
    return link ? byAbbreviation.get(link.getAttribute("data-state")!) : undefined;
  };

  function onPointerOver(event: PointerEvent<SVGSVGElement>) {
    if (event.pointerType === "touch") return;
    const state = stateAt(event.target);
    if (!state) return hideTooltip();
    const rect = containerRef.current!.getBoundingClientRect();
    const position = { x: event.clientX - rect.left, y: event.clientY - rect.top };
    clearTimeout(openTimer.current);
    const delay = Date.now() - lastClosed.current < TOOLTIP_SKIP_MS || tooltip ? 0 : TOOLTIP_DELAY_MS;
    openTimer.current = setTimeout(() => setTooltip({ state, ...position }), delay);
  }

  function onClick(event: MouseEvent<SVGSVGElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    const state = stateAt(event.target);
    event.preventDefault();
    hideTooltip();
    if (!state) return navigate(clearHref, { preventScrollReset: true });
    if (window.matchMedia(MOBILE_QUERY).matches) return setDialogState(state);
    navigate(state.href, { preventScrollReset: true });
  }

  const height = `clamp(300px, ${(955 * size) / 100}px, 800px)`;
  return (
    // The size slider applies on desktop; on phones the map fills the width.
    <div
      ref={containerRef}
      className="relative mx-auto w-full md:w-[var(--map-size)]"
      style={{ "--map-size": `${size}%`, maxHeight: height } as CSSProperties}
      data-testid="us-map"
    >
      <svg
        viewBox={US_MAP_VIEWBOX}
        // The map's height is known before anything loads, so nothing under it moves (issue 13 §12).
        className="aspect-[975/610] h-auto w-full"
        style={{ maxHeight: height }}
        aria-labelledby="us-map-title"
        onClick={onClick}
        onPointerOver={onPointerOver}
        onPointerLeave={hideTooltip}
      >
        <title id="us-map-title">Map of the United States: choose a state to see its elected officials</title>
        <rect width="975" height="610" fill="transparent" data-background="true" />
        {/* The fill of a state with no member voting on an issue map's roll call (NO_VOTE_FILL). */}
        <defs>
          <pattern id="no-vote-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" fill="#d1d5db" />
            <rect width="2" height="6" fill="#6b7280" />
          </pattern>
        </defs>
        {/*
          The outlines are one file, cached for good, that each state's link uses by its id: the
          page stays small enough to arrive in one round trip (decision 0025). What every outline
          shares is said once, on the group.
        */}
        <g stroke="#ffffff" strokeWidth={0.75} strokeLinejoin="round" className="cursor-pointer [&_use:hover]:opacity-80">
          {ordered.map((s) => {
            const isSelected = s.abbreviation === selected;
            return (
              // The title is the link's accessible name and, without JavaScript, its tooltip.
              <a key={s.abbreviation} href={s.href} data-state={s.abbreviation} aria-current={isSelected || undefined} onBlur={hideTooltip}>
                <title>{stateFacts(s)}</title>
                <use
                  href={`${usMapOutlines}#${s.abbreviation}`}
                  fill={s.standing.color}
                  {...(isSelected && { stroke: "#0f172a", strokeWidth: 3, className: "dark:stroke-amber-300" })}
                />
              </a>
            );
          })}
        </g>
      </svg>
      {tooltip && (
        <div
          role="tooltip"
          className="pointer-events-none absolute z-20 w-56 rounded-md border border-slate-200 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
          style={{ left: Math.max(0, tooltip.x + 12), top: tooltip.y + 12 }}
        >
          <StateFactsList state={tooltip.state} />
        </div>
      )}
      {dialogState && (
        <dialog
          ref={dialogRef}
          aria-labelledby="map-dialog-title"
          onClose={() => setDialogState(null)}
          className="m-auto w-80 rounded-lg border border-slate-200 bg-white p-5 text-slate-900 backdrop:bg-black/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <h2 id="map-dialog-title" className="sr-only">
            {dialogState.name}
          </h2>
          <StateFactsList state={dialogState} />
          <div className="mt-4 flex justify-end gap-2">
            <button
              type="button"
              className="rounded-md px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
              onClick={() => dialogRef.current?.close()}
            >
              Close
            </button>
            <button
              type="button"
              className="rounded-md bg-blue-700 px-3 py-2 text-sm font-semibold text-white hover:bg-blue-800"
              onClick={() => {
                dialogRef.current?.close();
                navigate(dialogState.href);
              }}
            >
              Select
            </button>
          </div>
        </dialog>
      )}
    </div>
  );
}

export function StateFactsList({ state }: { state: StateFacts }) {
  return (
    <>
      <p className="font-semibold">{state.name}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        <dt className="text-slate-600 dark:text-slate-400">{state.standing.heading}</dt>
        <dd>{state.standing.label}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Population</dt>
        <dd>{formatNumber(state.population)}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Electoral votes</dt>
        <dd>{state.electoralVotes ?? 0}</dd>
      </dl>
    </>
  );
}
