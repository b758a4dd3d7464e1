// The status of a data update or a field update, worded and coloured once for the staff pages
// that list and review them.
import { Badge } from "~/components/badge";

const STATUS = {
  pending: { label: "Pending", tone: "warn" },
  approved: { label: "Approved", tone: "good" },
  partly_approved: { label: "Partly approved", tone: "warn" },
  rejected: { label: "Rejected", tone: "bad" },
} as const;

export const updateStatusLabel = (status: string) => STATUS[status as keyof typeof STATUS]?.label ?? status;

export function UpdateStatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS[status as keyof typeof STATUS]?.tone ?? "neutral"}>{updateStatusLabel(status)}</Badge>;
}
