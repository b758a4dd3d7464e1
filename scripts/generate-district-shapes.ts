// Generates app/lib/district-shapes.data.ts from prisma/data/districts/cd119.topo.json (119th
// Congress House districts, U.S. Census Bureau cb_2024_us_cd119_500k, via the BallotWatch
// repository, MIT): for every state, its districts projected to their own viewBox and
// simplified for size, the state's outline, the borders between its districts, and each
// district's neighbours (districts whose shapes share a border, in any state).
// Run after changing the source file: npm run districts:generate
import { readFileSync, writeFileSync } from "node:fs";
import { geoBounds, geoConicEqualArea, geoPath, type GeoPermissibleObjects } from "d3-geo";
import { feature, merge, mesh, neighbors } from "topojson-client";
import { presimplify, simplify } from "topojson-simplify";
import type { GeometryCollection, MultiPolygon, Polygon, Topology } from "topojson-specification";
import type { StateShapes } from "../app/lib/district-shapes.server";

type Props = { STATEFP: string; CD119FP: string; GEOID: string };
type Districts = Topology<{ cb_2024_us_cd119_500k: GeometryCollection<Props> }>;

// Every state is drawn WIDTH wide (or HEIGHT tall, for tall states) with PADDING around it.
const WIDTH = 480;
const HEIGHT = 360;
const PADDING = 8;
// A vertex whose triangle is smaller than this many square pixels (in its state's frame) goes.
const MIN_AREA_PX2 = 0.6;
// A district smaller than this many square pixels gets a dot on the map.
const SMALL_AREA_PX2 = 150;

const topology = JSON.parse(readFileSync("prisma/data/districts/cd119.topo.json", "utf8")) as Districts;
const states: { fips: string; abbreviation: string }[] = JSON.parse(readFileSync("prisma/data/states.json", "utf8"));
const abbreviationOf = new Map(states.map((s) => [s.fips, s.abbreviation]));
const geometries = topology.objects.cb_2024_us_cd119_500k.geometries as (Polygon<Props> | MultiPolygon<Props>)[];

const stateOf = (g: { properties?: Props }) => {
  const abbreviation = abbreviationOf.get(g.properties!.STATEFP);
  if (!abbreviation) throw new Error(`No state for FIPS ${g.properties!.STATEFP}`);
  return abbreviation;
};
const numberOf = (g: { properties?: Props }) => Number(g.properties!.CD119FP);
const idOf = (g: { properties?: Props }) => `${stateOf(g)}-${numberOf(g)}`;

// One projection per state: an equal-area conic centred on the state, fitted to its frame.
// (geoAlbersUsa has no territories; a per-state conic also keeps Alaska across 180° whole.)
function projectionFor(object: GeoPermissibleObjects) {
  const [[west, south], [east, north]] = geoBounds(object);
  const lon = (west + (east < west ? east + 360 : east)) / 2;
  const lat = (south + north) / 2;
  const spread = Math.max((north - south) / 4, 0.5);
  const projection = geoConicEqualArea()
    .parallels([lat - spread, lat + spread])
    .rotate([-lon, 0])
    .center([0, lat]);
  projection.fitExtent(
    [
      [PADDING, PADDING],
      [WIDTH - PADDING, HEIGHT - PADDING],
    ],
    object,
  );
  return projection;
}

const byState = new Map<string, typeof geometries>();
for (const g of geometries) byState.set(stateOf(g), [...(byState.get(stateOf(g)) ?? []), g]);

// Simplify in each state's own frame so small states keep as much detail as big ones: a vertex's
// weight (its triangle's area in the source coordinates) is scaled by the square of the largest
// zoom of any state whose districts use its arc. Shared arcs stay shared, so no gaps open.
const zoomOf = new Map<string, number>();
for (const [abbreviation, list] of byState) {
  const collection = feature(topology, { type: "GeometryCollection", geometries: list });
  const projection = projectionFor(collection);
  // Pixels per degree of latitude near the state's centre.
  const [, y0] = projection([projection.invert!([WIDTH / 2, HEIGHT / 2])![0], 0])!;
  const [, y1] = projection([projection.invert!([WIDTH / 2, HEIGHT / 2])![0], 1])!;
  zoomOf.set(abbreviation, Math.abs(y1 - y0));
}
const arcZoom = new Array<number>(topology.arcs.length).fill(0);
const arcIndexes = (arcs: number[][] | number[][][]): number[] =>
  (arcs as unknown[]).flat(2).map((i) => ((i as number) < 0 ? ~(i as number) : (i as number)));
for (const g of geometries) {
  for (const i of arcIndexes(g.arcs)) arcZoom[i] = Math.max(arcZoom[i], zoomOf.get(stateOf(g))!);
}
const presimplified = presimplify(topology);
presimplified.arcs.forEach((arc, i) => {
  for (const point of arc) if (Number.isFinite(point[2])) point[2] *= arcZoom[i] ** 2;
});
const simplified = simplify(presimplified, MIN_AREA_PX2) as Districts;
const simplifiedGeometries = simplified.objects.cb_2024_us_cd119_500k.geometries as typeof geometries;

// Neighbours from the unsimplified topology: districts that share an arc.
const neighbourIds = neighbors(geometries);

const output: Record<string, StateShapes> = {};
const round = (n: number) => Math.round(n * 10) / 10;

for (const [abbreviation, original] of [...byState].sort(([a], [b]) => a.localeCompare(b))) {
  const list = simplifiedGeometries.filter((g) => stateOf(g) === abbreviation);
  const collection = feature(simplified, { type: "GeometryCollection", geometries: list });
  const projection = projectionFor(collection);
  const path = geoPath(projection).digits(1);
  const [[x0, y0], [x1, y1]] = path.bounds(collection);
  // Crop the frame to the state so wide and tall states waste no space.
  const width = Math.ceil(x1 - x0 + 2 * PADDING);
  const height = Math.ceil(y1 - y0 + 2 * PADDING);
  projection.translate([projection.translate()[0] - x0 + PADDING, projection.translate()[1] - y0 + PADDING]);
  const districts: StateShapes["districts"] = {};
  const neighbours: StateShapes["neighbours"] = {};
  for (const g of list.sort((a, b) => numberOf(a) - numberOf(b))) {
    const f = feature(simplified, g);
    const [x, y] = path.centroid(f);
    districts[numberOf(g)] = { d: path(f) ?? "", x: round(x), y: round(y), small: path.area(f) < SMALL_AREA_PX2 };
  }
  for (const g of original) {
    const index = geometries.indexOf(g);
    neighbours[numberOf(g)] = neighbourIds[index]
      .map((i) => geometries[i])
      .sort((a, b) => stateOf(a).localeCompare(stateOf(b)) || numberOf(a) - numberOf(b))
      .map(idOf);
  }
  output[abbreviation] = {
    width,
    height,
    outline: path(merge(simplified, list)) ?? "",
    borders: path(mesh(simplified, { type: "GeometryCollection", geometries: list }, (a, b) => a !== b)) ?? "",
    districts,
    neighbours,
  };
}

const json = JSON.stringify(output);
writeFileSync(
  "app/lib/district-shapes.data.ts",
  `// Generated by scripts/generate-district-shapes.ts from prisma/data/districts/cd119.topo.json\n` +
    `// (119th Congress districts, U.S. Census Bureau cb_2024_us_cd119_500k, public domain, via the\n` +
    `// BallotWatch repository, MIT: see prisma/data/SOURCES.md). Do not edit by hand.\n` +
    `// Server only: read by app/lib/district-shapes.server.ts, never sent in loader data.\n` +
    `import type { DistrictShapeData } from "./district-shapes.server";\n\n` +
    `export const DISTRICT_SHAPES: DistrictShapeData = JSON.parse(${JSON.stringify(json)});\n`,
);
console.log(`Wrote ${geometries.length} districts in ${byState.size} states, ${json.length} characters.`);
