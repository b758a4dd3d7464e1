// Form fields with their error slots, and the pending check of a form. Each error line keeps a fixed
// height so a message appearing on blur never shifts the submit button out from under a click.
import { getInputProps, getSelectProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { useNavigation, type Navigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { inputClass } from "~/components/button";

export function ErrorList({ id, errors }: { id?: string; errors?: string[] }) {
  return (
    <div id={id} className="min-h-5 text-sm text-red-700 dark:text-red-400" aria-live="polite">
      {errors?.[0]}
    </div>
  );
}

type TextFieldProps = {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "email" | "password" | "tel";
  required?: boolean;
  autoComplete?: string;
};

export function TextField({ field, label, type = "text", required, autoComplete }: TextFieldProps) {
  return (
    <div>
      <label htmlFor={field.id} className="text-sm font-medium">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input {...getInputProps(field, { type })} autoComplete={autoComplete} className={inputClass} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  options,
  labelOf = (o) => o,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  options: readonly string[];
  labelOf?: (o: string) => string;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="text-sm font-medium">
        {label}
      </label>
      <select {...getSelectProps(field)} className={inputClass}>
        <option value="">Select…</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {labelOf(o)}
          </option>
        ))}
      </select>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function CheckboxGroup({
  field,
  legend,
  options,
}: {
  field: FieldMetadata<string[] | undefined>;
  legend: ReactNode;
  options: readonly string[];
}) {
  const selected = new Set(submittedList(field.initialValue));
  return (
    <fieldset>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
        {options.map((o) => (
          <label key={o} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={field.name} value={o} defaultChecked={selected.has(o)} />
            {o}
          </label>
        ))}
      </div>
      {/* An entry's error (primaryIssues[2]) belongs to the group. */}
      <ErrorList id={field.errorId} errors={Object.values(field.allErrors).flat()} />
    </fieldset>
  );
}

type PendingOptions = {
  /** Only a submission that sent these fields (its intent, the row's id...). */
  fields?: Record<string, string>;
  /** Only a submission of this method. */
  formMethod?: NonNullable<Navigation["formMethod"]>;
  /** "non-idle" also counts the loading that follows the action, until the page has its new data. */
  state?: "submitting" | "non-idle";
};

/** Whether this navigation is the pending submission the options describe. */
export function isPending(navigation: Pick<Navigation, "state" | "formMethod" | "formData">, options: PendingOptions = {}) {
  const { fields = {}, formMethod, state = "submitting" } = options;
  return (
    (state === "non-idle" ? navigation.state !== "idle" : navigation.state === "submitting") &&
    (formMethod === undefined || navigation.formMethod === formMethod) &&
    Object.entries(fields).every(([name, value]) => navigation.formData?.get(name) === value)
  );
}

/** True while the page submits a form (narrowed by `options` to one form), so its button can say so. */
export const useIsPending = (options?: PendingOptions) => isPending(useNavigation(), options);

/** A list field's value: one ticked box comes back from a submission as a plain string. */
export const submittedList = (value: unknown): string[] =>
  typeof value === "string" ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/** The errors no field shows: the form's own, and any for a field the page does not render. */
export function errorsNotShown(form: Pick<FormMetadata, "allErrors">, shownFields: readonly string[]): string[] {
  const shown = (name: string) => shownFields.some((f) => name === f || name.startsWith(`${f}[`) || name.startsWith(`${f}.`));
  return Object.entries(form.allErrors).flatMap(([name, errors]) => (shown(name) ? [] : (errors ?? [])));
}

/** A collapsed part of a form that opens when a field in it has an error, and stays open. */
export function FormSection({ summary, hasErrors, children }: { summary: string; hasErrors: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(hasErrors);
  if (hasErrors && !open) setOpen(true);
  return (
    <details
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="rounded-md border border-slate-200 p-3 dark:border-slate-700"
    >
      <summary className="cursor-pointer font-medium">{summary}</summary>
      {children}
    </details>
  );
}

/** The form's error box. `id` is the form's errorId, which the form's aria-describedby names. */
export function FormAlert({ id, title, message }: { id?: string; title: string; message?: string | null }) {
  if (!message) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{title}</p>
      <p>{message}</p>
    </div>
  );
}

/** A choice of a GET filter form, with "all" as its empty first option. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  all,
  options,
  labels,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  all: string;
  options: readonly string[];
  labels: Record<string, string>;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value ?? ""}
        className="mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
      >
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {labels[o]}
          </option>
        ))}
      </select>
    </div>
  );
}
