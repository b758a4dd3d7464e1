// Vacant seats and when they became vacant, and seats whose term ended with no
// successor on file, from the terms the imports record: this file's own copy of the
// database, with seats it vacates itself.
import { describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { loader as homeLoader } from "~/routes/_index";
import { districtsWithMembers } from "~/models/districts.server";
import { publicVacanciesOf, senateVacanciesOf, vacanciesOf, vacantSinceOf } from "~/models/states.server";
import { officialsForDistricts } from "~/models/zip-codes.server";
import { loader as stateLoader } from "~/routes/state.$abbr";
import { vacantWords } from "~/lib/seat-vacancy";
import { callRoute } from "../support/route-calls";

/** Ends a member's service as congress_import does for a member missing from the source. */
async function vacate(bioguideId: string, end: string) {
  const official = await db.official.update({ where: { bioguideId }, data: { isActive: false } });
  await db.officialTerm.updateMany({ where: { officialId: official.id, isCurrent: true }, data: { isCurrent: false, end } });
  return official;
}
const stateOf = (abbreviation: string) => db.state.findUniqueOrThrow({ where: { abbreviation } });
/** An ordinary vacancy: its holder left on `since`. */
const left = (since: string) => ({ since, reason: null, termEnded: false });

describe("vacant seats", () => {
  test("a House seat whose member's term ended is vacant since that day, with its district page", async () => {
    const arrington = await vacate("A000375", "2026-11-20"); // Jodey C. Arrington, TX-19
    expect(arrington.district).toBe("19");
    const tx = await stateOf("TX");
    const vacancies = await vacanciesOf(db, tx.id, "2026-11-23");
    expect(vacancies.houseDistricts).toContain("19");
    expect(vacancies.vacantSince.house["19"]).toEqual(left("2026-11-20"));
    const seat = { district: "19", vacantSince: left("2026-11-20"), href: "/district/TX-19" };
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
    expect((await publicVacanciesOf(db, wy)).house).toEqual([{ district: "AL", vacantSince: left("2026-10-01"), href: "/district/WY-AL" }]);
  });

  test("the seats vacant in the shipped snapshot are vacant since their last member's term ended", async () => {
    const since = await Promise.all(
      [
        ["CA", "14"],
        ["FL", "20"],
        ["GA", "13"],
        ["TX", "23"],
      ].map(
        async ([abbreviation, district]) => (await vacanciesOf(db, (await stateOf(abbreviation)).id)).vacantSince.house[district]?.since,
      ),
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

  test("a governorship left without a successor: the governor's term ended and the source has not named who holds it", async () => {
    const wa = await stateOf("WA");
    const governor = await db.official.findFirstOrThrow({ where: { stateId: wa.id, office: "Governor" } });
    await db.official.update({ where: { id: governor.id }, data: { isActive: false } });
    await db.officialTerm.updateMany({
      where: { officialId: governor.id, isCurrent: true },
      data: { isCurrent: false, end: "2026-11-01" },
    });
    expect((await publicVacanciesOf(db, wa)).governor).toEqual({ vacantSince: { since: "2026-11-01", reason: null, termEnded: true } });
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
      [1, left("2026-09-15")],
      [2, "held"],
    ]);
    expect(zip?.senators.map((s) => s.name)).toEqual(["Jeff Merkley"]);
    expect(zip?.vacantSince).toEqual({ senators: [left("2026-10-01")] });
    expect(zip?.governorVacancy).toEqual({ vacantSince: { since: "2026-11-02", reason: null, termEnded: true } });
    const [district, neighbour] = await districtsWithMembers(db, [
      { state: "OR", number: 1 },
      { state: "CA", number: 14 },
    ]);
    expect(district).toMatchObject({ member: null, vacantSince: left("2026-09-15") });
    // CA-14 is vacant in the shipped snapshot since its last member's term ended.
    expect(neighbour).toMatchObject({ member: null, vacantSince: left("2026-04-14") });
  });

  test("two empty Senate seats of one state: one per class, each dated by its class's last term", async () => {
    const wa = await stateOf("WA");
    expect(await senateVacanciesOf(db, wa, "2026-11-23")).toEqual([]); // both seats held
    await vacate("C000127", "2026-08-01"); // Maria Cantwell, class 1
    expect(await senateVacanciesOf(db, wa, "2026-11-23")).toEqual([{ senateClass: 1, vacantSince: left("2026-08-01") }]);
    await vacate("M001111", "2026-09-01"); // Patty Murray, class 3
    expect(await senateVacanciesOf(db, wa, "2026-11-23")).toEqual([
      { senateClass: 1, vacantSince: left("2026-08-01") },
      { senateClass: 3, vacantSince: left("2026-09-01") },
    ]);
    expect(await vacantSinceOf(db, [{ state: "WA", type: "sen", senateClass: null }], "2026-11-23")).toEqual([null]); // class unknown
    // DC and the territories elect no senators: no empty Senate seat.
    expect(await senateVacanciesOf(db, await stateOf("DC"))).toEqual([]);
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
    expect((await vacanciesOf(db, fl.id, "2026-11-23")).vacantSince.house["20"]).toEqual(left("2026-08-01"));
  });
});

describe("a seat whose last term ended with no successor on file (issue 26)", () => {
  const ENDED = "Term ended Nov 3, 2026 (special election); the source has not yet named who holds the seat";

  /** An appointed senator of this test whose term ended at the special election, as congress_import records it. */
  async function endedAppointee(abbreviation: string, senateClass: number) {
    const state = await stateOf(abbreviation);
    // The seat's current holder is no longer on file as serving.
    await db.official.updateMany({ where: { stateId: state.id, office: "Senator", senateClass }, data: { isActive: false } });
    const appointee = await db.official.create({
      data: {
        name: "Appointa Testsen",
        firstName: "Appointa",
        lastName: "Testsen",
        party: "Republican",
        office: "Senator",
        stateId: state.id,
        senateClass,
        isActive: false,
      },
    });
    await db.officialTerm.create({
      data: {
        officialId: appointee.id,
        type: "sen",
        start: "2026-01-05", // after every other term of the class
        end: "2026-11-03",
        endReason: "special-election",
        state: abbreviation,
        senateClass,
        isCurrent: false,
      },
    });
    return state;
  }

  test("a Senate seat: the state page's data carries the ended term and its reason, in the ended-term sentence", async () => {
    const state = await endedAppointee("OH", 3);
    const page = (await callRoute(stateLoader, "/state/OH", { params: { abbr: "OH" } })) as unknown as {
      vacancies: Awaited<ReturnType<typeof publicVacanciesOf>>;
    };
    const ended = { since: "2026-11-03", reason: "special-election", termEnded: true };
    expect(page.vacancies.senate).toEqual([{ senateClass: 3, vacantSince: ended }]);
    expect(vacantWords(page.vacancies.senate[0].vacantSince)).toBe(ENDED);
    // The home page's selected state and the ZIP answer say the same.
    const home = (await homeLoader({ request: new Request("http://localhost/?state=OH"), params: {}, context: {} } as never)) as {
      vacancies: Awaited<ReturnType<typeof publicVacanciesOf>>;
    };
    expect(home.vacancies.senate).toEqual([{ senateClass: 3, vacantSince: ended }]);
    expect((await officialsForDistricts(db, "OH", [3]))?.vacantSince).toEqual({ senators: [ended] });
    expect((await vacanciesOf(db, state.id)).senate).toHaveLength(1);
  });

  test("an incoming senator's term that has not begun leaves the seat's words as they are until it does", async () => {
    await endedAppointee("FL", 3);
    const elect = await db.official.create({
      data: {
        name: "Electa Testsen",
        firstName: "Electa",
        lastName: "Testsen",
        party: "Democratic",
        office: "Senator",
        stateId: (await stateOf("FL")).id,
        senateClass: 3,
        isActive: false,
      },
    });
    await db.officialTerm.create({
      data: { officialId: elect.id, type: "sen", start: "2031-01-03", end: "2033-01-03", state: "FL", senateClass: 3, isCurrent: false },
    });
    const [seat] = await senateVacanciesOf(db, await stateOf("FL"));
    expect(vacantWords(seat.vacantSince)).toBe(ENDED);
  });

  test("a House term ended on Congress's schedule with nobody named: ended-term words on the district page's data too", async () => {
    // TX-19 as if the source had not yet listed the 119th Congress: Jodey C. Arrington's last term on
    // file is the 118th's, over on January 3, 2025.
    const arrington = await db.official.update({ where: { bioguideId: "A000375" }, data: { isActive: false } });
    await db.officialTerm.deleteMany({ where: { officialId: arrington.id, start: "2025-01-03" } });
    const [district] = await districtsWithMembers(db, [{ state: "TX", number: 19 }]);
    expect(district.vacantSince).toEqual({ since: "2025-01-03", reason: null, termEnded: true });
    expect(vacantWords(district.vacantSince)).toBe("Term ended Jan 3, 2025; the source has not yet named who holds the seat");
  });
});
