// GET and POST /api/admin/integration/contact_crawl/config: the fields the
// crawler checks. Saving at least one field clears the earlier missing-data flags and creates a
// new set. Admins.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "~/lib/zod";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { CRAWLER_FIELDS, JOB_TEXTS, type CrawlerField } from "~/jobs/definitions";
import { readJson } from "~/json-body.server";
import { jsonError, privateJson } from "~/json-response.server";
import { crawlerConfig, saveCrawlerConfig } from "~/models/jobs.server";

export const actionMethods = ["POST"];

const FIELD_KEYS = Object.keys(CRAWLER_FIELDS) as [CrawlerField, ...CrawlerField[]];
const ConfigSchema = z.object({
  fields: z
    .array(z.enum(FIELD_KEYS, `Choose fields from: ${FIELD_KEYS.join(", ")}.`), JOB_TEXTS.noFields)
    .min(1, JOB_TEXTS.noFields)
    .transform((fields) => [...new Set(fields)]),
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "scheduled-jobs:view");
  return privateJson(await crawlerConfig(db));
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  await requireApiPermission(request, "integrations:configure");
  const { fields } = await readJson(request, ConfigSchema).catch(async (error: unknown) => {
    // An empty selection answers with the title "No Fields Selected" too.
    if (error instanceof Response && (await error.clone().json()).message === JOB_TEXTS.noFields)
      throw Response.json({ title: JOB_TEXTS.noFieldsTitle, message: JOB_TEXTS.noFields, field: "fields" }, { status: 400 });
    throw error;
  });
  return privateJson({ ...JOB_TEXTS.configSaved, message: JOB_TEXTS.configSaved.title, ...(await saveCrawlerConfig(db, fields)) });
}
