// A form submission the server refused before its action ran (too many from one network, a body
// too large): the action answers it with the message and what was typed, so the form shows the
// refusal in place, with or without JavaScript, instead of an error page.
import type { SubmissionResult } from "@conform-to/react";
import { HONEYPOT_FIELD } from "~/lib/honeypot";

/** Set by server.ts in the load context when it refuses a write to a form that shows refusals. */
export type Refused = { status: number; message: string };

/** What was typed, as text, without passwords or the honeypot: never sent back to the page. */
export function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string" || name === HONEYPOT_FIELD || /password/i.test(name)) continue;
    values[name] ??= value;
  }
  return values;
}

/** Conform's reply for a refused submission: the message as the form's error, the values kept. */
export function refusedReply(form: FormData, refused: Refused): SubmissionResult<string[]> {
  return { status: "error", initialValue: typedValues(form), error: { "": [refused.message] } };
}
