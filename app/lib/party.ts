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

export const PARTY_COLORS = {
  Democratic: "#3b82f6",
  Republican: "#ef4444",
  Independent: "#8b5cf6",
  none: "#9ca3af",
} as const;
