// A state named in a URL as people type it: "california", "New%20York", "new-york", "NORTH_CAROLINA".

/** The form two spellings of one state name share: lower case, words split by single spaces. */
export const stateNameKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[\s_+-]+/g, " ")
    .trim();

/** The abbreviation of the state `typed` names, among `states`; null when it names none. */
export function abbreviationOfStateName(typed: string, states: readonly { name: string; abbreviation: string }[]): string | null {
  const key = stateNameKey(typed);
  return states.find((s) => stateNameKey(s.name) === key)?.abbreviation ?? null;
}
