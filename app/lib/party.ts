// Party names and colours, one vocabulary for the whole product.

export const PARTIES = ["Democratic", "Republican", "Independent", "Other"] as const;
export type Party = (typeof PARTIES)[number];

/** congress-legislators says "Democrat"; openstates says "Democratic-Farmer-Labor" for MN. */
export function normalizeParty(raw: string | null | undefined): Party {
  const p = (raw ?? "").trim().toLowerCase();
  if (p.startsWith("democrat")) return "Democratic";
  if (p.startsWith("republican")) return "Republican";
  if (p.startsWith("independent")) return "Independent";
  return "Other";
}

const PARTY_BADGES: Record<string, string> = {
  Democratic: "bg-blue-700 text-white",
  Republican: "bg-red-700 text-white",
  Independent: "bg-purple-700 text-white",
};
/** A party's badge on public pages: white on the party's colour, any other party on slate. */
export const partyBadgeClass = (party: string) => PARTY_BADGES[party] ?? "bg-slate-600 text-white";

export const PARTY_COLORS = {
  Democratic: "#3b82f6",
  Republican: "#ef4444",
  Independent: "#8b5cf6",
  none: "#9ca3af",
} as const;
