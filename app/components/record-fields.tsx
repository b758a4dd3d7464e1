// The pieces of the staff record pages (state and representative detail): form fields
// with a hint and an error slot, read-only values, the party badge and a titled section.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { ErrorList } from "~/components/forms";
import { inputClass } from "~/components/button";

type Field = FieldMetadata<string | number | null | undefined>;

function Label({ field, label, required }: { field: Field; label: string; required?: boolean }) {
  return (
    <label htmlFor={field.id} className="text-sm font-medium">
      {label}
      {required && <span aria-hidden="true"> *</span>}
    </label>
  );
}

function Hint({ id, children }: { id: string; children?: ReactNode }) {
  return children ? (
    <p id={id} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
      {children}
    </p>
  ) : null;
}

/** The field's aria-describedby: its hint and, when it has one, its error. */
const describedBy = (field: Field, hint: ReactNode) =>
  [hint ? `${field.id}-hint` : null, field.errors ? field.errorId : null].filter(Boolean).join(" ") || undefined;

export function InputField({
  field,
  label,
  type = "text",
  required,
  maxLength,
  hint,
}: {
  field: Field;
  label: string;
  type?: "text" | "email" | "tel" | "url" | "date" | "number";
  required?: boolean;
  maxLength?: number;
  hint?: ReactNode;
}) {
  return (
    <div>
      <Label field={field} label={label} required={required} />
      <input
        {...getInputProps(field as FieldMetadata<string>, { type })}
        required={required}
        maxLength={maxLength}
        {...(type === "number" ? { min: 0, step: 1, inputMode: "numeric" as const } : {})}
        aria-describedby={describedBy(field, hint)}
        autoComplete="off"
        className={inputClass}
      />
      <Hint id={`${field.id}-hint`}>{hint}</Hint>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextAreaField({ field, label, rows = 4 }: { field: Field; label: string; rows?: number }) {
  return (
    <div className="sm:col-span-2">
      <Label field={field} label={label} />
      <textarea {...getTextareaProps(field as FieldMetadata<string>)} rows={rows} className={inputClass} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function ChoiceField({
  field,
  label,
  options,
  labels,
  required,
}: {
  field: Field;
  label: string;
  options: readonly string[];
  /** The words shown for each option value, where they differ from it (a state's name for its code). */
  labels?: Record<string, string>;
  required?: boolean;
}) {
  return (
    <div>
      <Label field={field} label={label} required={required} />
      <select {...getSelectProps(field as FieldMetadata<string>)} required={required} className={inputClass}>
        <option value="">{required ? "Select…" : "Not set"}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {labels?.[o] ?? o}
          </option>
        ))}
      </select>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Read-only values as a definition list. */
export function Values({ children }: { children: ReactNode }) {
  return <dl className="grid gap-4 sm:grid-cols-2">{children}</dl>;
}

export function Value({ label, hint, wide, children }: { label: string; hint?: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 whitespace-pre-wrap break-words">{children}</dd>
      {hint && <dd className="text-xs text-slate-600 dark:text-slate-400">{hint}</dd>}
    </div>
  );
}

export const orNotSet = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === "" ? "Not set" : value;

const PARTY_BADGE: Record<string, string> = {
  Democratic: "border-blue-700 bg-blue-700 text-white",
  Republican: "border-red-700 bg-red-700 text-white",
};

/** Democratic blue, Republican red, any other party outlined. */
export function PartyBadge({ party }: { party: string }) {
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${PARTY_BADGE[party] ?? "border-slate-500 text-slate-800 dark:text-slate-100"}`}
    >
      {party}
    </span>
  );
}
