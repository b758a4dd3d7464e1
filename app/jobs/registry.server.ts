// The job function of every job type (app/jobs/definitions.ts); the type makes a missing one a compile error.
import { ballotpediaImport } from "~/jobs/ballotpedia-import.server";
import { congressImport } from "~/jobs/congress-import.server";
import { contactCrawl } from "~/jobs/contact-crawl.server";
import { dataValidation } from "~/jobs/data-validation.server";
import { emailDigests } from "~/jobs/email-digests.server";
import type { JobType } from "~/jobs/definitions";
import { govtrackImport } from "~/jobs/govtrack-import.server";
import { housekeeping } from "~/jobs/housekeeping.server";
import type { JobFunction } from "~/jobs/job";
import { opensecretsImport } from "~/jobs/opensecrets.server";

export const JOB_FUNCTIONS: Record<JobType, JobFunction> = {
  congress_import: congressImport,
  data_validation: dataValidation,
  govtrack_import: govtrackImport,
  opensecrets_import: opensecretsImport,
  ballotpedia_import: ballotpediaImport,
  contact_crawl: contactCrawl,
  email_digests: emailDigests,
  housekeeping,
};
