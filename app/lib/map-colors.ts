// What the map says about each state: one computation gives the colour, the
// tooltip's words, the summary card's row and the list tile's letter, so they cannot disagree.
import { PARTY_COLORS } from "~/lib/party";

export type Position = "Democratic" | "Republican" | "Independent" | "Split" | null;
export type MapGroup = "all" | "governors" | "senators" | "representatives" | null;

export type MapStanding = {
  /** What the colour shows, e.g. "Party control (all officials)". */
  heading: string;
  /** Its value in words: a party, "Split", "No data", "Not applicable" or "No data yet". */
  label: string;
  color: string;
  /** The coloured letter of a list tile: D, R, I, N/A or a dash. */
  letter: string;
};

const HEADINGS: Record<Exclude<MapGroup, null>, string> = {
  all: "Party control (all officials)",
  governors: "Party control (governor)",
  senators: "Party control (senators)",
  representatives: "Party control (House representatives)",
};
const LETTERS: Record<string, string> = { Democratic: "D", Republican: "R", Independent: "I" };

export function partyColor(party: string | null | undefined): string {
  if (party === "Democratic") return PARTY_COLORS.Democratic;
  if (party === "Republican") return PARTY_COLORS.Republican;
  if (party === "Independent") return PARTY_COLORS.Independent;
  return PARTY_COLORS.none;
}

/**
 * A topic greys every state. Otherwise the colour is the majority party among the state's
 * officials of the chosen group (its position), or its Congress delegation's party control when
 * no group applies. Territories send no senators and have no governor data: not applicable.
 */
export function mapStanding(args: {
  type: string;
  group: MapGroup;
  topic: string | null;
  position: Position | undefined;
  partyControl: string | null;
}): MapStanding {
  if (args.topic) return { heading: "Topic overlay", label: "No data yet", color: PARTY_COLORS.none, letter: "–" };
  const heading = args.group ? HEADINGS[args.group] : "Party control (Congress delegation)";
  if (args.type === "territory" && (args.group === "senators" || args.group === "governors")) {
    return { heading, label: "Not applicable", color: PARTY_COLORS.none, letter: "N/A" };
  }
  const party = args.position !== undefined ? args.position : args.partyControl;
  return { heading, label: party ?? "No data", color: partyColor(party), letter: (party && LETTERS[party]) ?? "–" };
}
