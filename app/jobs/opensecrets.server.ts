// OpenSecrets: the API was discontinued on April 15, 2025. A run records a skipped
// execution with the reason; the officials' OpenSecrets IDs stay for the profile links.
import { OPENSECRETS_DISCONTINUED } from "~/jobs/definitions";
import type { JobFunction } from "~/jobs/job";

export const opensecretsImport: JobFunction = async ({ log }) => {
  log(OPENSECRETS_DISCONTINUED);
  return { status: "skipped", message: OPENSECRETS_DISCONTINUED, results: { processed: 0, updated: 0 } };
};
