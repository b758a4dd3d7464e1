// A small label: roles, statuses, Verified/Unverified.
import type { ReactNode } from "react";

const TONES = {
  neutral: "border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100",
  good: "border-green-700 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100",
  warn: "border-amber-700 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100",
  bad: "border-red-700 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
} as const;

export type Tone = keyof typeof TONES;

/** A status's word and colour; each kind of status (data update, job, execution...) has its own. */
export type StatusLook = { label: string; tone: Tone };

export function Badge({ tone = "neutral", children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{children}</span>;
}

/** A status as a badge, worded and coloured by its kind's `look`. */
export function StatusBadge({ status, look }: { status: string; look: (status: string) => StatusLook }) {
  const { label, tone } = look(status);
  return <Badge tone={tone}>{label}</Badge>;
}
