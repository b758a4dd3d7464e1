// Maps the shipped governors.json (openstates/people, CC0, plus the reviewed overrides noted
// in prisma/data/SOURCES.md) to the Official shape. Pure.
import { normalizeParty } from "~/lib/party";

export type GovernorSource = {
  state: string;
  name: string;
  firstName: string;
  lastName: string;
  party: string;
  termStart: string;
  website: string | null;
  photoUrl: string | null;
  phone: string | null;
  address: string | null;
  contactFormUrl: string | null;
  xProfileUrl: string | null;
  sources: string[];
  asOf: string;
};

export const GOVERNORS_SOURCE_NAME = "openstates/people";

export function governorToOfficial(g: GovernorSource) {
  return {
    name: g.name,
    firstName: g.firstName,
    lastName: g.lastName,
    party: normalizeParty(g.party),
    office: "Governor",
    stateAbbreviation: g.state,
    isActive: true,
    phone: g.phone,
    website: g.website,
    contactFormUrl: g.contactFormUrl,
    // The source separates address parts with "; ".
    officeAddress: g.address
      ? g.address
          .split(";")
          .map((p) => p.trim())
          .filter(Boolean)
          .join(", ")
      : null,
    photoUrl: g.photoUrl,
    xProfileUrl: g.xProfileUrl,
    tenure: `Since ${g.termStart.slice(0, 4)}`,
  };
}
