// Small pieces several Data Management tabs share: the search field, and how a field change
// (old value → new value) reads.
import type { FieldUpdateView } from "~/models/data-updates.server";
import { inputClass } from "~/components/button";

export function SearchField({ id, label, q }: { id: string; label: string; q: string }) {
  return (
    <div className="min-w-64 flex-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input id={id} type="search" name="q" defaultValue={q} maxLength={200} className={inputClass} />
    </div>
  );
}

const shownValue = (value: string | null) => (value === null ? "(empty)" : value);

export function Change({ update }: { update: Pick<FieldUpdateView, "oldValue" | "newValue"> }) {
  return (
    <span className="break-words">
      <span className="text-slate-600 line-through dark:text-slate-400">{shownValue(update.oldValue)}</span>
      <span aria-hidden="true"> → </span>
      <span className="sr-only"> changed to </span>
      <span className="font-medium">{shownValue(update.newValue)}</span>
    </span>
  );
}

/** The empty-list box every tab shows. */
export function EmptyNote({ children }: { children: string }) {
  return <p className="mt-4 rounded-lg border border-slate-200 p-6 text-center dark:border-slate-700">{children}</p>;
}
