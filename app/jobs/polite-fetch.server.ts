// The crawling jobs' visitor (ballotpedia_import, contact_crawl): on top of fetchText's time and
// size limits, it honours each site's robots.txt (read once per site per run, RFC 9309) and asks
// one site at most once per interval (one second unless configured otherwise). Redirects are
// followed hop by hop, so each hop is throttled and checked against its own site's robots.txt, and
// connects through the outbound guard: a site (or a hop) on an internal address is "refused:
// internal address", its robots.txt included, and nothing is asked of it.
import { setTimeout as delay } from "node:timers/promises";
import { env } from "~/env.server";
import { FetchError, fetchProblem, fetchText, type FetchedText } from "~/jobs/http.server";

/** The product token our robots.txt groups are matched against (the User-Agent's first word). */
export const ROBOTS_AGENT = "CivicAtlasBot";
const MAX_REDIRECTS = 5;
const ROBOTS_MAX_BYTES = 500_000; // RFC 9309 §2.5: parse at least 500 KiB

export type PoliteOptions = {
  /** Pause between two requests to one site (default CRAWL_INTERVAL_MS, 1000 ms). */
  intervalMs?: number;
  timeoutMs?: number;
  maxBytes?: number;
  /** The clock and the pause, replaceable so tests need not wait. */
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<unknown>;
};

/** A page, or why it was not asked for. `url` is the final address after redirects. */
export type PoliteAnswer = ({ allowed: true } & FetchedText) | { allowed: false; url: string; reason: string };

export type PoliteFetcher = {
  get: (url: string) => Promise<PoliteAnswer>;
  /** Requests sent so far (robots.txt included). */
  requests: () => number;
};

export function politeFetcher(fetchImpl: typeof fetch, signal: AbortSignal, options: PoliteOptions = {}): PoliteFetcher {
  const {
    intervalMs = env().CRAWL_INTERVAL_MS,
    timeoutMs = 15_000,
    maxBytes = 5_000_000,
    now = Date.now,
    sleep = (ms, s) => delay(ms, undefined, { signal: s }),
  } = options;
  const nextSlot = new Map<string, number>();
  const robots = new Map<string, Promise<Robots>>();
  let sent = 0;

  /** Waits for the site's next slot and reserves the one after it. */
  async function turn(origin: string) {
    const at = now();
    const slot = Math.max(nextSlot.get(origin) ?? at, at);
    nextSlot.set(origin, slot + intervalMs);
    if (slot > at)
      await sleep(slot - at, signal).catch((error: unknown) => {
        signal.throwIfAborted(); // the run's own reason, not the timer's AbortError
        throw error;
      });
    signal.throwIfAborted();
    sent++;
  }

  function robotsOf(origin: string) {
    let rules = robots.get(origin);
    if (!rules) {
      rules = (async (): Promise<Robots> => {
        await turn(origin);
        try {
          const answer = await fetchText(fetchImpl, `${origin}/robots.txt`, signal, { timeoutMs, maxBytes: ROBOTS_MAX_BYTES });
          if (answer.ok) return parseRobots(answer.text, ROBOTS_AGENT);
          // RFC 9309 §2.3.1: none there (4xx) allows everything; a server error forbids everything.
          if (answer.status < 500) return ALLOW_ALL;
          return { unreachable: `robots.txt answered HTTP ${answer.status}` };
        } catch (error) {
          signal.throwIfAborted();
          if (error instanceof FetchError && error.internal) return { unreachable: "refused", internal: error.internal };
          return { unreachable: `robots.txt could not be read (${error instanceof Error ? error.message : String(error)})` };
        }
      })();
      robots.set(origin, rules);
    }
    return rules;
  }

  async function get(start: string): Promise<PoliteAnswer> {
    let url = start;
    for (let hop = 0; ; hop++) {
      const target = new URL(url);
      const rules = await robotsOf(target.origin);
      if ("internal" in rules && rules.internal) return { allowed: false, url, reason: fetchProblem(url, { internal: rules.internal }) };
      if ("unreachable" in rules) return { allowed: false, url, reason: `${url}: not fetched: ${rules.unreachable}` };
      if (!isAllowed(rules, target.pathname + target.search))
        return { allowed: false, url, reason: `${url}: not fetched: disallowed by robots.txt` };
      await turn(target.origin);
      const answer = await fetchText(fetchImpl, url, signal, {
        timeoutMs,
        maxBytes,
        accept: "text/html,*/*;q=0.8",
        followRedirects: false,
      });
      if (!answer.location) return { allowed: true, ...answer, url };
      if (hop === MAX_REDIRECTS) throw new Error(`${start}: more than ${MAX_REDIRECTS} redirects`);
      url = new URL(answer.location, url).href;
    }
  }

  return { get, requests: () => sent };
}

// ---------------------------------------------------------------- robots.txt (RFC 9309)

type Rule = { allow: boolean; pattern: string; matcher: RegExp };
/** A site's rules, or why it is not crawled: its robots.txt unreadable, or its address internal (the guard refused it). */
export type Robots = { rules: Rule[] } | { unreachable: string; internal?: string };
const ALLOW_ALL: Robots = { rules: [] };

/**
 * The rules of robots.txt that apply to `agent`: every group naming the agent (case-insensitive),
 * else every group for "*", else none (everything allowed).
 */
export function parseRobots(text: string, agent: string): Robots {
  // A group is its User-agent lines and the rule lines after them; a User-agent line after a rule starts the next group.
  type Group = { agents: string[]; rules: Rule[]; hasRuleLines: boolean };
  const groups: Group[] = [];
  let current: Group | null = null;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/#.*/, "").trim();
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "user-agent") {
      if (!current || current.hasRuleLines) groups.push((current = { agents: [], rules: [], hasRuleLines: false }));
      current.agents.push(value.toLowerCase());
    } else if ((key === "allow" || key === "disallow") && current) {
      current.hasRuleLines = true;
      // An empty Disallow allows everything: it adds no rule.
      if (value) current.rules.push({ allow: key === "allow", pattern: value, matcher: matcherOf(value) });
    }
  }
  const mine = groups.filter((g) => g.agents.includes(agent.toLowerCase()));
  const chosen = mine.length ? mine : groups.filter((g) => g.agents.includes("*"));
  return { rules: chosen.flatMap((g) => g.rules) };
}

/** `*` stands for any characters, a final `$` for the end of the path. */
function matcherOf(pattern: string) {
  const anchored = pattern.endsWith("$");
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split("*")
    .map((part) => safeDecode(part).replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}${anchored ? "$" : ""}`);
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The longest matching rule decides; on a tie Allow wins; no match allows. /robots.txt is always allowed. */
export function isAllowed(robots: Robots, path: string) {
  if ("unreachable" in robots) return false;
  if (path === "/robots.txt") return true;
  const target = safeDecode(path);
  let best: Rule | null = null;
  for (const rule of robots.rules) {
    if (!rule.matcher.test(target)) continue;
    if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow)) best = rule;
  }
  return best?.allow ?? true;
}
