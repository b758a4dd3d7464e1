// The welcome dialog: opens 2 s after load for a signed-out visitor once per
// session, runs the welcome flow through a fetcher against /welcome, resets 300 ms after closing.
// It is non-modal and docked at the bottom of the screen, with no backdrop: the page the visitor
// came for stays readable and usable behind it until they close it (✕, Escape or Get Started),
// and it never takes the focus from a control the visitor is using.
// Decision 0028.
// Without JavaScript it never opens; the same flow is the /welcome page, linked from the footer.
// Only the content pages (home, state, official profile, mission) mount it, in their route
// component, so it never opens over a sign-in or registration form nor over an error page.
import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useToast } from "~/components/toaster";
import { WelcomeFlow, useAnswerKey, type WelcomeState } from "~/components/welcome-flow";
import { returnFocus } from "~/lib/return-focus";
import { WELCOME_OPENS_AFTER_MS, WELCOME_SHOWN_KEY } from "~/lib/welcome-timing";
import type { action as welcomeAction } from "~/routes/welcome";

const RESET_DELAY_MS = 300;

// The first dialog of a document opens 2 s after the page began to load, however late its scripts
// arrived (the home page loads them on intent, or when the dialog is due); one mounted by a later
// navigation, 2 s after it mounts.
let firstOfDocument = true;
function openDelay(): number {
  const delay = firstOfDocument ? Math.max(0, WELCOME_OPENS_AFTER_MS - performance.now()) : WELCOME_OPENS_AFTER_MS;
  firstOfDocument = false;
  return delay;
}

/** The welcome dialog for a signed-out visitor; nothing for a signed-in user. */
export function ContentPageWelcome() {
  const root = useRouteLoaderData<{ user: unknown }>("root");
  return root && !root.user ? <WelcomeDialog /> : null;
}

function WelcomeDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  const focusedBefore = useRef<Element | null>(null);
  const { pathname } = useLocation();
  const [round, setRound] = useState(0); // a new fetcher key after closing = a fresh flow
  const [open, setOpen] = useState(false); // contents exist only while open
  const fetcher = useFetcher<typeof welcomeAction>({ key: `welcome-${round}` });

  useEffect(() => {
    if (pathname === "/welcome") return;
    try {
      if (sessionStorage.getItem(WELCOME_SHOWN_KEY)) return;
    } catch {
      return;
    }
    const delay = openDelay();
    if (delay === 0) return setOpen(true);
    const timer = setTimeout(() => setOpen(true), delay);
    return () => clearTimeout(timer);
    // Once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog || dialog.open) return;
    // It takes focus only from a visitor who is not using another control: someone typing in the
    // search box when it opens keeps typing there.
    const using = document.activeElement;
    focusedBefore.current = using;
    dialog.show();
    if (using instanceof HTMLElement && using !== document.body) using.focus();
  }, [open]);

  const onClose = () => {
    // Closed from inside (Escape, ✕, Get Started): the focus goes back to what had it before.
    if (ref.current?.contains(document.activeElement) || document.activeElement === document.body) returnFocus(focusedBefore.current);
    try {
      sessionStorage.setItem(WELCOME_SHOWN_KEY, "true");
    } catch {
      /* storage unavailable */
    }
    setTimeout(() => {
      setOpen(false);
      setRound((r) => r + 1);
    }, RESET_DELAY_MS);
  };

  const state: WelcomeState = fetcher.data ?? { step: "email" };
  const answerKey = useAnswerKey(fetcher.data);
  // At the top: at the bottom it would cover the dialog's Get Started button on a phone.
  useToast(fetcher.data?.toast, "top");
  return (
    <>
      <dialog
        id="welcome-dialog"
        ref={ref}
        onClose={onClose}
        // A non-modal dialog gets no Escape from the browser; this one closes on it like any other.
        onKeyDown={(e) => e.key === "Escape" && ref.current?.close()}
        aria-labelledby={open ? "welcome-dialog-title" : undefined}
        className="fixed inset-x-2 top-auto bottom-2 z-50 m-0 max-h-[calc(100dvh-1rem)] w-auto overflow-y-auto rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-2xl sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-[28rem] dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {open && (
          <>
            <div className="flex justify-between">
              <span id="welcome-dialog-title" className="sr-only">
                Welcome to Civic Atlas
              </span>
              <button type="button" onClick={() => ref.current?.close()} className="ml-auto rounded p-1" aria-label="Close">
                ✕
              </button>
            </div>
            <WelcomeFlow
              key={`${round}-${state.step}-${answerKey}`}
              state={state}
              Form={fetcher.Form}
              mode="dialog"
              pending={fetcher.state !== "idle"}
              onGetStarted={() => ref.current?.close()}
            />
          </>
        )}
      </dialog>
    </>
  );
}
