// The staff views of the contact messages: the list's filters and their labels.
export const MESSAGE_FILTERS = ["all", "unhandled", "unsent"] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];
export const FILTER_LABELS: Record<MessageFilter, string> = { all: "All", unhandled: "Unhandled", unsent: "Not delivered" };
