// The owner's switch and the crawler's Configure dialog on /admin/integration/{type}: POST forms,
// so both work without JavaScript.
import { Form, Link, type useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/button";
import { Dialog } from "~/components/dialog";
import { CRAWLER_FIELDS, type CrawlerField } from "~/jobs/definitions";
import type { JobPageFailure } from "~/jobs/job-pages.server";
import { formatJobTime } from "~/lib/dates";
import type { loader } from "~/routes/admin.integration.$type";

type Config = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["config"]>;

/**
 * The owner's on/off switch for a job's schedule: turning it off asks first (?disable=1, a dialog with JavaScript,
 * the same dialog in the page without); turning it on is immediate.
 */
export function EnabledSwitch({ enabled }: { enabled: boolean }) {
  const switchClass = `${buttonClass.secondary} gap-3`;
  const knob = (
    <span aria-hidden="true" className={`inline-block h-5 w-9 rounded-full p-0.5 ${enabled ? "bg-green-700" : "bg-slate-400"}`}>
      <span className={`block h-4 w-4 rounded-full bg-white ${enabled ? "translate-x-4" : ""}`} />
    </span>
  );
  return enabled ? (
    <Form method="get" preventScrollReset>
      <button type="submit" name="disable" value="1" role="switch" aria-checked="true" className={switchClass}>
        {knob} Automatic runs
      </button>
    </Form>
  ) : (
    <Form method="post">
      <input type="hidden" name="enabled" value="true" />
      <button type="submit" name="intent" value="toggle" role="switch" aria-checked="false" className={switchClass}>
        {knob} Automatic runs
      </button>
    </Form>
  );
}

const DISABLE_TEXT = (title: string) => `${title} will stop running on its schedule. You can still run it manually or re-enable it later.`;

/** The confirmation before the owner turns automatic runs off (?disable=1). */
export function DisableDialog({ title, page }: { title: string; page: string }) {
  return (
    <Dialog title={`Disable ${title}?`} closeTo={page}>
      <p>{DISABLE_TEXT(title)}</p>
      <Form method="post" action={page} className="mt-4 flex justify-end gap-2">
        <input type="hidden" name="enabled" value="false" />
        <Link to={page} replace preventScrollReset className={buttonClass.secondary}>
          Cancel
        </Link>
        <button type="submit" name="intent" value="toggle" className={buttonClass.danger}>
          Disable
        </button>
      </Form>
    </Dialog>
  );
}

/** Configure Missing Data Fields: a checkbox per field the contact crawler may fill, and Save Configuration. */
export function ConfigureDialog({
  config,
  closeTo,
  failure,
  timeZone,
}: {
  config: Config;
  closeTo: string;
  failure: JobPageFailure | null;
  timeZone: string;
}) {
  const refused = failure?.intent === "configure" ? failure : null;
  const chosen = (refused?.values?.fields as string[] | undefined) ?? config.fields_to_check;
  return (
    <Dialog title="Configure Missing Data Fields" closeTo={closeTo} wide>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Choose the fields the crawler checks. Saving clears the earlier missing-data flags and flags every official missing a chosen field.
        {config.updated_at && ` Last saved ${formatJobTime(config.updated_at, timeZone)}.`}
      </p>
      <Form method="post" key={refused ? "refused" : "saved"} className="mt-4">
        <fieldset>
          <legend className="text-sm font-semibold">Fields to check</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {Object.entries(CRAWLER_FIELDS).map(([key, label]) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="fields" value={key} defaultChecked={chosen.includes(key as CrawlerField)} />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {refused && (
          <div
            role="alert"
            className="mt-3 rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
          >
            <p className="font-semibold">{refused.toast.title}</p>
            <p>{refused.message}</p>
          </div>
        )}
        <div className="mt-4 flex justify-end gap-2">
          <Link to={closeTo} replace preventScrollReset className={buttonClass.secondary}>
            Cancel
          </Link>
          <button type="submit" name="intent" value="configure" className={buttonClass.primary}>
            Save Configuration
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
