/**
 * Benchmark-only: the same chart as a Graphviz DOT graph, so `dot` can be timed on equivalent input
 * (bench/cold.ts). Built from our geometry: one node per shape with the same text lines and a
 * matching node shape, one edge per flow line between two shapes (with its branch label). Lines that
 * start or end on another line (joins) are traced along that line to the shape it comes from or
 * goes to, so `dot` lays out the same graph. `dot` does its own layout; this is no rendering path.
 */
import type { Edge, Geometry, Point, ShapeKind } from "../engine/geometry/types.ts";

const DOT_SHAPE: Record<ShapeKind, string> = {
  terminator: "box, style=rounded",
  process: "box",
  io: "parallelogram",
  call: "box, peripheries=2",
  decision: "diamond",
  hexagon: "hexagon",
  loop_begin: "trapezium",
  loop_end: "invtrapezium",
  connector: "circle",
  comment: "note",
};

const quote = (s: string) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/** True when p lies on the polyline (segments are horizontal or vertical). */
function onLine(p: Point, points: readonly Point[]): boolean {
  const eps = 1e-6;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const inX = p.x >= Math.min(a.x, b.x) - eps && p.x <= Math.max(a.x, b.x) + eps;
    const inY = p.y >= Math.min(a.y, b.y) - eps && p.y <= Math.max(a.y, b.y) + eps;
    if (inX && inY) return true;
  }
  return false;
}

export function geometryToDot(geometry: Geometry): string {
  const lines = ["digraph chart {", `  node [fontname="Times New Roman", fontsize=14];`, `  edge [fontname="Times New Roman", fontsize=12];`];
  for (const chart of geometry.charts) {
    const edges: Edge[] = chart.parts.flatMap((p) => p.edges);
    for (const part of chart.parts) {
      for (const s of part.shapes) lines.push(`  ${quote(s.id)} [shape=${DOT_SHAPE[s.kind]}, label=${quote(s.text.join("\n"))}];`);
    }
    // A join's far end: the shape the line it lies on comes from (start) or goes to (end), bounded.
    const trace = (p: Point, self: Edge, end: "from" | "to"): string | null => {
      let point = p;
      let edge = self;
      for (let hops = 0; hops < edges.length; hops++) {
        const host = edges.find((e) => e !== edge && onLine(point, e.points));
        if (!host) return null;
        if (host[end]) return host[end];
        edge = host;
        point = end === "to" ? host.points[host.points.length - 1]! : host.points[0]!;
      }
      return null;
    };
    for (const e of edges) {
      const from = e.from ?? trace(e.points[0]!, e, "from");
      const to = e.to ?? trace(e.points[e.points.length - 1]!, e, "to");
      if (!from || !to) continue;
      lines.push(`  ${quote(from)} -> ${quote(to)}${e.label ? ` [label=${quote(e.label)}]` : ""};`);
    }
  }
  lines.push("}");
  return lines.join("\n") + "\n";
}
