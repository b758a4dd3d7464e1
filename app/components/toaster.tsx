// The toast region: at most one toast. The server renders it, so it shows
// without JavaScript, and its ✕ is the label of a checkbox that hides it by CSS, so it closes
// without JavaScript too. With JavaScript it also closes after 5 s or on a swipe right.
// "inline" (the root's server toast) sits in the page flow under the header, so it never covers
// a form field; "floating" (a page's answer to its own action) keeps to a corner; "top" keeps to
// the top corner, clear of a dialog docked at the bottom of the screen (the welcome dialog).
import { useEffect, useId, useRef, useState } from "react";

type Toast = { title: string; description?: string; variant: "default" | "destructive" };

const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

// A page may mount its own Toaster for its action's answer (a refusal is not a redirect, so the
// root's cookie toast cannot carry it). At most one toast is visible: showing one hides the others.
const hideOthers = new Set<(shownBy: string) => void>();

export function Toaster({ toast, placement = "floating" }: { toast: Toast | null; placement?: "inline" | "floating" | "top" }) {
  const [visible, setVisible] = useState<Toast | null>(toast);
  const regionRef = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<number | null>(null);

  const id = useId();
  useEffect(() => {
    const hide = (shownBy: string) => shownBy !== id && setVisible(null);
    hideOthers.add(hide);
    return () => void hideOthers.delete(hide);
  }, [id]);
  useEffect(() => {
    setVisible(toast);
    if (toast) for (const hide of hideOthers) hide(id);
  }, [toast, id]);
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [visible]);
  useEffect(() => {
    // F8 moves focus to the toast region.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "F8") regionRef.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

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
        {visible && (
          <input
            key={JSON.stringify(visible)}
            type="checkbox"
            id={`${id}-dismiss`}
            className="peer sr-only"
            aria-label="Close notification"
          />
        )}
        {visible && (
          <div
            data-testid="toast"
            className={`pointer-events-auto rounded-lg border p-4 peer-checked:hidden ${placement === "inline" ? "mt-3" : "shadow-lg"} ${
              visible.variant === "destructive"
                ? "border-red-700 bg-red-700 text-white"
                : "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
            }`}
            onPointerDown={(e) => (swipeStart.current = e.clientX)}
            onPointerUp={(e) => {
              if (swipeStart.current !== null && e.clientX - swipeStart.current > SWIPE_THRESHOLD_PX) setVisible(null);
              swipeStart.current = null;
            }}
          >
            <div className="flex items-start gap-3">
              <div className="flex-1">
                <p className="font-semibold">{visible.title}</p>
                {visible.description && <p className="mt-1 text-sm">{visible.description}</p>}
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
