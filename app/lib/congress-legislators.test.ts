import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  formatDistrict,
  legislatorToOfficial,
  serviceStart,
  summarizeTerms,
  type Legislator,
  type LegislatorSocial,
} from "./congress-legislators";

const legislators: Legislator[] = JSON.parse(readFileSync("prisma/data/congress-legislators/legislators-current.json", "utf8"));
const social: LegislatorSocial[] = JSON.parse(readFileSync("prisma/data/congress-legislators/legislators-social-media.json", "utf8"));
const byId = (bioguide: string) => legislators.find((l) => l.id.bioguide === bioguide)!;
const socialOf = (bioguide: string) => social.find((s) => s.id.bioguide === bioguide)?.social;

describe("legislatorToOfficial", () => {
  test("maps a senator with every id, the current term's contact details and social accounts", () => {
    const official = legislatorToOfficial(byId("C000127"), socialOf("C000127"));
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
    const norton = legislatorToOfficial(byId("N000147"), socialOf("N000147"));
    expect(norton.office).toBe("Representative");
    expect(norton.stateAbbreviation).toBe("DC");
    expect(norton.district).toBe("AL");
    expect(norton.mastodonUrl).toBe("https://mastodon.social/@CongresswomanNorton");
  });

  test("an independent keeps the Independent party", () => {
    expect(legislatorToOfficial(byId("S000033")).party).toBe("Independent");
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
