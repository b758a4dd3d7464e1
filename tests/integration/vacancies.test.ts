// Vacant seats and when they became vacant (issue 13 item 9), from the terms the imports record:
// this file's own copy of the database, with seats it vacates itself.
import { describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { loader as homeLoader } from "~/routes/_index";
import { districtsWithMembers } from "~/models/districts.server";
import { publicVacanciesOf, vacanciesOf, vacantSinceOf } from "~/models/states.server";
import { officialsForDistricts } from "~/models/zip-codes.server";

/** Ends a member's service as congress_import does for a member missing from the source. */
async function vacate(bioguideId: string, end: string) {
  const official = await db.official.update({ where: { bioguideId }, data: { isActive: false } });
  await db.officialTerm.updateMany({ where: { officialId: official.id, isCurrent: true }, data: { isCurrent: false, end } });
  return official;
}
const stateOf = (abbreviation: string) => db.state.findUniqueOrThrow({ where: { abbreviation } });

describe("vacant seats", () => {
  test("a House seat whose member's term ended is vacant since that day, with its district page", async () => {
    const arrington = await vacate("A000375", "2026-11-20"); // Jodey C. Arrington, TX-19
    expect(arrington.district).toBe("19");
    const tx = await stateOf("TX");
    const vacancies = await vacanciesOf(db, tx.id, "2026-11-23");
    expect(vacancies.houseDistricts).toContain("19");
    expect(vacancies.vacantSince.house["19"]).toBe("2026-11-20");
    const seat = { district: "19", since: "2026-11-20", href: "/district/TX-19" };
    expect((await publicVacanciesOf(db, tx)).house).toContainEqual(seat);
    // The home page's selected state carries them.
    const answer = await homeLoader({ request: new Request("http://localhost/?state=TX"), params: {}, context: {} } as never);
    const { vacancies: shown } = answer as { vacancies: Awaited<ReturnType<typeof publicVacanciesOf>> };
    expect(shown.governor).toBeNull();
    expect(shown.house).toContainEqual(seat);
  });

  test("an at-large seat: terms number it 0", async () => {
    await vacate("H001096", "2026-10-01"); // Harriet M. Hageman, WY at-large
    const wy = await stateOf("WY");
    expect((await publicVacanciesOf(db, wy)).house).toEqual([{ district: "AL", since: "2026-10-01", href: "/district/WY-0" }]);
  });

  test("the seats vacant in the shipped snapshot are vacant since their last member's term ended", async () => {
    const since = await Promise.all(
      [
        ["CA", "14"],
        ["FL", "20"],
        ["GA", "13"],
        ["TX", "23"],
      ].map(async ([abbreviation, district]) => (await vacanciesOf(db, (await stateOf(abbreviation)).id)).vacantSince.house[district]),
    );
    // Eric Swalwell and Tony Gonzales left on April 14, 2026; Sheila Cherfilus-McCormick and David Scott on April 21.
    expect(since).toEqual(["2026-04-14", "2026-04-21", "2026-04-21", "2026-04-14"]);
  });

  test("no date when none is recorded: a member made inactive by hand, a term ending in the future, a seat with no term on file", async () => {
    const mt = await stateOf("MT");
    await db.official.updateMany({ where: { stateId: mt.id, district: "01", office: "Representative" }, data: { isActive: false } });
    expect((await vacanciesOf(db, mt.id)).vacantSince.house).toEqual({ "01": null }); // its term is still current
    const ga = await stateOf("GA");
    await db.official.delete({ where: { bioguideId: "S001157" } }); // GA-13's last member, and with him its only terms
    expect((await vacanciesOf(db, ga.id)).vacantSince.house["13"]).toBeNull();
    const tx = await stateOf("TX");
    const ended = await db.official.update({ where: { bioguideId: "A000375" }, data: { isActive: false } });
    await db.officialTerm.updateMany({ where: { officialId: ended.id, type: "rep" }, data: { isCurrent: false } });
    await db.officialTerm.updateMany({ where: { officialId: ended.id, start: "2025-01-03" }, data: { end: "2027-01-03" } });
    expect((await vacanciesOf(db, tx.id, "2026-11-23")).vacantSince.house["19"]).toBeNull();
  });

  test("a governorship left without a successor is vacant since the governor's term ended", async () => {
    const wa = await stateOf("WA");
    const governor = await db.official.findFirstOrThrow({ where: { stateId: wa.id, office: "Governor" } });
    await db.official.update({ where: { id: governor.id }, data: { isActive: false } });
    await db.officialTerm.updateMany({
      where: { officialId: governor.id, isCurrent: true },
      data: { isCurrent: false, end: "2026-11-01" },
    });
    expect((await publicVacanciesOf(db, wa)).governor).toEqual({ since: "2026-11-01" });
  });

  test("the ZIP answer and the district page date their empty seats the same way: House, Senate, governor", async () => {
    await vacate("B001278", "2026-09-15"); // Suzanne Bonamici, OR-1
    await vacate("W000779", "2026-10-01"); // Ron Wyden, Senate class 3
    const or = await stateOf("OR");
    const governor = await db.official.findFirstOrThrow({ where: { stateId: or.id, office: "Governor", isActive: true } });
    await db.official.update({ where: { id: governor.id }, data: { isActive: false } });
    await db.officialTerm.updateMany({
      where: { officialId: governor.id, isCurrent: true },
      data: { isCurrent: false, end: "2026-11-02" },
    });
    const zip = await officialsForDistricts(db, "OR", [1, 2]);
    expect(zip?.house.map((h) => [h.district, h.member ? "held" : h.vacantSince])).toEqual([
      [1, "2026-09-15"],
      [2, "held"],
    ]);
    expect(zip?.senators.map((s) => s.name)).toEqual(["Jeff Merkley"]);
    expect(zip?.vacantSince).toEqual({ senators: ["2026-10-01"] });
    expect(zip?.governorVacancy).toEqual({ since: "2026-11-02" });
    const [district, neighbour] = await districtsWithMembers(db, [
      { state: "OR", number: 1 },
      { state: "CA", number: 14 },
    ]);
    expect(district).toMatchObject({ member: null, vacantSince: "2026-09-15" });
    // CA-14 is vacant in the shipped snapshot since its last member's term ended.
    expect(neighbour).toMatchObject({ member: null, vacantSince: "2026-04-14" });
  });

  test("two empty Senate seats of one state each get their own class's date", async () => {
    const dates = await vacantSinceOf(db, [{ state: "WA", type: "sen" }], "2026-11-23");
    expect(dates).toEqual([null]); // both seats held: no class free
    await vacate("C000127", "2026-08-01"); // Maria Cantwell
    await vacate("M001111", "2026-09-01"); // Patty Murray
    expect(
      (
        await vacantSinceOf(
          db,
          [
            { state: "WA", type: "sen" },
            { state: "WA", type: "sen" },
          ],
          "2026-11-23",
        )
      ).sort(),
    ).toEqual(["2026-08-01", "2026-09-01"]);
  });

  test("of two terms of a seat that start the same day, the one that ended later dates the vacancy", async () => {
    // Another member's term for FL-20 that starts when Sheila Cherfilus-McCormick's last one did and ends later.
    const fl = await stateOf("FL");
    const other = await db.official.create({
      data: {
        name: "Tie Breaker",
        firstName: "Tie",
        lastName: "Breaker",
        party: "Independent",
        office: "Representative",
        stateId: fl.id,
        district: "20",
        isActive: false,
      },
    });
    await db.officialTerm.create({
      data: { officialId: other.id, type: "rep", start: "2025-01-03", end: "2026-08-01", state: "FL", district: 20, isCurrent: false },
    });
    expect((await vacanciesOf(db, fl.id, "2026-11-23")).vacantSince.house["20"]).toBe("2026-08-01");
  });
});
