/**
 * The charts of the corpus and the examples fit the A4 sheet (issue 12, drawing-rules P7): no chart
 * and no part of a split chart is wider than 170 mm, with or without split; no chart that fits one
 * page at the smallest module is split; the pages of split charts are well filled. Measured by the
 * same code as `npm run pagefit` (scripts/pagefit.ts).
 */
import { describe, expect, test } from "bun:test";
import { measureFile, sourceFiles, summarize, type ChartFit } from "../scripts/pagefit.ts";

const files = ["test/corpus", "examples"].flatMap(sourceFiles).filter((f) => !f.includes("syntax_error"));
const fits: ChartFit[] = [];
for (const file of files) fits.push(...(await measureFile(file)));
const summary = summarize(fits);
const describeFit = (f: ChartFit) => `${f.file} ${f.chart}: sheet ${f.sheet.w.toFixed(0)} mm wide, parts ${f.parts.map((p) => `${p.w.toFixed(0)}×${p.h.toFixed(0)}`).join(" ")}`;

describe("page fit of the corpus and the examples", () => {
  test("measures every program", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(fits.length).toBeGreaterThan(files.length);
  });

  test("no chart and no part is wider than 170 mm", () => {
    expect(summary.wide.map(describeFit)).toEqual([]);
  });

  test("no chart that fits one page at the smallest module is split", () => {
    expect(summary.avoidable.map(describeFit)).toEqual([]);
  });

  test("every part of a split chart is within the page", () => {
    const over = fits.filter((f) => f.parts.length > 1 && f.parts.some((p) => p.h > 230.5));
    expect(over.map(describeFit)).toEqual([]);
  });

  test("the pages of split charts are 85 % full at the median", () => {
    const fills = summary.fills;
    expect(fills.length).toBeGreaterThan(0);
    expect(fills[fills.length >> 1]!).toBeGreaterThanOrEqual(0.85);
  });
});
