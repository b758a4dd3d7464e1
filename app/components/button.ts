// The class strings of the shared looks (buttons, text links, inputs), each written once so pages
// do not copy them. Pages add their own size and spacing in front (`text-sm font-medium ${linkClass}`).
const base =
  "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60";

/** The back office's buttons. */
export const buttonClass = {
  primary: `${base} bg-blue-700 text-white hover:bg-blue-800`,
  secondary: `${base} border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`,
  danger: `${base} bg-red-700 text-white hover:bg-red-800`,
} as const;

/** The back office's text link. */
export const textLinkClass =
  "font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900 dark:text-blue-300 dark:hover:text-blue-200";

/** The public pages' filled button; in a form it is `primaryButton`. */
export const filledButton = "rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800";

/** A public form's submit button: the whole width of the form, dimmed while it is sending. */
export const primaryButton = `w-full ${filledButton} disabled:opacity-60`;

/** The public pages' text link. */
export const linkClass = "text-blue-700 underline dark:text-blue-300";

/** A text input, select or text area; a red border when the field is invalid. */
export const inputClass =
  "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-700 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";
