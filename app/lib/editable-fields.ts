// The fields of states and officials that data updates may change, with their labels.
// Kept apart from the Zod schemas in staff-edits.ts so public pages (the change history's labels)
// can use them without loading zod in the browser (decision 0025).
export type EntityType = "official" | "state";

type FieldDefinition = { label: string; kind?: "int"; staffOnly?: true };

/** Every state field a data update may change. */
export const STATE_FIELDS = {
  name: { label: "State name" },
  abbreviation: { label: "Abbreviation" },
  partyControl: { label: "Party control" },
  governorParty: { label: "Governor party" },
  population: { label: "Population", kind: "int" },
  electoralVotes: { label: "Electoral votes", kind: "int" },
  officialWebsite: { label: "Official website" },
  notes: { label: "Notes", staffOnly: true },
} as const satisfies Record<string, FieldDefinition>;

/** Every official field a data update may change. `name` follows first and last name edits. */
export const OFFICIAL_FIELDS = {
  name: { label: "Name" },
  firstName: { label: "First name" },
  lastName: { label: "Last name" },
  dateOfBirth: { label: "Date of birth" },
  gender: { label: "Gender" },
  religion: { label: "Religion" },
  office: { label: "Office" },
  party: { label: "Party" },
  district: { label: "District" },
  photoUrl: { label: "Photo URL" },
  biography: { label: "Biography" },
  email: { label: "Email" },
  phone: { label: "Phone" },
  website: { label: "Official website" },
  xProfileUrl: { label: "X profile URL" },
  officeAddress: { label: "Office address" },
  // Filled by the contact crawler's suggestions (no form field of their own).
  contactFormUrl: { label: "Contact form URL" },
  facebookUrl: { label: "Facebook URL" },
  instagramUrl: { label: "Instagram URL" },
  youtubeUrl: { label: "YouTube URL" },
  bioguideId: { label: "Bioguide ID" },
  govtrackId: { label: "GovTrack ID" },
  opensecretId: { label: "OpenSecrets ID" },
  fecId: { label: "FEC ID" },
  votesmartId: { label: "Vote Smart ID" },
  ballotpediaSlug: { label: "Ballotpedia slug" },
  icpsrId: { label: "ICPSR ID" },
  wikipediaSlug: { label: "Wikipedia slug" },
  washingtonPostSlug: { label: "Washington Post slug" },
  terms: { label: "Terms" },
  leadership: { label: "Leadership positions" },
  committees: { label: "Committee assignments" },
  notes: { label: "Administrative notes", staffOnly: true },
} as const satisfies Record<string, FieldDefinition>;

export const EDITABLE_FIELDS: Record<EntityType, Record<string, FieldDefinition>> = { state: STATE_FIELDS, official: OFFICIAL_FIELDS };

/** Changes staff make that are not a column of their own: an incoming official's term (a row of its own). */
const RECORD_LABELS: Record<string, string> = { incomingTerm: "Incoming term" };

export const fieldLabel = (entityType: EntityType, fieldName: string) =>
  EDITABLE_FIELDS[entityType][fieldName]?.label ?? RECORD_LABELS[fieldName] ?? fieldName;
