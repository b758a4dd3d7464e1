import { describe, expect, test } from "vitest";
import {
  chooseGroup,
  chooseIssue,
  homeHref,
  issueMapHref,
  mapIssue,
  searchResultHref,
  selectState,
  switchTab,
  toggleTopic,
  visibleSections,
} from "./home-filters";
import { HomeFiltersSchema } from "./home-filters.server";

const parse = (query: string) => HomeFiltersSchema.parse(Object.fromEntries(new URLSearchParams(query)));

describe("home filters in the URL", () => {
  test("defaults: map view, Apply Filters, group all, issue all, map size 75", () => {
    expect(parse("")).toMatchObject({ view: "map", tab: "filters", group: "all", issue: "all", size: 75 });
    expect(homeHref(parse(""))).toBe("/");
  });

  test("unknown values are refused with a message naming what is allowed", () => {
    expect(HomeFiltersSchema.safeParse({ group: "mayors" }).error?.issues[0].message).toMatch(/all, governors, senators, representatives/);
    expect(HomeFiltersSchema.safeParse({ issue: "taxes" }).error?.issues[0].message).toBe(
      "The issue is one of all, abortion, climate, immigration, marijuana.",
    );
    expect(HomeFiltersSchema.safeParse({ vote: "roll-66" }).error?.issues[0].message).toMatch(/house-117-2-66/);
    expect(HomeFiltersSchema.safeParse({ state: "California" }).success).toBe(false);
    expect(HomeFiltersSchema.safeParse({ size: "72" }).success).toBe(false);
    expect(HomeFiltersSchema.safeParse({ size: "100" }).success).toBe(false);
  });

  test("every issue and topic can be chosen; the map follows the issue on Apply Filters and the topic on Topic Overlay", () => {
    for (const issue of ["abortion", "climate", "immigration", "marijuana"]) expect(mapIssue(parse(`issue=${issue}`))).toBe(issue);
    for (const topic of ["economy", "education", "healthcare"]) expect(mapIssue(parse(`tab=topics&topic=${topic}`))).toBe(topic);
    expect(mapIssue(parse(""))).toBeNull();
  });

  test("choosing an issue keeps group and state and drops the roll call; the roll call stays only with an issue or topic", () => {
    expect(chooseIssue(parse("group=senators&state=TX&issue=climate&vote=house-117-2-66"), "abortion")).toBe(
      "/?state=TX&group=senators&issue=abortion#state-details",
    );
    expect(chooseIssue(parse("issue=climate&vote=house-117-2-66"), "all")).toBe("/#states-map");
    expect(homeHref(parse("issue=climate&vote=house-117-2-66"))).toBe("/?issue=climate&vote=house-117-2-66");
    expect(toggleTopic(parse("tab=topics&topic=economy&vote=house-117-2-66"), "education")).toBe("/?tab=topics&topic=education#states-map");
    expect(issueMapHref("healthcare", "house-114-2-6", "CA")).toBe(
      "/?state=CA&tab=topics&topic=healthcare&vote=house-114-2-6#state-details",
    );
    expect(issueMapHref("abortion")).toBe("/?issue=abortion#states-map");
  });

  test("the state abbreviation is upper-cased", () => {
    expect(parse("state=ca").state).toBe("CA");
  });

  test("choosing a group keeps the issue, clears the topic and keeps the selected state; it lands on the details, or the map without a state", () => {
    expect(chooseGroup(parse("state=CA&view=list"), "senators")).toBe("/?view=list&state=CA&group=senators#state-details");
    expect(chooseGroup(parse("tab=topics&topic=economy"), "governors")).toBe("/?group=governors#states-map");
  });

  test("choosing a topic toggles it and empties group and issue; switching tabs clears the other tab", () => {
    const onTopics = parse("group=senators");
    expect(toggleTopic(onTopics, "economy")).toBe("/?tab=topics&topic=economy#states-map");
    expect(toggleTopic(parse("tab=topics&topic=economy"), "economy")).toBe("/?tab=topics#states-map");
    expect(toggleTopic(parse("tab=topics&topic=economy&state=TX"), "education")).toBe(
      "/?state=TX&tab=topics&topic=education#state-details",
    );
    expect(switchTab(parse("group=senators&state=TX"), "topics")).toBe("/?state=TX&tab=topics#filter-panel");
    expect(switchTab(parse("tab=topics&topic=economy"), "filters")).toBe("/#filter-panel");
  });

  test("selecting a state scrolls to the details; clearing drops it; searches and highlights are not carried", () => {
    expect(selectState(parse("group=governors&q=ab&highlight=4"), "NY")).toBe("/?state=NY&group=governors#state-details");
    expect(selectState(parse("state=NY&size=60"), undefined)).toBe("/?size=60");
  });

  test("sections: a topic or group all shows all; otherwise only the matching one", () => {
    expect(visibleSections(parse("group=all"))).toEqual({ governor: true, senators: true, representatives: true, cabinet: true });
    expect(visibleSections(parse("tab=topics&topic=education"))).toEqual({
      governor: true,
      senators: true,
      representatives: true,
      cabinet: true,
    });
    expect(visibleSections(parse("group=senators"))).toEqual({ governor: false, senators: true, representatives: false, cabinet: false });
  });

  test("a state result only selects the state; an official sets group all (governors for a governor) and is highlighted", () => {
    const f = parse("tab=topics&topic=economy&view=list");
    expect(searchResultHref(f, { kind: "state", abbreviation: "OH" })).toBe("/?view=list&state=OH&tab=topics&topic=economy#state-details");
    expect(searchResultHref(f, { kind: "official", id: 7, office: "Senator", stateAbbreviation: "OH" })).toBe(
      "/?view=list&state=OH&highlight=7#official-7",
    );
    expect(searchResultHref(f, { kind: "official", id: 9, office: "Governor", stateAbbreviation: "OH" })).toBe(
      "/?view=list&state=OH&group=governors&highlight=9#official-9",
    );
  });
});

describe("messages a visitor can read", () => {
  test("a wrong map size or highlight is explained in plain words, never in a validator's terms", () => {
    for (const size of ["abc", "45", "72", "100", "1.5"]) {
      const result = HomeFiltersSchema.safeParse({ size });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0].message).toBe("The map size is a percentage from 50 to 95 in steps of 5, such as 75.");
    }
    for (const highlight of ["abc", "-1", "2.5"]) {
      expect(HomeFiltersSchema.safeParse({ highlight }).error!.issues[0].message).not.toMatch(/expected|Invalid input|Too small/);
    }
  });
});
