// Map colouring and list letters (spec 1 §4, §9).
import { PARTY_COLORS } from "~/lib/party";

export type Position = "Democratic" | "Republican" | "Independent" | "Split" | null;

export function partyColor(party: string | null | undefined): string {
  if (party === "Democratic") return PARTY_COLORS.Democratic;
  if (party === "Republican") return PARTY_COLORS.Republican;
  if (party === "Independent") return PARTY_COLORS.Independent;
  return PARTY_COLORS.none;
}

/** A topic greys every state; otherwise the position for the chosen group, else party control. */
export function stateColor(args: { topic: string | null; position: Position | undefined; partyControl: string | null }): string {
  if (args.topic) return PARTY_COLORS.none;
  return partyColor(args.position !== undefined ? args.position : args.partyControl);
}

/** The coloured letter on a list tile: D, R, I; N/A for territories under senators or governors; a dash for no data. */
export function listLetter(args: {
  type: string;
  group: string | null;
  topic: string | null;
  position: Position | undefined;
  partyControl: string | null;
}): string {
  if (args.topic) return "–";
  if (args.type === "territory" && (args.group === "senators" || args.group === "governors")) return "N/A";
  const party = args.position !== undefined ? args.position : args.partyControl;
  if (party === "Democratic") return "D";
  if (party === "Republican") return "R";
  if (party === "Independent") return "I";
  return "–";
}
