// The Data Management section's tabs: their addresses (/admin/data-management/<tab>), who sees
// each, and the query every tab reads. Shared by the layout, the tab routes and their components.
import { can } from "~/auth/permissions";
import { z } from "~/lib/zod";
import { IdParam } from "~/lib/route-params";

export const PATH = "/admin/data-management";
export const TAB_IDS = ["states", "representatives", "pending", "submitted", "missing"] as const;
export type Tab = (typeof TAB_IDS)[number];
export const TAB_LABELS: Record<Tab, string> = {
  states: "States",
  representatives: "Representatives",
  pending: "Pending Updates",
  submitted: "Submitted Updates",
  missing: "Missing Data",
};
type Role = Parameters<typeof can>[0];
/** Who sees each tab: pending for admins, submitted for moderators who are not admins. */
const TAB_RULES: Record<Tab, (role: Role) => boolean> = {
  states: () => true,
  representatives: () => true,
  pending: (role) => can(role, "data-updates:approve"),
  submitted: (role) => can(role, "data-updates:create") && !can(role, "data-updates:approve"),
  missing: (role) => can(role, "missing-data:view"),
};

/** The tab shown: the one asked for if the viewer may see it; pending and submitted fall back to the viewer's default. */
export function tabFor(role: Role, asked: Tab | undefined) {
  const visible = TAB_IDS.filter((t) => TAB_RULES[t](role));
  const fallback: Tab = visible.includes("pending") ? "pending" : visible.includes("submitted") ? "submitted" : "states";
  if (!asked) return { tab: fallback, visible };
  if ((asked === "pending" || asked === "submitted") && !visible.includes(asked)) return { tab: fallback, visible };
  return { tab: asked, visible };
}

/** The query parameters the tabs read; one schema, so a bad value is the same 400 on every tab. */
export const QuerySchema = z.object({
  q: z.string().max(200, "The search may be at most 200 characters.").optional(),
  party: z.string().max(50, "Choose a party from the list.").optional(),
  state: z.string().max(50, "Choose a state from the list.").optional(),
  history: z.string().optional(),
  submitter: z.string().max(100, "Choose a submitter from the list.").optional(),
  reject: z.enum(["selected", "all"], "reject must be selected or all.").optional(),
  update: IdParam.optional(),
});

/** The pre-tab-route address's ?tab=, read only to redirect to the tab's own address. */
export const LegacyQuerySchema = QuerySchema.extend({
  tab: z.enum(TAB_IDS, "tab must be states, representatives, pending, submitted or missing.").optional(),
});

/** A tab's URL with these query parameters (empty values left out). */
export function tabUrl(tab: Tab, params: Record<string, string | number | undefined | (string | number)[]> = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined && v !== "") search.append(key, String(v));
  return search.size ? `${PATH}/${tab}?${search}` : `${PATH}/${tab}`;
}
