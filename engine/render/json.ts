/**
 * JSON renderer (`format=json`): the Geometry as compact, stable JSON plus a trailing newline.
 * Keys are written in a fixed order (that of engine/geometry/types.ts) whatever order the input
 * objects have, unknown keys are dropped, coordinates and sizes are rounded to 0.01. The result
 * validates against schemas/geometry.schema.json and is byte-identical for equal input.
 */
import type { Box, Caption, ChartGeometry, Edge, FontSpec, Geometry, Part, Point, Shape } from "../geometry/types.ts";
import { round2 } from "../geometry/outline.ts";

const r = round2;

function int(n: number): number {
  if (!Number.isFinite(n)) throw new RangeError(`non-finite number: ${n}`);
  return n === 0 ? 0 : n;
}

const box = (b: Box): Box => ({ x: r(b.x), y: r(b.y), w: r(b.w), h: r(b.h) });
const point = (q: Point): Point => ({ x: r(q.x), y: r(q.y) });
const font = (f: FontSpec): FontSpec => ({ family: f.family, size: r(f.size) });

function shape(s: Shape): Shape {
  const out: Shape = {
    id: s.id,
    kind: s.kind,
    x: r(s.x),
    y: r(s.y),
    w: r(s.w),
    h: r(s.h),
    text: [...s.text],
    textBox: box(s.textBox),
    font: font(s.font),
  };
  if (s.source !== undefined) out.source = int(s.source);
  return out;
}

function edge(e: Edge): Edge {
  const out: Edge = { id: e.id, from: e.from, to: e.to, points: e.points.map(point), arrow: e.arrow };
  if (e.dashed) out.dashed = true;
  if (e.label !== undefined) out.label = e.label;
  if (e.labelBox !== undefined) out.labelBox = box(e.labelBox);
  return out;
}

const part = (p: Part): Part => ({
  index: int(p.index),
  x: r(p.x),
  y: r(p.y),
  width: r(p.width),
  height: r(p.height),
  ...(p.sheetCaption !== undefined ? { sheetCaption: p.sheetCaption } : {}),
  shapes: p.shapes.map(shape),
  edges: p.edges.map(edge),
});

const caption = (c: Caption): Caption => ({ text: c.text, lines: [...c.lines], box: box(c.box), font: font(c.font) });

const chart = (c: ChartGeometry): ChartGeometry => ({
  name: c.name,
  main: c.main,
  figure: int(c.figure),
  module: r(c.module),
  caption: caption(c.caption),
  x: r(c.x),
  y: r(c.y),
  width: r(c.width),
  height: r(c.height),
  parts: c.parts.map(part),
});

/** The geometry rebuilt in canonical key order with rounded numbers (what renderJson serialises). */
export function canonicalGeometry(g: Geometry): Geometry {
  return {
    unit: "mm",
    width: r(g.width),
    height: r(g.height),
    stroke: r(g.stroke),
    font: font(g.font),
    charts: g.charts.map(chart),
  };
}

/** Compact stable JSON of the geometry, terminated by a newline. */
export function renderJson(g: Geometry): string {
  return JSON.stringify(canonicalGeometry(g)) + "\n";
}
