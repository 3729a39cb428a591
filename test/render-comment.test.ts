/**
 * The comment symbol (drawing-rules S10, issue 13): a text too long for the widest symbol keeps a
 * short form ending in "…", the full text goes to a comment to the right joined by a dashed line —
 * the geometry passes the checker and every format draws the link dashed.
 */
import { describe, expect, test } from "bun:test";
import { strFromU8, unzipSync, unzlibSync } from "fflate";
import { render, type Format } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import type { Geometry } from "../engine/geometry/types.ts";
import { checkGeometry } from "./support/geometry-checker.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

// Longer than the largest symbol holds (half a page wide, half a page tall: layout/size.ts).
const LONG = `x := ${Array.from({ length: 120 }, (_, i) => `value${i}`).join(" + ")}`;
const TREE = JSON.stringify([
  { name: "main", main: true, block: { stmts: [{ kind: "io", text: `Вивід ${LONG.slice(5)}` }, { kind: "process", text: LONG }, { kind: "process", text: "y := 1" }] } },
]);
const draw = (format: Format) => render({ code: TREE, lang: "native", format }, bunAssets);

describe("comment symbols", () => {
  test("short form in the symbol, full text in the comment, a dashed link; the checker agrees", async () => {
    const g = JSON.parse((await draw("json")).file.data as string) as Geometry;
    expect(checkGeometry(g)).toEqual([]);
    const part = g.charts[0]!.parts[0]!;
    const comments = part.shapes.filter((s) => s.kind === "comment");
    expect(comments).toHaveLength(2);
    for (const comment of comments) {
      const link = part.edges.find((e) => e.to === comment.id)!;
      expect(link.dashed).toBe(true);
      expect(link.arrow).toBe(false);
      const symbol = part.shapes.find((s) => s.id === link.from)!;
      expect(symbol.h).toBe(20); // G3: never taller than a
      expect(symbol.text.at(-1)!.endsWith("…")).toBe(true);
      expect(comment.text.join(" ")).toContain("value119");
      expect(comment.x).toBeGreaterThan(symbol.x + symbol.w);
    }
    expect(part.edges.filter((e) => e.dashed)).toHaveLength(2);
  });

  test("svg: stroke-dasharray on the link only", async () => {
    const svg = (await draw("svg")).file.data as string;
    expect(svg.match(/stroke-dasharray="3 1.5"/g)).toHaveLength(2);
    expect(svg).toContain('data-kind="comment"');
  });

  test("typst: a dash pattern on the link", async () => {
    const typ = (await draw("typst")).file.data as string;
    expect(typ.match(/dash: \(3mm, 1\.5mm\)/g)).toHaveLength(2);
  });

  test("excalidraw: a dashed arrow element", async () => {
    const doc = JSON.parse((await draw("excalidraw")).file.data as string) as { elements: { type: string; strokeStyle: string }[] };
    expect(doc.elements.filter((e) => e.type === "arrow" && e.strokeStyle === "dashed")).toHaveLength(2);
  });

  test("docx: a custom dash of 3 mm / 1.5 mm at a 0.35 mm line", async () => {
    const files = unzipSync((await draw("docx")).file.data as Uint8Array);
    const xml = strFromU8(files["word/document.xml"]!);
    expect(xml.match(/<a:custDash><a:ds d="857143" sp="428571"\/><\/a:custDash>/g)).toHaveLength(2);
  });

  test("pdf: a dash pattern is set for the link and reset after it", async () => {
    const pdf = (await draw("pdf")).file.data as Uint8Array;
    const text = strFromU8(pdf, true);
    const streams: string[] = [];
    for (const m of text.matchAll(/stream\r?\n/g)) {
      const start = m.index + m[0].length;
      const end = text.indexOf("endstream", start);
      try {
        streams.push(strFromU8(unzlibSync(pdf.subarray(start, end))));
      } catch {
        streams.push(text.slice(start, end));
      }
    }
    const content = streams.join("\n");
    expect(content.match(/\[[\d.]+ [\d.]+\] 0 d/g)?.length).toBe(2);
    expect(content.match(/\[\] 0 d/g)?.length).toBe(2);
  });
});
