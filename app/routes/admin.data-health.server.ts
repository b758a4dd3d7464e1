// The server half of /admin/data-health (decision 0030): the lists of app/models/data-health.server.ts,
// the dismissal dialog (?dismiss={kind}:{key}) and its POST. Staff (moderators and up) may view and
// dismiss; a signed-out visitor is sent to sign in, any other role gets a 403 with a message.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { can, type Permission } from "~/auth/permissions";
import { DENIED, requirePermission, type PermittedUser } from "~/auth/permissions.server";
import { isRole } from "~/auth/roles";
import { getUser } from "~/auth/session.server";
import { db } from "~/db.server";
import { readFormData } from "~/form-data.server";
import { parseQuery } from "~/lib/admin-users";
import { Refusal } from "~/lib/refusal";
import { z } from "~/lib/zod";
import {
  HEALTH_KINDS,
  dataHealth,
  dismissHealthItem,
  findHealthItem,
  recentDismissals,
  type HealthKind,
} from "~/models/data-health.server";
import { redirectWithToast } from "~/toast.server";

export const DATA_HEALTH_PATH = "/admin/data-health";
export const DATA_HEALTH_FORBIDDEN = "Access denied. Data Health is for moderators and administrators.";
/** The section of the page each kind of item is listed in (the anchor a dismissal returns to). */
export const SECTION_OF: Record<HealthKind, string> = {
  "ended-term": "seats",
  incoming: "incoming",
  unconfirmed: "values",
  photo: "photos",
  "source-warning": "warnings",
};

/**
 * The page's gate: signed-out visitors go to sign-in (with the staff pages' toast); a signed-in
 * role without the permission gets a 403 with a message rather than a redirect, since nothing on
 * the page is theirs to see (decision 0002).
 */
async function requireDataHealth(request: Request, permission: Permission): Promise<PermittedUser> {
  const user = await getUser(request);
  if (!user) return requirePermission(request, permission, DENIED.dashboard);
  if (!isRole(user.role) || !can(user.role, permission)) throw data({ message: DATA_HEALTH_FORBIDDEN }, { status: 403 });
  return { ...user, role: user.role };
}

const pageNumber = (name: string) =>
  z
    .string(`${name} must be a positive whole number.`)
    .regex(/^[1-9][0-9]{0,5}$/, `${name} must be a positive whole number.`)
    .transform(Number);
const KindSchema = z.enum(HEALTH_KINDS, `kind must be one of ${HEALTH_KINDS.join(", ")}.`);
const KeySchema = z.string("The item's key is missing.").min(1, "The item's key is missing.").max(300, "The item's key is too long.");

const QuerySchema = z.object({
  page: pageNumber("page").optional(),
  photos: pageNumber("photos").optional(),
  dismiss: z
    .string()
    .max(320, "dismiss must be a kind and a key, such as ended-term:OH/sen/3.")
    .regex(/^[a-z-]+:.+$/, "dismiss must be a kind and a key, such as ended-term:OH/sen/3.")
    .optional(),
});

/** The item ?dismiss= names, or a 400 (malformed) or 404 (no such item now). */
async function dismissing(now: Date, value: string | undefined) {
  if (!value) return null;
  const split = value.indexOf(":");
  const kind = KindSchema.safeParse(value.slice(0, split));
  if (!kind.success) throw data({ message: kind.error.issues[0].message }, { status: 400 });
  const item = await findHealthItem(db, now, kind.data, value.slice(split + 1));
  if (!item) throw data({ message: "No item of the Data Health list has this key: it may have been resolved." }, { status: 404 });
  return item;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDataHealth(request, "page:data-health");
  const query = parseQuery(request.url, QuerySchema);
  const now = new Date();
  const pages = { values: query.page ?? 1, photos: query.photos ?? 1 };
  const health = await dataHealth(db, now, pages);
  const recent = await recentDismissals(db);
  const dismiss = can(user.role, "data-health:dismiss") ? await dismissing(now, query.dismiss) : null;
  return {
    health,
    recent,
    dismiss,
    sections: SECTION_OF,
    allowed: { dismiss: can(user.role, "data-health:dismiss"), runs: can(user.role, "scheduled-jobs:view") },
  };
}

const DismissSchema = z.object({
  intent: z.literal("dismiss", "Unknown action."),
  kind: KindSchema,
  key: KeySchema,
  value: z.string("The item's value is missing.").max(400, "The item's value is too long."),
  note: z
    .string("Write a note: why does this item need no action?")
    .trim()
    .min(1, "Write a note: why does this item need no action?")
    .max(1000, "The note may be at most 1,000 characters."),
  page: pageNumber("page").optional(),
  photos: pageNumber("photos").optional(),
});

export type DismissFailure = { message: string; note: string };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireDataHealth(request, "data-health:dismiss");
  const form = await readFormData(request);
  const fields = Object.fromEntries(
    ["intent", "kind", "key", "value", "note", "page", "photos"].flatMap((name) => {
      const value = form.get(name);
      return typeof value === "string" && (value !== "" || name === "value" || name === "note") ? [[name, value]] : [];
    }),
  );
  const note = typeof fields.note === "string" ? fields.note.slice(0, 1000) : "";
  const fail = (status: number, message: string) => data<DismissFailure>({ message, note }, { status });
  if (fields.intent !== "dismiss") return fail(400, "Unknown action.");
  const parsed = DismissSchema.safeParse(fields);
  if (!parsed.success) return fail(400, parsed.error.issues[0].message);
  const { page, photos, ...input } = parsed.data;
  let outcome;
  try {
    outcome = await dismissHealthItem(db, new Date(), user, input);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return fail(error.status, error.message);
  }
  const back = new URLSearchParams();
  if (page && page > 1) back.set("page", String(page));
  if (photos && photos > 1) back.set("photos", String(photos));
  const url = `${DATA_HEALTH_PATH}${back.size ? `?${back}` : ""}#${SECTION_OF[input.kind]}`;
  return redirectWithToast(url, {
    title: outcome.created ? "Item dismissed" : "Item already dismissed",
    description: outcome.item.label,
  });
}
