// A card that opens and closes: a details element, so it works without JavaScript.
import type { ReactNode } from "react";

export function CollapsibleCard({
  title,
  defaultOpen = false,
  children,
  id,
}: {
  title: ReactNode;
  defaultOpen?: boolean;
  children: ReactNode;
  id?: string;
}) {
  return (
    <details
      id={id}
      open={defaultOpen}
      className="group rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-lg font-semibold [&::-webkit-details-marker]:hidden">
        <h2>{title}</h2>
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="border-t border-slate-200 px-4 py-4 dark:border-slate-700">{children}</div>
    </details>
  );
}
