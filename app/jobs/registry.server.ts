// The job functions that exist. A type without one is registered (app/jobs/definitions.ts) but
// cannot run yet: a run by hand is refused and a scheduled or chained run is recorded as skipped.
import { ballotpediaImport } from "~/jobs/ballotpedia-import.server";
import { congressImport } from "~/jobs/congress-import.server";
import { contactCrawl } from "~/jobs/contact-crawl.server";
import { dataValidation } from "~/jobs/data-validation.server";
import { JOB_DEFINITIONS, JOB_TEXTS, type JobType } from "~/jobs/definitions";
import { govtrackImport } from "~/jobs/govtrack-import.server";
import { housekeeping } from "~/jobs/housekeeping.server";
import type { JobFunction } from "~/jobs/job";
import { opensecretsImport } from "~/jobs/opensecrets.server";

export const JOB_FUNCTIONS: Partial<Record<JobType, JobFunction>> = {
  congress_import: congressImport,
  data_validation: dataValidation,
  govtrack_import: govtrackImport,
  opensecrets_import: opensecretsImport,
  ballotpedia_import: ballotpediaImport,
  contact_crawl: contactCrawl,
  housekeeping,
};

/** Why a job cannot run, or null when it can. */
export const unavailableReason = (type: JobType) => (JOB_FUNCTIONS[type] ? null : JOB_TEXTS.notAvailable(JOB_DEFINITIONS[type].title));
