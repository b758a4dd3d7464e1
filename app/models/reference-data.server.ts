// Loads the shipped public data (states, members of Congress, governors, committees) into the
// database with provenance for every value. Idempotent: rows that exist are left alone (the
// import jobs and staff edits own them after the first load), so a second run writes nothing.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import {
  CONGRESS_LEGISLATORS_SOURCE as CL,
  flattenCommittees,
  districtOfficeRow,
  legislatorTerms,
  legislatorToOfficial,
  type CommitteeMembership,
  type CommitteeSource,
  type Legislator,
  type LegislatorOffices,
  type LegislatorSocial,
} from "~/lib/congress-legislators";
import { GOVERNORS_SOURCE_NAME, governorToOfficial, type GovernorSource } from "~/lib/governors-source";
import { governorParty, partyControl, politicalLeaning } from "~/lib/political-leaning";

export type StateSource = {
  name: string;
  abbreviation: string;
  fips: string;
  population: number;
  populationSource: string;
  electoralVotes: number;
  type: "state" | "district" | "territory";
  houseSeats: number;
};

export type ReferenceData = {
  states: StateSource[];
  legislators: Legislator[];
  social: LegislatorSocial[];
  offices: LegislatorOffices[];
  committees: CommitteeSource[];
  membership: CommitteeMembership;
  governors: GovernorSource[];
  /** When the congress-legislators snapshot was taken (its commit date). */
  congressRetrievedAt: Date;
};

/** The data the app ships with, from prisma/data (sources in prisma/data/SOURCES.md). */
export function readShippedData(dir = "prisma/data"): ReferenceData {
  const read = (file: string) => JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  return {
    states: read("states.json"),
    governors: read("governors.json"),
    legislators: read("congress-legislators/legislators-current.json"),
    social: read("congress-legislators/legislators-social-media.json"),
    offices: read("congress-legislators/legislators-district-offices.json"),
    committees: read("congress-legislators/committees-current.json"),
    membership: read("congress-legislators/committee-membership-current.json"),
    // The congress-legislators snapshot's commit date (prisma/data/congress-legislators/README.md).
    congressRetrievedAt: new Date("2026-06-15"),
  };
}

type ProvenanceRow = {
  entityType: "official" | "state";
  entityId: number;
  fieldName: string;
  sourceName: string;
  sourceUrl: string | null;
  method: "import";
  retrievedAt: Date;
  verifiedAt: Date;
};

// Fields that are not values from a source (keys and bookkeeping).
const NOT_PROVENANCED = new Set(["stateAbbreviation", "isActive"]);

function provenanceFor(
  entityType: ProvenanceRow["entityType"],
  entityId: number,
  values: Record<string, unknown>,
  source: { name: string; url: string | null; retrievedAt: Date; fieldUrls?: Record<string, string> },
): ProvenanceRow[] {
  return Object.entries(values)
    .filter(([field, value]) => value !== null && value !== undefined && !NOT_PROVENANCED.has(field))
    .map(([fieldName]) => ({
      entityType,
      entityId,
      fieldName,
      sourceName: source.name,
      sourceUrl: source.fieldUrls?.[fieldName] ?? source.url,
      method: "import",
      retrievedAt: source.retrievedAt,
      verifiedAt: source.retrievedAt,
    }));
}

const CENSUS_APPORTIONMENT_URL = "https://www2.census.gov/programs-surveys/decennial/2020/data/apportionment/apportionment.csv";
const CENSUS_ISLAND_AREAS_URL =
  "https://www.census.gov/library/stories/2021/10/first-2020-census-united-states-island-areas-data-released-today.html";
const SOCIAL_FIELDS = ["xProfileUrl", "facebookUrl", "instagramUrl", "youtubeUrl", "mastodonUrl"];

export async function loadReferenceData(db: Db, data: ReferenceData) {
  const summary = { states: 0, officials: 0, governors: 0, committees: 0, provenance: 0, derivedUpdates: 0 };

  await db.$transaction(
    async (tx) => {
      const provenance: ProvenanceRow[] = [];

      // States, DC and territories.
      const existingStates = new Set((await tx.state.findMany({ select: { abbreviation: true } })).map((s) => s.abbreviation));
      for (const s of data.states.filter((s) => !existingStates.has(s.abbreviation))) {
        const islandArea = s.type === "territory" && s.abbreviation !== "PR";
        const values = {
          name: s.name,
          abbreviation: s.abbreviation,
          fips: s.fips,
          type: s.type,
          population: s.population,
          populationSource: s.populationSource,
          electoralVotes: s.electoralVotes,
          houseSeats: s.houseSeats,
        };
        const created = await tx.state.create({ data: values, select: { id: true } });
        summary.states++;
        provenance.push(
          ...provenanceFor("state", created.id, values, {
            name: "U.S. Census Bureau, 2020 Census",
            url: islandArea ? CENSUS_ISLAND_AREAS_URL : CENSUS_APPORTIONMENT_URL,
            retrievedAt: new Date(islandArea ? "2021-10-28" : "2024-01-13"),
          }),
        );
      }
      const stateIds = new Map((await tx.state.findMany({ select: { id: true, abbreviation: true } })).map((s) => [s.abbreviation, s.id]));

      // Committees, parents before subcommittees.
      const existingCommittees = new Set((await tx.committee.findMany({ select: { id: true } })).map((c) => c.id));
      const newCommittees = flattenCommittees(data.committees).filter((c) => !existingCommittees.has(c.id));
      if (newCommittees.length) {
        await tx.committee.createMany({ data: newCommittees.filter((c) => !c.parentId) });
        await tx.committee.createMany({ data: newCommittees.filter((c) => c.parentId) });
        summary.committees = newCommittees.length;
      }
      const committeeNames = new Map(
        (await tx.committee.findMany({ select: { id: true, name: true, parentId: true } })).map((c) => [c.id, c]),
      );

      // Members of Congress.
      const socialByBioguide = new Map(data.social.map((s) => [s.id.bioguide, s.social]));
      const officesByBioguide = new Map(data.offices.map((o) => [o.id.bioguide, o.offices]));
      const assignmentsByBioguide = new Map<
        string,
        { committeeId: string; side: string | null; rank: number | null; title: string | null }[]
      >();
      for (const [committeeId, members] of Object.entries(data.membership)) {
        if (!committeeNames.has(committeeId)) continue;
        for (const m of members) {
          const list = assignmentsByBioguide.get(m.bioguide) ?? [];
          list.push({ committeeId, side: m.party ?? null, rank: m.rank ?? null, title: m.title ?? null });
          assignmentsByBioguide.set(m.bioguide, list);
        }
      }
      const existingBioguide = new Set(
        (await tx.official.findMany({ where: { bioguideId: { not: null } }, select: { bioguideId: true } })).map((o) => o.bioguideId),
      );
      for (const legislator of data.legislators.filter((l) => !existingBioguide.has(l.id.bioguide))) {
        const { stateAbbreviation, ...values } = legislatorToOfficial(legislator, socialByBioguide.get(legislator.id.bioguide));
        const stateId = stateIds.get(stateAbbreviation);
        if (!stateId) throw new Error(`Unknown state ${stateAbbreviation} for ${legislator.id.bioguide}`);
        const assignments = assignmentsByBioguide.get(legislator.id.bioguide) ?? [];
        const topLevel = assignments.filter((a) => !committeeNames.get(a.committeeId)?.parentId);
        const key = topLevel.find((a) => a.title) ?? topLevel[0];
        const committeeValues = {
          committee: key ? committeeNames.get(key.committeeId)!.name : null,
          committees: topLevel.length ? topLevel.map((a) => committeeNames.get(a.committeeId)!.name).join("\n") : null,
        };
        const offices = officesByBioguide.get(legislator.id.bioguide) ?? [];
        const created = await tx.official.create({
          data: {
            ...values,
            ...committeeValues,
            fecIds: values.fecIds ?? undefined,
            stateId,
            officeTerms: { createMany: { data: legislatorTerms(legislator) } },
            districtOffices: {
              createMany: {
                data: offices.map(districtOfficeRow),
              },
            },
            committeeAssignments: { createMany: { data: assignments } },
          },
          select: { id: true },
        });
        summary.officials++;
        provenance.push(
          ...provenanceFor(
            "official",
            created.id,
            {
              ...values,
              ...committeeValues,
              officeTerms: true,
              districtOffices: offices.length ? true : null,
              committeeAssignments: assignments.length ? true : null,
            },
            {
              name: CL.name,
              url: CL.legislatorsUrl,
              retrievedAt: data.congressRetrievedAt,
              fieldUrls: {
                ...Object.fromEntries(SOCIAL_FIELDS.map((f) => [f, CL.socialUrl])),
                districtOffices: CL.officesUrl,
                committee: CL.membershipUrl,
                committees: CL.membershipUrl,
                committeeAssignments: CL.membershipUrl,
              },
            },
          ),
        );
      }

      // Governors, one per state.
      const statesWithGovernor = new Set(
        (await tx.official.findMany({ where: { office: "Governor" }, select: { stateId: true } })).map((o) => o.stateId),
      );
      for (const g of data.governors) {
        const stateId = stateIds.get(g.state);
        if (!stateId) throw new Error(`Unknown state ${g.state} for governor ${g.name}`);
        if (statesWithGovernor.has(stateId)) continue;
        const { stateAbbreviation: _, ...values } = governorToOfficial(g);
        const created = await tx.official.create({
          data: {
            ...values,
            stateId,
            officeTerms: {
              create: {
                type: "gov",
                start: g.termStart,
                state: g.state,
                party: values.party,
                url: g.website,
                phone: g.phone,
                isCurrent: true,
              },
            },
          },
          select: { id: true },
        });
        summary.governors++;
        provenance.push(
          ...provenanceFor(
            "official",
            created.id,
            { ...values, officeTerms: true },
            {
              name: GOVERNORS_SOURCE_NAME,
              url: g.sources[0] ?? null,
              retrievedAt: new Date(g.asOf),
            },
          ),
        );
      }

      if (provenance.length) {
        await tx.provenance.createMany({ data: provenance });
        summary.provenance = provenance.length;
      }

      summary.derivedUpdates = await refreshDerivedStateFacts(tx as unknown as Db);
    },
    { timeout: 120_000 },
  );
  return summary;
}

/** Recomputes partyControl, governorParty and politicalLeaning (of the given states, else all); writes only states that change. */
export async function refreshDerivedStateFacts(db: Prisma.TransactionClient, stateIds?: number[]): Promise<number> {
  const states = await db.state.findMany({
    where: stateIds ? { id: { in: stateIds } } : undefined,
    select: {
      id: true,
      partyControl: true,
      governorParty: true,
      politicalLeaning: true,
      officials: { where: { isActive: true }, select: { office: true, party: true } },
    },
  });
  let updated = 0;
  for (const s of states) {
    const next = {
      partyControl: partyControl(s.officials),
      governorParty: governorParty(s.officials),
      politicalLeaning: politicalLeaning(s.officials),
    };
    if (next.partyControl !== s.partyControl || next.governorParty !== s.governorParty || next.politicalLeaning !== s.politicalLeaning) {
      await db.state.update({ where: { id: s.id }, data: next });
      updated++;
    }
  }
  return updated;
}
