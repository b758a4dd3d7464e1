// The Political Profile, Activity and Settings tabs of /admin/users/{id}. The status switch is a
// POST form, so it works without JavaScript.
import { Form } from "@remix-run/react";
import { optionLabel } from "~/auth/account-options";
import { MATRIX_ROWS, rowAllowed } from "~/auth/account-rules";
import { isRole } from "~/auth/roles";
import { DataTable } from "~/components/data-table";
import { DetailItem } from "~/components/detail-item";
import { StaffTime, TimeZoneNote } from "~/components/staff-time";
import { TransferOwnership } from "~/components/transfer-ownership";
import { ACTIVITY_ENTRIES_SHOWN } from "~/lib/admin-users";
import { digestChoiceLabel } from "~/lib/digest-status";
import { Fields, Section, roleLabel, type May, type UserData } from "~/components/admin/users/details-tab";

const POLITICAL_FIELDS = [
  ["politicalAffiliation", "Political Affiliation"],
  ["governmentTrust", "Government Trust Level"],
  ["votingFrequency", "Voting Frequency"],
  ["politicalEngagement", "Political Engagement"],
  ["newsConsumption", "News Consumption"],
] as const;
const asList = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);

export function PoliticalTab({ user }: { user: UserData }) {
  const issues = asList(user.primaryIssues);
  const sources = asList(user.preferredSources);
  const empty = POLITICAL_FIELDS.every(([key]) => !user[key]) && issues.length === 0 && sources.length === 0;
  return (
    <Section title="Political Profile">
      {empty ? (
        <p>Political profile not completed during registration</p>
      ) : (
        <Fields>
          {POLITICAL_FIELDS.map(([key, label]) => (
            <DetailItem key={key} label={label}>
              {user[key] ? optionLabel(key, user[key]) : "Not provided"}
            </DetailItem>
          ))}
          <DetailItem label="Primary Issues">{issues.map((v) => optionLabel("primaryIssues", v)).join(", ") || "Not provided"}</DetailItem>
          <DetailItem label="Preferred News Sources">
            {sources.map((v) => optionLabel("preferredSources", v)).join(", ") || "Not provided"}
          </DetailItem>
        </Fields>
      )}
    </Section>
  );
}

const actionLabel = (action: string) => {
  const text = action.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export function ActivityTab({ user }: { user: UserData }) {
  return (
    <section aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="text-lg font-semibold">
        Recent Activity
      </h2>
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">The {ACTIVITY_ENTRIES_SHOWN} most recent entries.</p>
      <TimeZoneNote />
      <DataTable
        caption="Recent activity"
        rows={user.activityLogs}
        rowKey={(l) => l.id}
        empty="No activity logs available"
        columns={[
          { header: "Action", cell: (l) => actionLabel(l.action) },
          { header: "Details", cell: (l) => [l.details, l.actorName && `by ${l.actorName}`].filter(Boolean).join(" ") || "—" },
          { header: "Timestamp", cell: (l) => <StaffTime value={l.timestamp} /> },
        ]}
      />
    </section>
  );
}

export function SettingsTab({ user, may, failure }: { user: UserData; may: May; failure?: { message: string; typed?: string } }) {
  const role = isRole(user.role) ? user.role : null;
  const extras = user.permissions && typeof user.permissions === "object" ? Object.keys(user.permissions) : [];
  const onOff = (value: boolean) => (value ? "On" : "Off");
  return (
    <Section title="Settings">
      <Fields>
        <DetailItem label="Role">{roleLabel(user.role)}</DetailItem>
        <DetailItem label="Account Status">
          <StatusSwitch isActive={user.isActive} enabled={may.status} />
          {may.statusNote && <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{may.statusNote}</p>}
        </DetailItem>
        <DetailItem label="Authentication Method">{user.authMethod === "sso" ? "Single Sign-On" : "Email/Password"}</DetailItem>
        <DetailItem label="Two-Factor Authentication">{user.twoFactorEnabled ? "Enabled" : "Disabled"}</DetailItem>
        <DetailItem label="Permissions">
          <ul className="list-disc pl-5 text-sm">
            {role && MATRIX_ROWS.filter((row) => rowAllowed(role, row)).map((row) => <li key={row.capability}>{row.capability}</li>)}
            {extras.map((key) => (
              <li key={key}>{key} (granted to this account)</li>
            ))}
          </ul>
        </DetailItem>
        <DetailItem label="Email Notifications">{onOff(user.emailNotifications)}</DetailItem>
        <DetailItem label="SMS Notifications">{onOff(user.smsNotifications)}</DetailItem>
        <DetailItem label="Marketing Emails">{user.marketingOptIn ? "Opted in" : "Opted out"}</DetailItem>
        <DetailItem label="Email Digest">
          {digestChoiceLabel(user.digestFrequency)}. {user.lastDigest}
        </DetailItem>
        <DetailItem label="Account Type">Standard User</DetailItem>
      </Fields>
      {may.transfer && <TransferOwnership email={user.email} refusal={may.transferNote} failure={failure} />}
    </Section>
  );
}

/** The account status switch: a POST of the opposite value, so it works without JavaScript. */
function StatusSwitch({ isActive, enabled }: { isActive: boolean; enabled: boolean }) {
  const track = `relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent ${isActive ? "bg-green-700" : "bg-slate-400"}`;
  const knob = (
    <span
      aria-hidden="true"
      className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${isActive ? "translate-x-5" : "translate-x-0"}`}
    />
  );
  const text = <span className="font-medium">{isActive ? "Active" : "Inactive"}</span>;
  if (!enabled)
    return (
      <span className="flex items-center gap-3">
        <span role="switch" aria-checked={isActive} aria-disabled="true" aria-label="Account active" className={`${track} opacity-60`}>
          {knob}
        </span>
        {text}
      </span>
    );
  return (
    <Form method="post" className="flex items-center gap-3">
      <input type="hidden" name="isActive" value={String(!isActive)} />
      <button
        type="submit"
        name="intent"
        value="status"
        role="switch"
        aria-checked={isActive}
        aria-label="Account active"
        className={track}
      >
        {knob}
      </button>
      {text}
    </Form>
  );
}
