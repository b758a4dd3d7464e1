// The page's one toast region, mounted once by the root around the page, and useToast, through which
// the page hands it a toast: the root's cookie toast, a route's answer to its own action (a refusal
// is not a redirect, so the cookie cannot carry it), a dialog's fetcher answer. At most one toast is
// visible: the latest one handed over. The server renders it, so it shows without JavaScript, and
// its ✕ is the label of a checkbox that hides it by CSS, so it closes without JavaScript too. With
// JavaScript it also closes after 5 s or on a swipe right.
// "inline" (the root's cookie toast) sits in the page flow under the header, so it never covers a
// form field; "floating" (a page's answer to its own action) keeps to a corner; "top" keeps to the
// top corner, clear of a dialog docked at the bottom of the screen (the welcome dialog).
// Decision 0048.
import { createContext, useContext, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";

export type Toast = { title: string; description?: string; variant: "default" | "destructive" };
export type ToastPlacement = "inline" | "floating" | "top";
type Shown = { toast: Toast; placement: ToastPlacement };

const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/** The toast the region shows, and who is waiting for it to change. */
function createToastChannel() {
  let shown: Shown | null = null;
  const listeners = new Set<() => void>();
  return {
    /** Once the region is mounted in the browser, toasts are handed over in effects only. */
    live: false,
    get: () => shown,
    /** While the server renders (and the browser hydrates): set during render, before the region renders. */
    handOver(next: Shown) {
      shown = next;
    },
    show(next: Shown | null) {
      if (next === shown) return;
      shown = next;
      for (const listener of listeners) listener();
    },
    /** Hides this toast if it is still the one shown (its page left, or handed over another). */
    withdraw(old: Shown) {
      if (shown === old) this.show(null);
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
type ToastChannel = ReturnType<typeof createToastChannel>;

const ToastChannelContext = createContext<ToastChannel | null>(null);

/**
 * Hands a toast to the page's toast region: shown when it changes to a new toast, withdrawn when it
 * goes back to nothing or the component unmounts.
 */
export function useToast(toast: Toast | null | undefined, placement: ToastPlacement = "floating") {
  const channel = useContext(ToastChannelContext);
  const shown = useMemo(() => (toast ? { toast, placement } : null), [toast, placement]);
  // The region renders after the page, so a toast handed over during the server's render (or the
  // hydration that repeats it) is in the HTML, with or without JavaScript.
  if (channel && shown && !channel.live) channel.handOver(shown);
  useEffect(() => {
    if (!channel || !shown) return;
    channel.show(shown);
    return () => channel.withdraw(shown);
  }, [channel, shown]);
}

function CookieToast({ toast }: { toast: Toast | null }) {
  useToast(toast, "inline");
  return null;
}

/**
 * The one toast region, after the page it wraps; `toast` is the root's cookie toast. The inline
 * toast is placed under the header by flex order: its region is order 0 and the page's `main`
 * and footer are order 1, in the body's flex column.
 */
export function Toaster({ toast, children }: { toast: Toast | null; children: ReactNode }) {
  const [channel] = useState(createToastChannel);
  return (
    <ToastChannelContext.Provider value={channel}>
      <CookieToast toast={toast} />
      {children}
      <ToastRegion channel={channel} />
    </ToastChannelContext.Provider>
  );
}

function ToastRegion({ channel }: { channel: ToastChannel }) {
  const visible = useSyncExternalStore(channel.subscribe, channel.get, channel.get);
  const regionRef = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<number | null>(null);
  const id = useId();

  useEffect(() => {
    channel.live = true;
  }, [channel]);
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => channel.show(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [channel, visible]);
  useEffect(() => {
    // F8 moves focus to the toast region.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "F8") regionRef.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const placement = visible?.placement ?? "inline";
  const toast = visible?.toast;
  return (
    <div
      ref={regionRef}
      tabIndex={-1}
      role="region"
      aria-label="Notifications (F8)"
      className={
        placement === "inline"
          ? "mx-auto w-full max-w-7xl px-4 outline-none empty:hidden"
          : `pointer-events-none fixed ${placement === "top" ? "top-4" : "bottom-4"} right-4 z-50 w-full max-w-sm px-4 outline-none`
      }
    >
      <div aria-live="polite" role="status">
        {toast && (
          <input
            key={JSON.stringify(toast)}
            type="checkbox"
            id={`${id}-dismiss`}
            className="peer sr-only"
            aria-label="Close notification"
          />
        )}
        {toast && (
          <div
            data-testid="toast"
            className={`pointer-events-auto rounded-lg border p-4 peer-checked:hidden ${placement === "inline" ? "mt-3" : "shadow-lg"} ${
              toast.variant === "destructive"
                ? "border-red-700 bg-red-700 text-white"
                : "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
            }`}
            onPointerDown={(e) => (swipeStart.current = e.clientX)}
            onPointerUp={(e) => {
              if (swipeStart.current !== null && e.clientX - swipeStart.current > SWIPE_THRESHOLD_PX) channel.show(null);
              swipeStart.current = null;
            }}
          >
            <div className="flex items-start gap-3">
              <div className="flex-1">
                <p className="font-semibold">{toast.title}</p>
                {toast.description && <p className="mt-1 text-sm">{toast.description}</p>}
              </div>
              <label htmlFor={`${id}-dismiss`} className="cursor-pointer rounded p-1 text-sm" title="Close notification">
                <span aria-hidden="true">✕</span>
              </label>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
