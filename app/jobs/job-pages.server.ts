// What the job pages' actions share (/admin/batch-jobs, /admin/contact-crawler,
// /admin/integration/{type}): who may open them, a run by hand, and how a refusal reaches the page
// (its status, an inline error and a destructive toast titled "Error").
import { data } from "@remix-run/node";
import { can, type Permission } from "~/auth/permissions";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { db as appDb, type Db } from "~/db.server";
import { readFormData } from "~/form-data.server";
import { runByHand } from "~/jobs/control.server";
import type { JobType } from "~/jobs/definitions";
import { Refusal } from "~/lib/refusal";
import { redirectWithToast } from "~/toast.server";

/** A non-admin gets the toast and goes to / when signed in (to sign-in otherwise). */
export const JOB_PAGE_DENIED = { redirectTo: "/", toast: DENIED.adminOnly.toast };
export const FORBIDDEN = "Forbidden: your role does not allow this.";

export type JobPageFailure = {
  intent: string;
  message: string;
  toast: { title: string; description: string; variant: "destructive" };
  /** Whatever the form had, so the page can show it again (the crawler's fields). */
  values?: Record<string, unknown>;
};

export function jobPageFailure(intent: string, status: number, message: string, values?: Record<string, unknown>) {
  return data<JobPageFailure>(
    { intent, message, toast: { title: "Error", description: message, variant: "destructive" }, values },
    { status },
  );
}

/** A domain refusal keeps its status and text; anything else is logged and gets the spec's fallback. */
export function refusedOnPage(intent: string, error: unknown, fallback: string) {
  if (error instanceof Refusal) return jobPageFailure(intent, error.status, error.message || fallback);
  console.error(`Job page ${intent} failed`, error);
  return jobPageFailure(intent, 500, fallback);
}

/** Run by hand from a page: back to the page with the success toast, or the refusal (409 busy). */
export async function runFromPage(
  db: Db,
  {
    type,
    userId,
    back,
    started,
    fallback,
  }: { type: JobType; userId: string; back: string; started: { title: string; description?: string }; fallback: string },
) {
  try {
    await runByHand(db, type, userId);
  } catch (error) {
    return refusedOnPage("run", error, fallback);
  }
  return redirectWithToast(back, started);
}

/**
 * The action of a page whose one form runs its job (batch import, contact crawler): the page's own
 * permission, then the run's, then the run by hand.
 */
export async function runJobAction(
  request: Request,
  {
    page,
    pagePermission,
    runPermission,
    ...run
  }: { page: string; pagePermission: Permission; runPermission: Permission; type: JobType; started: { title: string }; fallback: string },
) {
  const viewer = await requirePermission(request, pagePermission, JOB_PAGE_DENIED);
  const intent = String((await readFormData(request)).get("intent") ?? "");
  if (intent !== "run") return jobPageFailure(intent, 400, "Unknown action.");
  if (!can(viewer.role, runPermission)) return jobPageFailure(intent, 403, FORBIDDEN);
  return runFromPage(appDb, { ...run, userId: viewer.id, back: page });
}
