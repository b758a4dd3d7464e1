// A dialog whose open state lives in the URL (?add=1), so it works without JavaScript: the server
// renders it open in the page's flow and closing is a link. With JavaScript it becomes modal
// (backdrop, focus kept inside, Escape closes) and closing navigates to the same link; the focus
// then returns to the control that opened it.
import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { returnFocus } from "~/lib/return-focus";

export function Dialog({
  title,
  closeTo,
  children,
  wide = false,
}: {
  title: string;
  /** Where closing leads: the page without the dialog's query parameter. */
  closeTo: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.matches(":modal")) return;
    // The link or button that opened it keeps the focus through the navigation to the dialog's URL.
    const opener = document.activeElement;
    dialog.close(); // rendered open by the server; reopen it as a modal
    dialog.showModal();
    // Closed (Escape, ✕, a form that saved): the focus goes back where it was, not to the page's start.
    return () => returnFocus(opener);
  }, []);
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        navigate(closeTo, { preventScrollReset: true, replace: true });
      }}
      className={`${wide ? "max-w-4xl" : "max-w-lg"} z-50 my-6 w-[calc(100%-2rem)] rounded-lg border border-slate-300 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 mx-auto [&:not(:modal)]:relative`}
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        <Link
          to={closeTo}
          replace
          preventScrollReset
          className="rounded p-1 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          aria-label="Close"
        >
          ✕
        </Link>
      </div>
      <div className="mt-4">{children}</div>
    </dialog>
  );
}
