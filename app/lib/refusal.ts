// The app's one error vocabulary: a request the domain refuses. Its status names the kind, its
// message is what the person reads, unchanged on the page and in JSON.
//   400 bad input (details.errors: the message for each field)
//   401 cannot sign in (wrong password, unconfirmed or deactivated account, an unverified SSO email)
//   403 the role or the account rules do not allow it
//   404 the record does not exist
//   409 it conflicts with the record's current state (taken email, already done, already running;
//       details.conflicts: the conflicting fields)
//   503 a service it needs is unavailable (the mail server, a data source)
// Models throw it. The server's one wrapper (app/server/remix.server.ts) answers what a route does
// not catch: a JSON call gets its status and body; a page shows its status and message, or the
// form catches it to show it in place or as a toast. Anything that is not a Refusal is a bug and
// is rethrown, so it reaches the error page and the log.
//
// Failures of an outgoing call are not refusals: FetchError (jobs/http.server.ts),
// InternalAddressError (the outbound guard's answer to a connection's address lookup) and
// EmailNotSentError (email.server.ts) carry what went wrong on the wire, and the caller decides
// whether that becomes a 503 Refusal, a job error or a stored reason.

export type FieldErrors = Record<string, string[]>;

/** Marks a Refusal across copies of this module: the server's own code and the app's build each hold one. */
const REFUSAL = Symbol.for("civic-atlas.refusal");

export class Refusal extends Error {
  readonly [REFUSAL] = true;
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 503,
    readonly details: { errors?: FieldErrors; conflicts?: unknown[] } = {},
  ) {
    super(message);
  }
}

/** Whether `error` is a Refusal, from whichever copy of this module made it. */
export const isRefusal = (error: unknown): error is Refusal => typeof error === "object" && error !== null && REFUSAL in error;

/** What a Refusal answers in JSON, and what a page's error boundary reads: its message and details. */
export const refusalBody = ({ message, details }: Refusal) => ({ message, ...details });
