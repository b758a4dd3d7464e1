import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  formatDistrict,
  legislatorTerms,
  legislatorToOfficial,
  presentTerm,
  serviceStart,
  summarizeTerms,
  type Legislator,
  type LegislatorSocial,
} from "./congress-legislators";

const legislators: Legislator[] = JSON.parse(readFileSync("prisma/data/congress-legislators/legislators-current.json", "utf8"));
const social: LegislatorSocial[] = JSON.parse(readFileSync("prisma/data/congress-legislators/legislators-social-media.json", "utf8"));
const byId = (bioguide: string) => legislators.find((l) => l.id.bioguide === bioguide)!;
const socialOf = (bioguide: string) => social.find((s) => s.id.bioguide === bioguide)?.social;
const AT = new Date("2026-06-16T12:00:00Z");

describe("the term a record describes", () => {
  // A House member elected to the Senate, as a file that already lists the next Congress has them.
  const banks: Legislator = {
    id: { bioguide: "B001299" },
    name: { first: "Jim", last: "Banks" },
    terms: [
      { type: "rep", start: "2023-01-03", end: "2025-01-03", state: "IN", district: 3, party: "Republican" },
      { type: "sen", start: "2025-01-03", end: "2031-01-03", state: "IN", class: 1, party: "Republican" },
    ],
  };

  test("a member-elect's next office begins at noon Eastern on January 3, not before", () => {
    expect(presentTerm(banks.terms, new Date("2025-01-03T16:59:00Z")).type).toBe("rep");
    expect(presentTerm(banks.terms, new Date("2025-01-03T17:00:00Z")).type).toBe("sen");
    expect(legislatorToOfficial(banks, undefined, new Date("2025-01-02T12:00:00Z"))).toMatchObject({
      office: "Representative",
      district: "03",
    });
    expect(legislatorToOfficial(banks, undefined, new Date("2025-01-04T12:00:00Z"))).toMatchObject({ office: "Senator", district: null });
  });

  test("each term says whether it covers the moment, and why it ends when the source says", () => {
    const husted = byId("H001104");
    const terms = legislatorTerms(husted, new Date("2026-11-27T12:00:00Z"));
    expect(terms.at(-1)).toMatchObject({ end: "2026-11-03", endReason: "special-election", isCurrent: false });
    expect(legislatorTerms(husted, AT).at(-1)!.isCurrent).toBe(true);
  });
});

describe("legislatorToOfficial", () => {
  test("maps a senator with every id, the current term's contact details and social accounts", () => {
    const official = legislatorToOfficial(byId("C000127"), socialOf("C000127"), AT);
    expect(official).toMatchObject({
      name: "Maria Cantwell",
      firstName: "Maria",
      lastName: "Cantwell",
      party: "Democratic",
      office: "Senator",
      stateAbbreviation: "WA",
      district: null,
      phone: "202-224-3441",
      website: "https://www.cantwell.senate.gov",
      officeAddress: "511 Hart Senate Office Building Washington DC 20510",
      contactFormUrl: "https://www.cantwell.senate.gov/public/index.cfm/email-maria",
      photoUrl: "https://unitedstates.github.io/images/congress/225x275/C000127.jpg",
      dateOfBirth: "1958-10-13",
      gender: "Female",
      bioguideId: "C000127",
      govtrackId: "300018",
      opensecretId: "N00007836",
      fecId: "S8WA00194",
      fecIds: ["S8WA00194", "H2WA01054"],
      votesmartId: "27122",
      ballotpediaSlug: "Maria_Cantwell",
      icpsrId: "39310",
      lisId: "S275",
      wikidataId: "Q22250",
      tenure: "Since 2001",
    });
  });

  test("a delegate is a Representative with the at-large district; Mastodon handles become links", () => {
    const norton = legislatorToOfficial(byId("N000147"), socialOf("N000147"), AT);
    expect(norton.office).toBe("Representative");
    expect(norton.stateAbbreviation).toBe("DC");
    expect(norton.district).toBe("AL");
    expect(norton.mastodonUrl).toBe("https://mastodon.social/@CongresswomanNorton");
  });

  test("an independent keeps the Independent party", () => {
    expect(legislatorToOfficial(byId("S000033"), undefined, AT).party).toBe("Independent");
  });
});

describe("terms", () => {
  test("districts are zero-padded, 0 is at-large", () => {
    expect(formatDistrict(7)).toBe("07");
    expect(formatDistrict(12)).toBe("12");
    expect(formatDistrict(0)).toBe("AL");
    expect(formatDistrict(undefined)).toBeNull();
  });

  test("service starts at the first of the unbroken run of terms in the current chamber", () => {
    // Cantwell: House 1993–1995, then the Senate from 2001.
    expect(serviceStart(byId("C000127").terms)).toBe("2001-01-03");
  });

  test("the summary lists chambers newest first with their years", () => {
    expect(summarizeTerms(byId("C000127").terms)).toBe("U.S. Senate (WA), 2001–2031, 5 terms\nU.S. House (WA), 1993–1995, 1 term");
  });
});
