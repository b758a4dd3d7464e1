import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { billStatusUrl, congressGovBillUrl, parseBillStatus } from "./bill-status";
import { SourceFileError } from "./source-file";
import { issuesOfBill } from "./policy-issues";

const fixture = (path: string) => readFileSync(`tests/fixtures/billstatus/${path}`, "utf8");
const parse = (path: string) => parseBillStatus(fixture(path));

describe("today's format (3.0.0)", () => {
  const bill = parse("3.0.0/BILLSTATUS-117hr2471.xml");

  test("reads H.R. 2471 of the 117th Congress: identity, title, policy area, subjects, latest action", () => {
    expect(bill).toMatchObject({
      congress: 117,
      type: "hr",
      number: 2471,
      title: "Consolidated Appropriations Act, 2022",
      policyArea: "Economics and Public Finance",
      latestAction: { date: "2022-03-15", text: "Became Public Law No: 117-103." },
    });
    expect(bill.subjects).toHaveLength(249);
    expect(bill.subjects.slice(0, 2)).toEqual(["Abortion", "Access Board"]);
    expect(bill.subjects).toContain("Climate change and greenhouse gases");
    expect(issuesOfBill(bill)).toEqual(["abortion", "climate", "economy"]);
  });

  test("lists the bill's own roll calls once each, oldest first, not the roll calls on its amendments", () => {
    expect(bill.recordedVotes).toEqual([
      { chamber: "house", rollNumber: 65, session: 2, date: "2022-03-10T02:49:07Z", url: "https://clerk.house.gov/evs/2022/roll065.xml" },
      { chamber: "house", rollNumber: 66, session: 2, date: "2022-03-10T03:10:15Z", url: "https://clerk.house.gov/evs/2022/roll066.xml" },
      { chamber: "house", rollNumber: 67, session: 2, date: "2022-03-10T03:32:59Z", url: "https://clerk.house.gov/evs/2022/roll067.xml" },
      { chamber: "house", rollNumber: 68, session: 2, date: "2022-03-10T03:50:49Z", url: "https://clerk.house.gov/evs/2022/roll068.xml" },
      {
        chamber: "senate",
        rollNumber: 78,
        session: 2,
        date: "2022-03-11T04:02:38Z",
        url: "https://www.senate.gov/legislative/LIS/roll_call_votes/vote1172/vote_117_2_00078.xml",
      },
    ]);
  });

  test("PROMESA (114th, reissued in this format): a roll call listed under two actions is read once", () => {
    const promesa = parse("3.0.0/BILLSTATUS-114hr5278.xml");
    expect(promesa).toMatchObject({
      congress: 114,
      type: "hr",
      number: 5278,
      title: "PROMESA",
      policyArea: "Economics and Public Finance",
    });
    expect(promesa.subjects).toHaveLength(38);
    expect(promesa.recordedVotes).toEqual([
      { chamber: "house", rollNumber: 288, session: 2, date: "2016-06-09T22:21:36Z", url: "https://clerk.house.gov/evs/2016/roll288.xml" },
    ]);
  });
});

describe("the 1.0.0 format", () => {
  test("reads H.R. 1 of the 117th Congress with its two House roll calls", () => {
    const bill = parse("1.0.0/BILLSTATUS-117hr1.xml");
    expect(bill).toMatchObject({
      congress: 117,
      type: "hr",
      number: 1,
      title: "For the People Act of 2021",
      policyArea: "Government Operations and Politics",
      latestAction: { date: "2021-03-11", text: "Received in the Senate." },
    });
    expect(bill.subjects).toHaveLength(112);
    expect(bill.recordedVotes.map(({ chamber, rollNumber, session }) => `${chamber} ${session}-${rollNumber}`)).toEqual([
      "house 1-61",
      "house 1-62",
    ]);
    expect(bill.recordedVotes[1].url).toBe("https://clerk.house.gov/evs/2021/roll062.xml");
  });

  test("the same bill (H.R. 6658, no votes, no subjects yet) reads the same in 1.0.0 and 3.0.0", () => {
    const older = parse("1.0.0/BILLSTATUS-117hr6658.xml");
    expect(older).toEqual(parse("3.0.0/BILLSTATUS-117hr6658.xml"));
    expect(older).toEqual({
      congress: 117,
      type: "hr",
      number: 6658,
      title: "Protecting Family and Small Business Tax Cuts Act of 2022",
      policyArea: "Taxation",
      subjects: [],
      latestAction: { date: "2022-02-09", text: "Referred to the House Committee on Ways and Means." },
      recordedVotes: [],
    });
  });
});

describe("the legacy format (primarySubject, otherSubjects)", () => {
  test("reads H.R. 3762 of the 114th: policy area Health, Abortion among its subjects, roll calls in two sessions", () => {
    const bill = parse("legacy/BILLSTATUS-114hr3762.xml");
    expect(bill).toMatchObject({ congress: 114, type: "hr", number: 3762, policyArea: "Health" });
    expect(bill.title).toBe(
      "To provide for reconciliation pursuant to section 2002 of the concurrent resolution on the budget for fiscal year 2016.",
    );
    expect(bill.subjects).toHaveLength(29);
    expect(bill.subjects[0]).toBe("Abortion");
    expect(bill.latestAction?.date).toBe("2016-01-08");
    expect(bill.recordedVotes).toEqual([
      { chamber: "house", rollNumber: 568, session: 1, date: "2015-10-23T15:58:27Z", url: "http://clerk.house.gov/evs/2015/roll568.xml" },
      { chamber: "house", rollNumber: 6, session: 2, date: "2016-01-06T22:54:47Z", url: "http://clerk.house.gov/evs/2016/roll006.xml" },
    ]);
    expect(issuesOfBill(bill)).toEqual(["abortion", "healthcare"]);
  });

  test("reads S. 1300 (immigration, no votes) and H.Res. 348 (one roll call)", () => {
    const s1300 = parse("legacy/BILLSTATUS-114s1300.xml");
    expect(s1300).toMatchObject({ congress: 114, type: "s", number: 1300, title: "Adoptive Family Relief Act", policyArea: "Immigration" });
    expect(s1300.subjects).toEqual([
      "Adoption and foster care",
      "Immigration status and procedures",
      "User charges and fees",
      "Visas and passports",
    ]);
    expect(s1300.recordedVotes).toEqual([]);
    expect(issuesOfBill(s1300)).toEqual(["immigration"]);

    const hres348 = parse("legacy/BILLSTATUS-114hres348.xml");
    expect(hres348).toMatchObject({ type: "hres", number: 348, policyArea: "International Affairs" });
    expect(hres348.recordedVotes).toEqual([
      { chamber: "house", rollNumber: 552, session: 1, date: "2015-10-20T23:15:04Z", url: "http://clerk.house.gov/evs/2015/roll552.xml" },
    ]);
  });
});

describe("files that are not a complete bill status", () => {
  const whole = fixture("legacy/BILLSTATUS-114s1300.xml");

  test("a cut-off file is refused, not read as a bill without subjects", () => {
    expect(() => parseBillStatus(whole.slice(0, whole.length / 2))).toThrow(SourceFileError);
    expect(() => parseBillStatus("<html><body>Not found</body></html>")).toThrow(/does not end with <\/billStatus>/);
  });

  test("an unknown bill type or a missing number is named", () => {
    expect(() => parseBillStatus(whole.replace("<billType>S</billType>", "<billType>PN</billType>"))).toThrow(/bill type "pn"/);
    expect(() => parseBillStatus(whole.replace("<billNumber>1300</billNumber>", "<billNumber></billNumber>"))).toThrow(/bill number ""/);
  });
});

test("addresses: govinfo bulk data and congress.gov", () => {
  const bill = { congress: 117, type: "hr" as const, number: 2471 };
  expect(billStatusUrl("https://www.govinfo.gov/bulkdata/BILLSTATUS", bill)).toBe(
    "https://www.govinfo.gov/bulkdata/BILLSTATUS/117/hr/BILLSTATUS-117hr2471.xml",
  );
  expect(congressGovBillUrl(bill)).toBe("https://www.congress.gov/bill/117th-congress/house-bill/2471");
  expect(congressGovBillUrl({ congress: 111, type: "sjres", number: 3 })).toBe(
    "https://www.congress.gov/bill/111th-congress/senate-joint-resolution/3",
  );
});
