// A contact message's delivery status and whether staff handled it, and its category's label.
import { Badge, StatusBadge, type StatusLook } from "~/components/badge";
import { CATEGORY_LABELS } from "~/lib/contact";

export const categoryLabel = (category: string | null) =>
  category && category in CATEGORY_LABELS ? CATEGORY_LABELS[category as keyof typeof CATEGORY_LABELS] : "General";

const STATUS: Record<string, StatusLook> = {
  sent: { label: "Sent", tone: "good" },
  failed: { label: "Failed", tone: "bad" },
  received: { label: "Not sent", tone: "warn" },
};

const deliveryLook = (status: string): StatusLook => STATUS[status] ?? { label: status, tone: "neutral" };

export function MessageStatus({ status, handled }: { status: string; handled: boolean }) {
  return (
    <span className="flex flex-wrap gap-1">
      <StatusBadge status={status} look={deliveryLook} />
      {handled ? <Badge tone="good">Handled</Badge> : <Badge>Unhandled</Badge>}
    </span>
  );
}
