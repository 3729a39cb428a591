/**
 * The cold-start benchmark's Graphviz input (bench/dot-export.ts): the same chart as a DOT graph
 * that `dot` (Debian's graphviz) lays out, one node per shape and one edge per flow line. A smoke
 * test of the benchmark's input only; timings are never tested.
 */
import { expect, test } from "bun:test";
import { render } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { program } from "../bench/program.ts";
import { geometryToDot } from "../bench/dot-export.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

test("a chart's DOT graph has a node per shape and an edge per flow line, and dot draws it", async () => {
  const { geometry } = await render({ code: program(2), lang: "python", format: "json" }, bunAssets);
  const dot = geometryToDot(geometry);
  const shapes = geometry.charts.flatMap((c) => c.parts.flatMap((p) => p.shapes));
  const edges = geometry.charts.flatMap((c) => c.parts.flatMap((p) => p.edges));
  const dotEdges = dot.split("\n").filter((l) => l.includes(" -> "));
  expect(dot.split("\n").filter((l) => /^ {2}"[^"]+" \[shape=/.test(l))).toHaveLength(shapes.length);
  // Joins (lines starting or ending on another line) are traced to shapes: every line becomes an edge.
  expect(dotEdges).toHaveLength(edges.length);
  const p = Bun.spawnSync(["dot", "-Tsvg"], { stdin: new TextEncoder().encode(dot), stdout: "pipe", stderr: "pipe" });
  expect(p.exitCode).toBe(0);
  const svg = p.stdout.toString();
  expect(svg.match(/class="node"/g)).toHaveLength(shapes.length);
  expect(svg.match(/class="edge"/g)).toHaveLength(edges.length);
});
