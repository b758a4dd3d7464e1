// The email digest against the real database and a real SMTP server on 127.0.0.1: what is new for
// what a user follows (votes of followed officials, roll calls on bills of followed issues from a
// real BILLSTATUS file), one email with a one-click unsubscribe, nothing for nothing new, never the
// same digest twice (a repeat run, and a run stopped between recording and marking).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { linkIn, startSmtpSink } from "../support/smtp-sink";

const sink = await startSmtpSink();
process.env.SMTP_URL = sink.url; // before the app's modules read the configuration
const { db } = await import("~/db.server");
const { parseBillStatus } = await import("~/lib/bill-status");
const { storeBill } = await import("~/models/bills.server");
const { lastDigestOf, sendDueDigests } = await import("~/models/digests.server");
const { emailDigests } = await import("~/jobs/email-digests.server");
const { EmailNotSentError } = await import("~/email.server");
const { lastDigestSentence } = await import("~/lib/digest-status");
const { testJobContext } = await import("../support/job-context");
const unsubscribe = await import("~/routes/unsubscribe");

// Dated long ago so that no other test's rows fall in these digests' windows.
const T0 = new Date("1999-03-01T07:00:00Z");
const hours = (n: number) => new Date(T0.getTime() + n * 60 * 60 * 1000);
const tag = `${process.pid}-${Date.now()}`;
const ids: string[] = [];
let senator = { id: 0, name: "" };

async function user(name: string, data: { digestFrequency: string; digestSince: Date }) {
  const row = await db.user.create({
    data: { email: `digest-${name}-${tag}@example.org`, firstName: name, emailConfirmed: true, ...data },
  });
  ids.push(row.id);
  return row;
}
const mailTo = (email: string) => sink.messages.filter((m) => m.to.includes(email.toLowerCase()));

beforeAll(async () => {
  senator = await db.official.findFirstOrThrow({ where: { isActive: true, office: "Senator" }, select: { id: true, name: true } });
  const bill = parseBillStatus(readFileSync("tests/fixtures/billstatus/legacy/BILLSTATUS-114hr3762.xml", "utf8"));
  await storeBill(db, bill, { sourceUrl: "https://www.govinfo.gov/bulkdata/BILLSTATUS/114/hr/BILLSTATUS-114hr3762.xml", fetchedAt: T0 });
  await db.rollCall.create({
    data: {
      voteId: `h-digest-${tag}`,
      chamber: "house",
      congress: 114,
      session: 1,
      number: 568,
      voteDate: "2015-10-23",
      question: "On Passage",
      result: "Passed",
      billType: "hr",
      billNumber: 3762,
      billTitle: bill.title,
      sourceUrl: "https://clerk.house.gov/evs/2015/roll568.xml",
      fetchedAt: hours(2),
    },
  });
});
afterAll(async () => {
  await db.rollCall.deleteMany({ where: { voteId: `h-digest-${tag}` } });
  await db.votingRecord.deleteMany({ where: { voteId: `s-digest-${tag}` } });
  await db.user.deleteMany({ where: { id: { in: ids } } });
  await sink.close();
});

describe("sendDueDigests", () => {
  test("a weekly digest of a followed senator's vote and a roll call on a followed issue, with a one-click unsubscribe", async () => {
    const reader = await user("Ada", { digestFrequency: "weekly", digestSince: T0 });
    await db.follow.createMany({
      data: [
        { userId: reader.id, officialId: senator.id },
        { userId: reader.id, issueSlug: "abortion" },
      ],
    });
    await db.votingRecord.create({
      data: {
        officialId: senator.id,
        voteId: `s-digest-${tag}`,
        chamber: "senate",
        billTitle: "A test resolution",
        billNumber: "S.Res. 1",
        voteDate: "1999-03-01",
        votePosition: "Nay",
        sourceUrl: "https://www.senate.gov/legislative/LIS/roll_call_votes/vote1061/vote_106_1_00001.xml",
        createdAt: hours(1),
      },
    });
    const quiet = await user("Bo", { digestFrequency: "daily", digestSince: T0 });
    await db.follow.create({ data: { userId: quiet.id, issueSlug: "marijuana" } });
    const notYet = await user("Cy", { digestFrequency: "weekly", digestSince: hours(24) });
    await db.follow.create({ data: { userId: notYet.id, officialId: senator.id } });

    const now = hours(7 * 24);
    const run = await sendDueDigests(db, { now });
    expect(run.sent).toBeGreaterThanOrEqual(1);

    const [email] = mailTo(reader.email);
    expect(email.subject).toBe("Your Civic Atlas weekly digest: 2 new");
    expect(email.text).toContain(`${senator.name}: No on S.Res. 1, A test resolution (1999-03-01).`);
    expect(email.text).toContain(
      "Abortion: To provide for reconciliation pursuant to section 2002 of the concurrent resolution on the budget for fiscal year 2016 (HR 3762). On Passage: Passed, 2015-10-23.",
    );
    expect(email.text).toContain("/issues/abortion");
    expect(email.text).toContain("https://clerk.house.gov/evs/2015/roll568.xml");
    const link = linkIn(email, "/unsubscribe?user=");
    expect(email.headers["list-unsubscribe"]).toBe(`<${link}>`);
    expect(email.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mailTo(quiet.email)).toEqual([]); // nothing new on marijuana: no email
    expect(mailTo(notYet.email)).toEqual([]); // its week is not over

    const digest = await db.digest.findFirstOrThrow({ where: { userId: reader.id } });
    expect(digest).toMatchObject({ status: "sent", itemCount: 2, periodStart: T0, periodEnd: now });
    expect((await db.user.findUniqueOrThrow({ where: { id: reader.id } })).digestSince).toEqual(now);

    // The same run again sends nothing more.
    await sendDueDigests(db, { now });
    expect(mailTo(reader.email)).toHaveLength(1);

    // Mail clients' one-click unsubscribe (RFC 8058) POSTs to the link: the digest is off.
    const url = new URL(link);
    const request = new Request(link, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    const answer = (await unsubscribe.action({ request, params: {}, context: {} } as never)) as Response;
    expect(answer.headers.get("Location")).toBe("/unsubscribe?done=digest");
    expect((await db.user.findUniqueOrThrow({ where: { id: reader.id } })).digestFrequency).toBe("off");
    // A link with another user's id and this token is refused.
    url.searchParams.set("user", quiet.id);
    const forged = new Request(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" });
    const refused = (await unsubscribe.action({ request: forged, params: {}, context: {} } as never)) as { init?: { status?: number } };
    expect(refused.init?.status).toBe(400);
    expect((await db.user.findUniqueOrThrow({ where: { id: quiet.id } })).digestFrequency).toBe("daily");
  });

  test("a digest recorded by a run that stopped before marking it is never sent again", async () => {
    const reader = await user("Di", { digestFrequency: "daily", digestSince: T0 });
    await db.follow.create({ data: { userId: reader.id, issueSlug: "abortion" } });
    await db.digest.create({
      data: { userId: reader.id, frequency: "daily", periodStart: T0, periodEnd: hours(30), itemCount: 1, status: "sending" },
    });
    const run = await sendDueDigests(db, { now: hours(31) });
    expect(run.interrupted).toBeGreaterThanOrEqual(1);
    expect(mailTo(reader.email)).toEqual([]);
    expect(await db.digest.findMany({ where: { userId: reader.id }, select: { status: true } })).toEqual([{ status: "interrupted" }]);
    expect((await db.user.findUniqueOrThrow({ where: { id: reader.id } })).digestSince).toEqual(hours(30));
  });

  test("the nightly job sends what is due, says so in its log, and a user's page then reads when the last digest went", async () => {
    const reader = await user("Jo", { digestFrequency: "weekly", digestSince: hours(100) });
    await db.follow.create({ data: { userId: reader.id, issueSlug: "abortion" } });
    await db.rollCall.update({ where: { voteId: `h-digest-${tag}` }, data: { fetchedAt: hours(150) } });
    const log: string[] = [];
    const failures: string[] = [];
    const outcome = await emailDigests(
      testJobContext(db, {
        now: () => hours(100 + 7 * 24),
        log: (line) => log.push(line),
        itemFailed: (_kind, sentence) => failures.push(sentence),
      }),
    );
    expect(mailTo(reader.email)).toHaveLength(1);
    expect(outcome.results).toMatchObject({ sent: expect.any(Number), failed: 0 });
    expect(outcome.results.sent).toBeGreaterThanOrEqual(1);
    expect(failures).toEqual([]);
    expect(log.join("\n")).toMatch(/\d+ digests sent; \d+ users had nothing new \(no email\); 0 not sent/);
    expect(lastDigestSentence(await lastDigestOf(db, reader.id))).toMatch(/^Last digest sent \w{3} \d+, \d{4} .* UTC, with 1 new item\.$/);
  });

  test("a digest the mail server refuses is kept as not sent, reported, and the next run tries the same period again", async () => {
    const reader = await user("Flo", { digestFrequency: "daily", digestSince: hours(200) });
    await db.follow.create({ data: { userId: reader.id, issueSlug: "abortion" } });
    await db.rollCall.update({ where: { voteId: `h-digest-${tag}` }, data: { fetchedAt: hours(210) } });
    const failed: string[] = [];
    const refusing = async () => {
      throw new EmailNotSentError("The mail server refused the message");
    };
    const run = await sendDueDigests(db, {
      now: hours(230),
      send: refusing,
      failed: (email, sentence) => failed.push(`${email}: ${sentence}`),
    });
    expect(run.failed).toBeGreaterThanOrEqual(1);
    expect(failed).toContain(`${reader.email}: The mail server refused the message`);
    expect(lastDigestSentence(await lastDigestOf(db, reader.id))).toMatch(
      /could not be sent \(The mail server refused the message\)\. The next run tries again\./,
    );
    expect((await db.user.findUniqueOrThrow({ where: { id: reader.id } })).digestSince).toEqual(hours(200));

    await sendDueDigests(db, { now: hours(254) });
    expect(mailTo(reader.email)).toHaveLength(1);
    expect(lastDigestSentence(await lastDigestOf(db, reader.id))).toMatch(/^Last digest sent .* UTC, with \d+ new items?\.$/);
  });

  test("ten emails in flight: two runs racing, and a run stopped part way then started again, send each user one digest", async () => {
    const readers = (name: string, since: Date) =>
      Promise.all(Array.from({ length: 24 }, (_, i) => user(`${name}${i}`, { digestFrequency: "daily", digestSince: since })));
    const follow = (users: { id: string }[]) =>
      db.follow.createMany({ data: users.map((u) => ({ userId: u.id, officialId: senator.id })) });
    const vote = (voteId: string, at: Date) =>
      db.votingRecord.create({
        data: {
          officialId: senator.id,
          voteId,
          chamber: "senate",
          billTitle: "A raced bill",
          voteDate: "1999-04-01",
          votePosition: "Yea",
          createdAt: at,
        },
      });
    const racing = await readers("Racer", hours(600));
    await follow(racing);
    await vote(`s-digest-${tag}-race`, hours(601));
    // Small batches and writes, so the two runs interleave batch by batch.
    const options = { now: hours(624), batchSize: 5, concurrency: 10 };
    try {
      const [a, b] = await Promise.all([sendDueDigests(db, options), sendDueDigests(db, options)]);
      expect(a.sent + b.sent).toBeGreaterThanOrEqual(racing.length);
      for (const reader of racing) expect(mailTo(reader.email)).toHaveLength(1);

      // The next day: a run stopped after 7 emails (its step throws), then a run that goes on.
      const resumed = await readers("Resumer", hours(624));
      await follow(resumed);
      await vote(`s-digest-${tag}-resume`, hours(625));
      let steps = 0;
      const stop = new Error("stopped");
      const stoppedRun = sendDueDigests(db, {
        now: hours(648),
        pause: async () => {
          if (++steps > 7) throw stop;
        },
      });
      await expect(stoppedRun).rejects.toBe(stop);
      await sendDueDigests(db, { now: hours(648) });
      for (const reader of racing) expect(mailTo(reader.email)).toHaveLength(2);
      for (const reader of resumed) expect(mailTo(reader.email)).toHaveLength(1);
      // A stop between emails leaves nothing half done: no digest of these users waits "sending" or ended "interrupted".
      const statuses = await db.digest.groupBy({ by: ["status"], where: { userId: { in: resumed.map((r) => r.id) } }, _count: true });
      expect(statuses).toEqual([{ status: "sent", _count: resumed.length }]);
    } finally {
      await db.votingRecord.deleteMany({ where: { voteId: { startsWith: `s-digest-${tag}-` } } });
    }
  });

  test("users read in one batch each get only what they follow: a record change goes to the follower of that official alone", async () => {
    const [first, second] = await db.official.findMany({
      where: { isActive: true, office: "Representative" },
      take: 2,
      orderBy: { id: "asc" },
    });
    const one = await user("Una", { digestFrequency: "daily", digestSince: hours(400) });
    const two = await user("Tova", { digestFrequency: "daily", digestSince: hours(400) });
    await db.follow.createMany({
      data: [
        { userId: one.id, officialId: first.id },
        { userId: two.id, officialId: second.id },
      ],
    });
    const change = await db.fieldUpdate.create({
      data: {
        entityType: "official",
        entityId: first.id,
        fieldName: "phone",
        oldValue: "(202) 555-0100",
        newValue: "(202) 555-0199",
        status: "approved",
        approvedAt: hours(410),
        sourceName: "House.gov",
        method: "import",
      },
    });
    try {
      const run = await sendDueDigests(db, { now: hours(430), batchSize: 500 });
      expect(run.sent).toBeGreaterThanOrEqual(1);
      const [email] = mailTo(one.email);
      expect(email.text).toContain("Changes to officials you follow:");
      expect(email.text).toContain(`${first.name}: Phone is now (202) 555-0199 (was (202) 555-0100).`);
      expect(mailTo(two.email)).toEqual([]);
      // Nothing was new for the second: their next digest's news starts at this run.
      expect((await db.user.findUniqueOrThrow({ where: { id: two.id } })).digestSince).toEqual(hours(430));
    } finally {
      await db.fieldUpdate.delete({ where: { id: change.id } });
    }
  });
});
