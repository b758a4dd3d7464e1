// A contact message's delivery status and whether staff handled it, and its category's label.
import { Badge } from "~/components/badge";
import { CATEGORY_LABELS } from "~/lib/contact";

export const categoryLabel = (category: string | null) =>
  category && category in CATEGORY_LABELS ? CATEGORY_LABELS[category as keyof typeof CATEGORY_LABELS] : "General";

const STATUS = {
  sent: { label: "Sent", tone: "good" },
  failed: { label: "Failed", tone: "bad" },
  received: { label: "Not sent", tone: "warn" },
} as const;

export function MessageStatus({ status, handled }: { status: string; handled: boolean }) {
  const shown = STATUS[status as keyof typeof STATUS] ?? { label: status, tone: "neutral" as const };
  return (
    <span className="flex flex-wrap gap-1">
      <Badge tone={shown.tone}>{shown.label}</Badge>
      {handled ? <Badge tone="good">Handled</Badge> : <Badge>Unhandled</Badge>}
    </span>
  );
}
