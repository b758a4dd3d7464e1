// Button and link looks for the back office, so pages do not copy class strings.
const base =
  "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60";

export const buttonClass = {
  primary: `${base} bg-blue-700 text-white hover:bg-blue-800`,
  secondary: `${base} border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`,
  danger: `${base} bg-red-700 text-white hover:bg-red-800`,
} as const;

export const textLinkClass =
  "font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900 dark:text-blue-300 dark:hover:text-blue-200";
