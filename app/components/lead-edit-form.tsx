// The Edit Lead dialog's form on /admin/leads and its schema: one Conform form over LeadEditSchema,
// whose errors come back from the page's action with what was typed, with or without JavaScript.
// The schema lives beside its form, not in lib/leads.ts, so zod stays out of the public pages that
// import lib/leads.ts; the page's action and PUT /api/leads/{id} import it from here.
import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { Badge } from "~/components/badge";
import { buttonClass } from "~/components/button";
import { FormAlert, SelectField, TextField, useIsPending } from "~/components/forms";
import { EmailField } from "~/auth/account-schemas";
import {
  EDITABLE_STATUSES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  ONLY_THEY_RESUBSCRIBE,
  POLITICAL_AFFILIATIONS,
  SOURCE_LABELS,
  STATUS_LABELS,
} from "~/lib/leads";
import { z } from "~/lib/zod";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .transform((s) => (s === "" ? null : s))
    .nullable()
    .optional();
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, "Choose one of the listed options.");

/** Edit Lead dialog, checked in the browser and by the page's action; a JSON PUT may send only the fields it changes. */
export const LeadEditSchema = z.object({
  email: EmailField,
  firstName: optionalText(100),
  lastName: optionalText(100),
  phone: optionalText(30),
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(50),
  zipCode: optionalText(10),
  occupation: optionalText(100),
  politicalAffiliation: z
    .union([z.literal(""), choice(POLITICAL_AFFILIATIONS)], "Choose one of the listed affiliations.")
    .transform((s) => (s === "" ? null : s))
    .nullable()
    .optional(),
  status: choice(LEAD_STATUSES),
  source: choice(LEAD_SOURCES),
});
export type LeadEdit = z.infer<typeof LeadEditSchema>;

/** An edit form sends every field: an emptied one is cleared, not left as it was. */
export function wholeEdit(value: LeadEdit): LeadEdit {
  const cleared = Object.fromEntries(Object.keys(LeadEditSchema.shape).map((key) => [key, value[key as keyof LeadEdit] ?? null]));
  return { ...cleared, email: value.email, status: value.status, source: value.source } as LeadEdit;
}

type EditedLead = { id: number; email: string; status: string; source: string; politicalAffiliation: string | null } & Record<
  (typeof TEXT_FIELDS)[number][0],
  string | null
>;

const TEXT_FIELDS = [
  ["firstName", "First name"],
  ["lastName", "Last name"],
  ["phone", "Phone"],
  ["occupation", "Occupation"],
  ["address", "Address"],
  ["city", "City"],
  ["state", "State"],
  ["zipCode", "ZIP code"],
] as const;

/** The Edit Lead dialog's form; `lastResult` is the page action's reply to a refused edit. */
export function EditLeadForm({
  lead,
  closeTo,
  lastResult,
}: {
  lead: EditedLead;
  closeTo: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, schemaFields] = useForm({
    lastResult,
    defaultValue: {
      email: lead.email,
      status: lead.status,
      source: lead.source,
      politicalAffiliation: lead.politicalAffiliation ?? "",
      ...Object.fromEntries(TEXT_FIELDS.map(([key]) => [key, lead[key] ?? ""])),
    },
    constraint: getZodConstraint(LeadEditSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LeadEditSchema }),
  });
  // Every field is text in the form; null (clear) exists only once the schema has read it.
  const fields = schemaFields as unknown as Record<keyof LeadEdit, FieldMetadata<string | undefined>>;
  const saving = useIsPending({ fields: { intent: "update" } });
  // A converted lead stays converted, and an unsubscribed one stays unsubscribed until they re-join
  // themselves: the status goes back unchanged.
  const fixedStatus = lead.status === "converted" || lead.status === "unsubscribed" ? lead.status : null;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <FormAlert id={form.errorId} title="Error" message={form.errors?.[0]} />
      <input type="hidden" name="id" value={lead.id} />
      <TextField field={fields.email} label="Email" type="email" required autoComplete="off" />
      <div className="grid gap-x-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(([key, label]) => (
          <TextField key={key} field={fields[key]} label={label} type={key === "phone" ? "tel" : "text"} autoComplete="off" />
        ))}
        <SelectField field={fields.politicalAffiliation} label="Political affiliation" options={POLITICAL_AFFILIATIONS} />
        <SelectField field={fields.source} label="Source" options={LEAD_SOURCES} labelOf={(s) => SOURCE_LABELS[s]} />
        {fixedStatus ? (
          <div>
            <input type="hidden" name={fields.status.name} value={fixedStatus} />
            <p className="text-sm font-medium">Status</p>
            <p className="mt-2">
              <Badge>{STATUS_LABELS[fixedStatus]}</Badge>
            </p>
            {fixedStatus === "unsubscribed" && <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{ONLY_THEY_RESUBSCRIBE}</p>}
          </div>
        ) : (
          <SelectField field={fields.status} label="Status" options={EDITABLE_STATUSES} labelOf={(s) => STATUS_LABELS[s]} />
        )}
      </div>
      <div className="flex justify-end gap-2 pt-2">
        <Link to={closeTo} replace preventScrollReset className={buttonClass.secondary}>
          Cancel
        </Link>
        <button type="submit" name="intent" value="update" className={buttonClass.primary} disabled={saving}>
          {saving ? "Saving..." : "Save Changes"}
        </button>
      </div>
    </Form>
  );
}
