// The Missing Data tab's update dialog form: the official's missing critical fields, a moderator's
// suggestion (or an admin's edit) of any of them, and notes.
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { buttonClass, inputClass } from "~/components/button";
import { ErrorList, FormAlert, useIsPending } from "~/components/forms";
import { MissingDataSchema, type CriticalField } from "~/lib/staff-edits";

export const CRITICAL_LABELS: Record<CriticalField, string> = {
  email: "Email",
  phone: "Phone",
  officeAddress: "Office address",
  websiteUrl: "Website",
  socialMediaLinks: "Social media links",
  biography: "Biography",
  committees: "Committees",
};
const MISSING_DATA_FIELDS = [
  { name: "email", label: "Email", type: "email" },
  { name: "phone", label: "Phone", type: "tel" },
  { name: "officeAddress", label: "Office address", type: "text" },
  { name: "websiteUrl", label: "Website URL", type: "url" },
] as const;

export function MissingDataForm({
  item,
  closeTo,
  lastResult,
  message,
}: {
  item: { representativeId: number; missingCriticalFields: CriticalField[] };
  closeTo: string;
  /** The refused submission, if any, and the server's message for it. */
  lastResult: SubmissionResult<string[]> | undefined;
  message: string | undefined;
}) {
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(MissingDataSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MissingDataSchema }),
  });
  const formRef = useRef<HTMLFormElement>(null);
  // The submit waits for at least one field; without JavaScript the server refuses an empty form.
  const [hydrated, setHydrated] = useState(false);
  const [entered, setEntered] = useState(false);
  const readEntered = () =>
    setEntered(MISSING_DATA_FIELDS.some((f) => String(new FormData(formRef.current!).get(f.name) ?? "").trim() !== ""));
  useEffect(() => {
    setHydrated(true);
    readEntered();
  }, []);
  const busy = useIsPending({ fields: { intent: "missing-data" } });
  return (
    <Form method="post" ref={formRef} {...getFormProps(form)} onInput={readEntered} className="space-y-2">
      <FormAlert id={form.errorId} title="Error" message={form.errors?.[0] ?? (lastResult && message)} />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Missing: {item.missingCriticalFields.map((f) => CRITICAL_LABELS[f]).join(", ")}. Enter at least one field; an admin reviews your
        suggestion before it is published.
      </p>
      <input type="hidden" name="officialId" value={item.representativeId} />
      {MISSING_DATA_FIELDS.map((f) => (
        <div key={f.name}>
          <label htmlFor={fields[f.name].id} className="text-sm font-medium">
            {f.label}
          </label>
          <input {...getInputProps(fields[f.name], { type: f.type })} autoComplete="off" className={inputClass} />
          <ErrorList id={fields[f.name].errorId} errors={fields[f.name].errors} />
        </div>
      ))}
      <div>
        <label htmlFor={fields.notes.id} className="text-sm font-medium">
          Notes (optional)
        </label>
        <textarea {...getTextareaProps(fields.notes)} rows={3} className={inputClass} />
        <ErrorList id={fields.notes.errorId} errors={fields.notes.errors} />
      </div>
      <div className="flex justify-end gap-2 pt-2">
        <Link to={closeTo} replace preventScrollReset className={buttonClass.secondary}>
          Cancel
        </Link>
        <button type="submit" name="intent" value="missing-data" className={buttonClass.primary} disabled={busy || (hydrated && !entered)}>
          {busy ? "Submitting..." : "Submit Update"}
        </button>
      </div>
    </Form>
  );
}
