// A JobContext for calling a job function directly in a test: the test's database, sources on
// 127.0.0.1 (or nowhere: a job that reaches an outside source it was not given fails loudly).
import type { Db } from "~/db.server";
import type { JobContext } from "~/jobs/job";
import type { JobSources } from "~/jobs/sources";

const NOWHERE = "http://127.0.0.1:9/not-configured-in-this-test";

export function testJobContext(
  db: Db,
  overrides: Partial<Omit<JobContext, "sources">> & { sources?: Partial<JobSources> } = {},
): JobContext {
  const { sources, ...rest } = overrides;
  return {
    db,
    fetch,
    sources: {
      congressLegislators: NOWHERE,
      openstatesPeople: NOWHERE,
      houseClerk: NOWHERE,
      senateLis: NOWHERE,
      billStatus: NOWHERE,
      ballotpedia: NOWHERE,
      congressPhotos: NOWHERE,
      ...sources,
    },
    signal: new AbortController().signal,
    step: async () => {},
    progress: () => {},
    log: () => {},
    itemFailed: () => {},
    executionId: 0,
    parameters: null,
    now: () => new Date(),
    ...rest,
  };
}
