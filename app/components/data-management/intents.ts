// How a Data Management tab answers a POST: the page permission, then the permission of the intent
// named in the form (the page gate alone is not enough), then the intent's own function.
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { can, type Permission } from "~/auth/permissions";
import { DENIED, requirePermission, type PermittedUser } from "~/auth/permissions.server";
import { readFormData } from "~/form-data.server";
import { Refusal } from "~/lib/refusal";
import type { redirectWithToast } from "~/toast.server";

export type Failure = {
  intent: string;
  title: string;
  message: string;
  /** Why each skipped update of an approval was not approved. */
  reasons?: string[];
  /** The ids the admin had chosen, so the page shows them chosen again. */
  selected?: number[];
  notes?: string;
  result?: SubmissionResult<string[]>;
};
type FailureDetails = Omit<Failure, "intent" | "title">;

export type IntentArgs = {
  actor: PermittedUser;
  intent: string;
  formData: FormData;
  /** Answers the form with an error message (and what the page needs to show it). */
  fail: (status: number, failure: FailureDetails) => ReturnType<typeof data<Failure>>;
  /** The model refuses with a 4xx and its message; anything else is a bug and is thrown on. */
  refused: (error: unknown, fallback: string, extra?: Omit<FailureDetails, "message">) => ReturnType<typeof data<Failure>>;
};
type Answer = ReturnType<typeof data<Failure>> | Awaited<ReturnType<typeof redirectWithToast>>;
export type Intent = { permission: Permission; run: (args: IntentArgs) => Promise<Answer> };

export async function answerIntent(request: Request, intents: Record<string, Intent>) {
  const actor = await requirePermission(request, "page:data-management", DENIED.dashboard);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const fail = (status: number, failure: FailureDetails) => data<Failure>({ intent, title: "Error", ...failure }, { status });
  const chosen = Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  if (!chosen) return fail(400, { message: "Unknown action." });
  // Thrown, not returned: the whole request is refused, so the tab's loader (which may send this
  // viewer to another tab) does not run after it and the answer stays a 403.
  if (!can(actor.role, chosen.permission)) throw fail(403, { message: "Forbidden: your role does not allow this." });
  const refused: IntentArgs["refused"] = (error, fallback, extra = {}) => {
    if (!(error instanceof Refusal)) throw error;
    return fail(error.status, { message: error.message || fallback, ...extra });
  };
  return chosen.run({ actor, intent, formData, fail, refused });
}
