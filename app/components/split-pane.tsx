// The desktop split pane: 50/50 by default, each side at least 30%, a handle
// that drags and resizes by keyboard (10%, or all the way with Shift). Without JavaScript it is
// a fixed two-column layout; on mobile the panes simply stack.
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { HOME_STORAGE } from "~/lib/home-storage";

const DEFAULT = Number(HOME_STORAGE.splitDefault);
const MIN = 30;
const STEP = 10;
const SAVE_DEBOUNCE_MS = 10;
const STORAGE_KEY = HOME_STORAGE.splitLayout;

export const clampSplit = (value: number) => Math.min(100 - MIN, Math.max(MIN, value));

/** The next split after a key press on the handle, or null for keys it ignores. */
export function splitAfterKey(current: number, key: string, shift: boolean): number | null {
  const step = shift ? 100 : STEP;
  if (key === "ArrowLeft" || key === "ArrowDown") return clampSplit(current - step);
  if (key === "ArrowRight" || key === "ArrowUp") return clampSplit(current + step);
  if (key === "Home") return MIN;
  if (key === "End") return 100 - MIN;
  return null;
}

type Props = { left: ReactNode; right: ReactNode; className?: string; leftClassName?: string; rightClassName?: string };

export function SplitPane({ left, right, className, leftClassName = "", rightClassName = "" }: Props) {
  const [split, setSplit] = useState(DEFAULT);
  const containerRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  useEffect(() => {
    const saved = Number(localStorage.getItem(STORAGE_KEY));
    if (saved) setSplit(clampSplit(saved));
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => localStorage.setItem(STORAGE_KEY, String(split)), SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [split]);

  const fromPointer = (event: PointerEvent) => {
    const rect = containerRef.current!.getBoundingClientRect();
    setSplit(clampSplit(((event.clientX - rect.left) / rect.width) * 100));
  };

  return (
    <div ref={containerRef} className={`${className ?? ""} md:items-stretch md:gap-0`}>
      <div className={`md:min-w-0 md:pr-4 ${leftClassName}`} style={{ flexBasis: `${split}%` }}>
        {left}
      </div>
      {/* A focusable separator is an interactive widget (WAI-ARIA window splitter); jsx-a11y treats every separator as static. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize the search and details panes"
        aria-valuemin={MIN}
        aria-valuemax={100 - MIN}
        aria-valuenow={Math.round(split)}
        tabIndex={0}
        className="hidden w-3 shrink-0 cursor-col-resize touch-none rounded bg-slate-200 hover:bg-blue-300 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600 md:block dark:bg-slate-700"
        onKeyDown={(event: KeyboardEvent) => {
          const next = splitAfterKey(split, event.key, event.shiftKey);
          if (next === null) return;
          event.preventDefault();
          setSplit(next);
        }}
        onPointerDown={(event) => {
          dragging.current = true;
          event.currentTarget.setPointerCapture(event.pointerId);
        }}
        onPointerMove={(event) => dragging.current && fromPointer(event)}
        onPointerUp={() => (dragging.current = false)}
      />
      <div className={`md:min-w-0 md:pl-4 ${rightClassName}`} style={{ flexBasis: `${100 - split}%` }}>
        {right}
      </div>
    </div>
  );
}
