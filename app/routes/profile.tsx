// /profile: the signed-in user's own profile. View mode, and an edit mode at
// ?edit=1 whose Save is a POST, so it all works without JavaScript.
import { getFormProps, getSelectProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ACCOUNT_OPTIONS, findOption, optionLabel, type Option, type OptionField } from "~/auth/account-options";
import { ProfileSchema, type ProfileInput } from "~/auth/account-schemas";
import { ROLE_LABELS, isRole } from "~/auth/roles";
import { getUser } from "~/auth/session.server";
import { ErrorList, FormAlert, TextField, submittedList, useIsPending } from "~/components/forms";
import { DetailItem } from "~/components/detail-item";
import { db } from "~/db.server";
import { redirectWithToast } from "~/toast.server";
import { getProfile, updateProfile, wholeProfile } from "~/models/users.server";
import { readFormData } from "~/form-data.server";
import { linkClass, primaryButton } from "~/components/button";

export const meta: MetaFunction = () => [
  { title: "My Profile · Civic Atlas" },
  { name: "description", content: "Your Civic Atlas account and civic profile: view and edit what you shared." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) return data({ profile: null, editing: false }, { status: 401 });
  const profile = await getProfile(db, user.id);
  return { profile, editing: new URL(request.url).searchParams.get("edit") === "1" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getUser(request);
  if (!user) return data({ status: "error" as const, error: { "": ["Please log in to view your profile."] } }, { status: 401 });
  const submission = parseWithZod(await readFormData(request), { schema: ProfileSchema });
  if (submission.status !== "success") return data(submission.reply({ formErrors: ["Failed to update profile"] }), { status: 400 });
  await updateProfile(db, user.id, wholeProfile(submission.value), context.ipAddress);
  return redirectWithToast("/profile", { title: "Profile updated", description: "Your profile has been updated successfully." });
}

const memberSince = (date: Date | string) =>
  new Date(date).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export default function Profile() {
  const { profile, editing } = useLoaderData<typeof loader>();
  if (!profile) {
    return (
      <div className="mx-auto max-w-md px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">Access Required</h1>
        <p className="mt-2">Please log in to view your profile.</p>
        <a href="/sign-in?redirectTo=%2Fprofile" className={`mt-6 inline-block w-auto ${primaryButton}`}>
          Sign In
        </a>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">My Profile</h1>
        {!editing && (
          <Link to="/profile?edit=1" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800">
            Edit Profile
          </Link>
        )}
      </div>
      <dl className="mt-6 grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-700">
        <DetailItem label="Email">{profile.email}</DetailItem>
        <DetailItem label="Role">{isRole(profile.role) ? ROLE_LABELS[profile.role] : profile.role}</DetailItem>
        <DetailItem label="Account status">{profile.isActive ? "Active" : "Inactive"}</DetailItem>
        <DetailItem label="Sign-in method">{profile.authMethod === "sso" ? "Single Sign-On (SSO)" : "Email/Password"}</DetailItem>
        <DetailItem label="Member Since">{memberSince(profile.createdAt)}</DetailItem>
      </dl>
      {editing ? <EditForm profile={profile} /> : <ViewProfile profile={profile} />}
      {!editing && (
        <p className="mt-8 text-sm">
          {/* A plain link: the browser downloads the file. */}
          <a href="/profile/data.json" download className={`font-medium ${linkClass}`}>
            Download my data
          </a>{" "}
          (your account, profile answers, what you follow and your account activity, as a JSON file)
        </p>
      )}
    </div>
  );
}

type ProfileData = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["profile"]>;
const TEXT_FIELDS = [
  ["firstName", "First name"],
  ["lastName", "Last name"],
  ["phone", "Phone"],
  ["address", "Address"],
  ["city", "City"],
  ["state", "State"],
  ["zipCode", "ZIP code"],
  ["country", "Country"],
  ["timezone", "Time zone (for example America/New_York)"],
] as const;
const CHOICE_FIELDS = [
  ["politicalAffiliation", "Political affiliation"],
  ["votingFrequency", "Voting"],
  ["governmentTrust", "Trust in government"],
  ["newsConsumption", "News frequency"],
  ["politicalEngagement", "Political engagement"],
] as const;
const LIST_FIELDS = [
  ["primaryIssues", "Primary issues"],
  ["preferredSources", "Preferred sources"],
] as const;
const asList = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);

function ViewProfile({ profile }: { profile: ProfileData }) {
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-2">
      {TEXT_FIELDS.map(([key, label]) => (
        <DetailItem key={key} label={label.replace(/ \(.*\)$/, "")}>
          {profile[key] || "Not provided"}
        </DetailItem>
      ))}
      {CHOICE_FIELDS.map(([key, label]) => (
        <DetailItem key={key} label={label}>
          {profile[key] ? optionLabel(key, profile[key]!) : "Not provided"}
        </DetailItem>
      ))}
      {LIST_FIELDS.map(([key, label]) => (
        <DetailItem key={key} label={label}>
          {asList(profile[key])
            .map((v) => optionLabel(key, v))
            .join(", ") || "Not provided"}
        </DetailItem>
      ))}
    </dl>
  );
}

function EditForm({ profile }: { profile: ProfileData }) {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<ProfileInput>({
    lastResult: lastResult && "initialValue" in lastResult ? lastResult : undefined,
    // Nulls become blanks in the inputs.
    defaultValue: Object.fromEntries(Object.entries(profile).map(([k, v]) => [k, v ?? undefined])) as ProfileInput,
  });
  const saving = useIsPending();
  return (
    <Form method="post" action="/profile?edit=1" {...getFormProps(form)} className="mt-6 space-y-2">
      <FormAlert id={form.errorId} title="Error" message={form.errors?.[0]} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(([key, label]) => (
          <TextField
            key={key}
            field={fields[key]}
            label={label}
            type={key === "phone" ? "tel" : "text"}
            autoComplete={key === "address" ? "address-line1" : undefined}
          />
        ))}
        {CHOICE_FIELDS.map(([key, label]) => (
          <ChoiceField key={key} field={fields[key]} label={label} name={key} />
        ))}
      </div>
      {LIST_FIELDS.map(([key, label]) => (
        <Checkboxes key={key} field={fields[key]} legend={label} name={key} />
      ))}
      <div className="flex gap-3 pt-2">
        <button type="submit" className={`${primaryButton} w-auto`} disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </button>
        <Link to="/profile" className="rounded-md border border-slate-300 px-4 py-2 font-semibold dark:border-slate-600">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/**
 * A select of the field's list. The value shown is the saved one (older wording read as its option),
 * or after a refused save the one sent; a saved value outside the list is shown as it is, so it is
 * never changed unseen.
 */
function ChoiceField({ field, label, name }: { field: FieldMetadata<string | undefined>; label: string; name: OptionField }) {
  const stored = typeof field.initialValue === "string" ? field.initialValue : "";
  const current = (stored && findOption(name, stored)?.value) || stored;
  const options: readonly Option[] = ACCOUNT_OPTIONS[name];
  const all = current && !options.some((o) => o.value === current) ? [{ value: current, label: current }, ...options] : options;
  return (
    <div>
      <label htmlFor={field.id} className="text-sm font-medium">
        {label}
      </label>
      <select
        {...getSelectProps(field)}
        defaultValue={current}
        className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 aria-[invalid=true]:border-red-700 dark:border-slate-600 dark:bg-slate-900"
      >
        <option value="">Not provided</option>
        {all.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** Checkboxes of the field's list; a saved value outside the list is shown too. */
function Checkboxes({ field, legend, name }: { field: FieldMetadata<string[] | undefined>; legend: string; name: OptionField }) {
  const selected = submittedList(field.initialValue).map((v) => findOption(name, v)?.value ?? v);
  const options: readonly Option[] = ACCOUNT_OPTIONS[name];
  const all = [...options, ...selected.filter((s) => !options.some((o) => o.value === s)).map((s) => ({ value: s, label: s }))];
  return (
    <fieldset className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      <div className="grid gap-1 sm:grid-cols-3">
        {all.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={field.name} value={o.value} defaultChecked={selected.includes(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
      <ErrorList id={field.errorId} errors={Object.values(field.allErrors).flat()} />
    </fieldset>
  );
}
