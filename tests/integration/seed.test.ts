// The shipped data, loaded by the seed into a real SQLite file.
import { describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { loadReferenceData, readShippedData } from "~/models/reference-data.server";

describe("seeded public data", () => {
  test("56 jurisdictions, 100 senators (98 serving), 437 House members and 50 governors; six former members, inactive", async () => {
    expect(await db.state.count()).toBe(56);
    expect(await db.state.count({ where: { type: "territory" } })).toBe(5);
    expect(await db.state.count({ where: { type: "district" } })).toBe(1);
    expect(await db.official.count({ where: { office: "Senator" } })).toBe(100);
    expect(await db.official.count({ where: { office: "Representative", isActive: true } })).toBe(437);
    // The members whose seats the snapshot shows vacant, from the historical file, and the two appointed
    // senators whose terms ended with the special elections of Nov 3, 2026 (the day the tests' seed
    // takes as today is after it): every term ended.
    expect(await db.official.count({ where: { office: "Senator", isActive: true } })).toBe(98);
    const former = await db.official.findMany({
      where: { isActive: false },
      select: { bioguideId: true, officeTerms: { where: { isCurrent: true }, select: { id: true } } },
      orderBy: { bioguideId: "asc" },
    });
    expect(former).toEqual(
      ["C001127", "G000594", "H001104", "M001244", "S001157", "S001193"].map((bioguideId) => ({ bioguideId, officeTerms: [] })),
    );
    expect(await db.official.count({ where: { office: "Governor" } })).toBe(50);
    const ca = await db.state.findUniqueOrThrow({ where: { abbreviation: "CA" } });
    expect(ca).toMatchObject({ population: 39538223, electoralVotes: 54, houseSeats: 52 });
  });

  test("every official has provenance for its name and the source's URL", async () => {
    const officials = await db.official.findMany({ select: { id: true, office: true } });
    const named = await db.provenance.findMany({ where: { entityType: "official", fieldName: "name" } });
    expect(new Set(named.map((p) => p.entityId))).toEqual(new Set(officials.map((o) => o.id)));
    const cantwell = await db.official.findUniqueOrThrow({ where: { bioguideId: "C000127" } });
    const phone = await db.provenance.findUniqueOrThrow({
      where: { entityType_entityId_fieldName: { entityType: "official", entityId: cantwell.id, fieldName: "phone" } },
    });
    expect(phone).toMatchObject({
      sourceName: "congress-legislators",
      sourceUrl: "https://unitedstates.github.io/congress-legislators/legislators-current.json",
      method: "import",
    });
    expect(phone.retrievedAt.toISOString().slice(0, 10)).toBe("2026-06-15");
    const statesWithPopulationSource = await db.provenance.count({ where: { entityType: "state", fieldName: "population" } });
    expect(statesWithPopulationSource).toBe(56);
  });

  test("related rows: terms, district offices, committee assignments, governors' details", async () => {
    const cantwell = await db.official.findUniqueOrThrow({
      where: { bioguideId: "C000127" },
      include: { officeTerms: true, districtOffices: true, committeeAssignments: { include: { committee: true } } },
    });
    expect(cantwell.officeTerms.filter((t) => t.isCurrent)).toHaveLength(1);
    expect(cantwell.officeTerms.length).toBe(6);
    expect(cantwell.districtOffices.length).toBeGreaterThan(0);
    expect(cantwell.committeeAssignments.some((a) => a.committee.name.includes("Commerce"))).toBe(true);

    const wa = await db.state.findUniqueOrThrow({ where: { abbreviation: "WA" } });
    const governor = await db.official.findFirstOrThrow({ where: { stateId: wa.id, office: "Governor" } });
    expect(governor.party).toBe("Democratic");
    expect(governor.photoUrl).toMatch(/^https:\/\//);
  });

  test("each state's derived facts (party control, the governor's party, the political leaning) follow from its officials", async () => {
    const facts = await db.state.findMany({
      where: { abbreviation: { in: ["TX", "ME", "PR", "VT"] } },
      select: { abbreviation: true, partyControl: true, governorParty: true, politicalLeaning: true },
      orderBy: { abbreviation: "asc" },
    });
    expect(facts).toEqual([
      { abbreviation: "ME", partyControl: "Split", governorParty: "Democratic", politicalLeaning: "Democratic" },
      { abbreviation: "PR", partyControl: "Democratic", governorParty: null, politicalLeaning: "Democratic" },
      { abbreviation: "TX", partyControl: "Republican", governorParty: "Republican", politicalLeaning: "Republican" },
      { abbreviation: "VT", partyControl: "Democratic", governorParty: "Republican", politicalLeaning: "Democratic" },
    ]);
  });

  test("loading the same data again changes nothing and duplicates nothing", async () => {
    const snapshot = async () => ({
      states: await db.state.findMany({ orderBy: { id: "asc" } }),
      officials: await db.official.count(),
      latestOfficialUpdate: await db.official.aggregate({ _max: { updatedAt: true } }),
      provenance: await db.provenance.count(),
      terms: await db.officialTerm.count(),
      assignments: await db.committeeAssignment.count(),
    });
    const before = await snapshot();
    const summary = await loadReferenceData(db, readShippedData());
    expect(summary).toEqual({ states: 0, stateWebsites: 0, officials: 0, governors: 0, committees: 0, provenance: 0, derivedUpdates: 0 });
    expect(await snapshot()).toEqual(before);
  });

  test("once officials exist the seed leaves them to the imports and staff: a removed or deactivated official stays so", async () => {
    const [removed, deactivated] = await db.official.findMany({ where: { office: "Representative" }, take: 2, orderBy: { id: "asc" } });
    await db.official.delete({ where: { id: removed.id } });
    await db.official.update({ where: { id: deactivated.id }, data: { isActive: false } });
    const summary = await loadReferenceData(db, readShippedData());
    expect(summary).toMatchObject({ officials: 0, governors: 0 });
    expect(await db.official.count({ where: { bioguideId: removed.bioguideId } })).toBe(0);
    expect((await db.official.findUniqueOrThrow({ where: { id: deactivated.id } })).isActive).toBe(false);
  });

  test("seeded governors carry their openstates person id where the shipped record names its file", async () => {
    const governors = await db.official.findMany({ where: { office: "Governor" }, select: { openstatesId: true, state: true } });
    const withoutId = governors.filter((g) => !g.openstatesId).map((g) => g.state.abbreviation);
    // NJ and VA: no openstates record of the new governors (prisma/data/SOURCES.md).
    expect(withoutId.sort()).toEqual(["NJ", "VA"]);
    const wa = await db.official.findFirstOrThrow({
      where: { office: "Governor", state: { abbreviation: "WA" } },
      include: { officeTerms: true },
    });
    // The term ends where the cited file's governor role ends (governors.json roleEnd), as the import has it.
    expect(wa.officeTerms).toMatchObject([{ type: "gov", isCurrent: true, end: "2028-12-30" }]);
  });

  test("every state, DC and territory but the Northern Mariana Islands has its official website, with its source", async () => {
    const states = await db.state.findMany({ select: { id: true, abbreviation: true, officialWebsite: true } });
    expect(states.filter((s) => !s.officialWebsite).map((s) => s.abbreviation)).toEqual(["MP"]);
    expect(states.find((s) => s.abbreviation === "TX")?.officialWebsite).toBe("https://texas.gov/");
    for (const s of states.filter((s) => s.officialWebsite)) expect(s.officialWebsite).toMatch(/^https:\/\/[a-z]+\.gov\/$/);
    const sourced = await db.provenance.findMany({ where: { entityType: "state", fieldName: "officialWebsite" } });
    expect(sourced).toHaveLength(55);
    expect(sourced[0]).toMatchObject({ sourceName: "CISA .gov domain registry", method: "import" });
  });

  test("an already-seeded database gets the websites it lacks, and a staff edit (even to empty) stays", async () => {
    const [vt, wa] = await Promise.all(["VT", "WA"].map((abbreviation) => db.state.findUniqueOrThrow({ where: { abbreviation } })));
    // VT as a database seeded before the websites shipped; WA emptied by staff.
    await db.provenance.deleteMany({ where: { entityType: "state", entityId: vt.id, fieldName: "officialWebsite" } });
    await db.state.update({ where: { id: vt.id }, data: { officialWebsite: null } });
    await db.state.update({ where: { id: wa.id }, data: { officialWebsite: null } });
    await db.provenance.update({
      where: { entityType_entityId_fieldName: { entityType: "state", entityId: wa.id, fieldName: "officialWebsite" } },
      data: { method: "staff_edit", sourceName: "Staff edit", sourceUrl: null },
    });
    const summary = await loadReferenceData(db, readShippedData());
    expect(summary).toMatchObject({ states: 0, stateWebsites: 1 });
    expect((await db.state.findUniqueOrThrow({ where: { id: vt.id } })).officialWebsite).toBe("https://vermont.gov/");
    expect((await db.state.findUniqueOrThrow({ where: { id: wa.id } })).officialWebsite).toBeNull();
  });

  test("demo accounts exist outside production, one per role, with hashed passwords", async () => {
    const users = await db.user.findMany({ select: { role: true, email: true, password: { select: { hash: true } } } });
    expect(users.map((u) => u.role).sort()).toEqual(["admin", "moderator", "owner", "user"]);
    for (const u of users) expect(u.password?.hash).toMatch(/^\$argon2id\$/);
  });
});
