// The status of a data update or a field update, worded and coloured once for the staff pages
// that list and review them (shown with StatusBadge).
import type { StatusLook } from "~/components/badge";

const STATUS: Record<string, StatusLook> = {
  pending: { label: "Pending", tone: "warn" },
  approved: { label: "Approved", tone: "good" },
  partly_approved: { label: "Partly approved", tone: "warn" },
  rejected: { label: "Rejected", tone: "bad" },
};

/** An unknown status shows as itself, in neutral. */
export const updateStatusLook = (status: string): StatusLook => STATUS[status] ?? { label: status, tone: "neutral" };

export const updateStatusLabel = (status: string) => updateStatusLook(status).label;
