// The edit form of /admin/representative-detail/{id}: which fields each tab edits, how each is
// entered, and the page's address for a tab in or out of edit mode.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ChoiceField, InputField, TextAreaField } from "~/components/record-fields";
import { PARTIES } from "~/lib/party";
import { displayPhone } from "~/lib/phone";
import { GENDER_CHOICES, OFFICE_CHOICES, OFFICIAL_FIELDS, RepresentativeEditSchema } from "~/lib/staff-edits";
import type { z } from "~/lib/zod";
import type { action, loader } from "~/routes/admin.representative-detail.$id";

export type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
export type Official = LoaderData["official"];

export const TABS = ["personal", "contact", "political", "voting"] as const;
export type Tab = (typeof TABS)[number];
/** The editable fields of each tab: the form of a tab sends these, and the server compares these only. */
export const SECTION_SCHEMAS = {
  personal: RepresentativeEditSchema.pick({
    firstName: true,
    lastName: true,
    dateOfBirth: true,
    gender: true,
    religion: true,
    office: true,
    party: true,
    district: true,
    photoUrl: true,
    biography: true,
  }),
  contact: RepresentativeEditSchema.pick({
    email: true,
    phone: true,
    website: true,
    xProfileUrl: true,
    bioguideId: true,
    govtrackId: true,
    opensecretId: true,
    fecId: true,
    ballotpediaSlug: true,
    wikipediaSlug: true,
    washingtonPostSlug: true,
    votesmartId: true,
    icpsrId: true,
  }),
  political: RepresentativeEditSchema.pick({ terms: true, leadership: true, committees: true, notes: true }),
};
export type EditSection = keyof typeof SECTION_SCHEMAS;
export const isSection = (value: unknown): value is EditSection => typeof value === "string" && Object.hasOwn(SECTION_SCHEMAS, value);
type EditableField = keyof z.infer<typeof RepresentativeEditSchema>;

/** How each editable field is entered (text, select, list); labels come from OFFICIAL_FIELDS. */
export const INPUTS: Partial<
  Record<
    EditableField,
    { type?: "email" | "tel" | "url" | "date"; choices?: readonly string[]; required?: true; multiline?: true; hint?: string }
  >
> = {
  firstName: { required: true },
  lastName: { required: true },
  dateOfBirth: { type: "date" },
  gender: { choices: GENDER_CHOICES },
  office: { choices: OFFICE_CHOICES, required: true },
  party: { choices: PARTIES, required: true },
  district: { hint: "e.g., 01, 02, AL" },
  photoUrl: { type: "url" },
  biography: { multiline: true },
  email: { type: "email" },
  phone: { type: "tel" },
  website: { type: "url" },
  xProfileUrl: { type: "url" },
  terms: { multiline: true },
  leadership: { multiline: true },
  committees: { multiline: true },
  notes: { multiline: true },
};
export const fieldsOf = (section: EditSection) => Object.keys(SECTION_SCHEMAS[section].shape) as EditableField[];

/** The form's id: the page header's Save button submits it. */
export const EDIT_FORM_ID = "representative-edit";

/** The page's address for a tab, in or out of edit mode. */
export function pageUrl(id: number, tab: Tab, editing: boolean) {
  const search = new URLSearchParams();
  if (tab !== "personal") search.set("tab", tab);
  if (editing) search.set("edit", "1");
  return `/admin/representative-detail/${id}${search.size ? `?${search}` : ""}`;
}

export function EditForm({ official, section }: { official: Official; section: EditSection }) {
  const actionData = useActionData<typeof action>();
  const names = fieldsOf(section);
  const schema = SECTION_SCHEMAS[section];
  const [form, fields] = useForm<Record<string, string | null | undefined>>({
    id: EDIT_FORM_ID,
    lastResult: actionData?.result,
    defaultValue: Object.fromEntries(
      names.map((name) => [name, name === "phone" && official.phone ? displayPhone(official.phone) : (official[name] ?? undefined)]),
    ),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    // noValidate: the spec's messages answer, with or without JavaScript (not the browser's own).
    <Form method="post" action={pageUrl(official.id, section, true)} {...getFormProps(form)} noValidate>
      <input type="hidden" name="section" value={section} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        {names.map((name) => {
          const input = INPUTS[name] ?? {};
          const label = OFFICIAL_FIELDS[name].label;
          if (input.multiline) return <TextAreaField key={name} field={fields[name]} label={label} />;
          if (input.choices)
            return <ChoiceField key={name} field={fields[name]} label={label} options={input.choices} required={input.required} />;
          return <InputField key={name} field={fields[name]} label={label} type={input.type} required={input.required} hint={input.hint} />;
        })}
      </div>
    </Form>
  );
}
