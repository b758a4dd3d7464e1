// How an incoming official reads on every page that shows one under a seat's current holder (the
// state page, the home page's pane, the profile of the current holder, the ZIP answer). Pure.
import { formatDay } from "~/lib/dates";

export type Incoming = {
  officialId: number;
  name: string;
  party: string;
  office: "Governor" | "Senator" | "Representative";
  state: string;
  /** "01".."53", "AL"; null outside the House. */
  district: string | null;
  senateClass: number | null;
  /** YYYY-MM-DD: the day the term begins. */
  start: string;
};

const ELECT_TITLE: Record<Incoming["office"], string> = {
  Governor: "Governor-elect",
  Senator: "Senator-elect",
  Representative: "Representative-elect",
};

/** "Governor-elect Pat Example takes office Jan 20, 2027". */
export const incomingWords = (i: Pick<Incoming, "office" | "name" | "start">) =>
  `${ELECT_TITLE[i.office]} ${i.name} takes office ${formatDay(i.start)}`;
