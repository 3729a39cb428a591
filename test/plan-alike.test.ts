/**
 * ChartPlan.alike (fit/flatten.ts, fit/cut-pages.ts): a chart planned for pages at a threshold
 * inside the range recorded by a plan at another threshold comes out exactly the same — the claim
 * that lets cutPages skip planning such a threshold (issue 14: fewer plans on a cold start). Checked
 * over the corpus, the examples and the benchmark's program at every module and a spread of
 * thresholds, the plans compared as JSON.
 */
import { expect, test } from "bun:test";
import { sourceFiles } from "../scripts/pagefit.ts";
import { frontendFor, langFromFileName } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { resolveOptions } from "../engine/options.ts";
import { planChart, type ChartPlan } from "../engine/layout/chart.ts";
import { sizersIn } from "../engine/layout/fit/fit-chart.ts";
import { COMPACT, STANDARD } from "../engine/layout/module.ts";
import { FONTS } from "../engine/fonts.ts";
import { PAGE_PART_HEIGHT } from "../engine/geometry/style.ts";
import type { ChartTree } from "../engine/tree/schema.ts";
import { program } from "../bench/program.ts";
import { readSourceFile } from "./support/source-file.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const options = resolveOptions({});
const THRESHOLDS = [Infinity, 200, PAGE_PART_HEIGHT / 2, 100, 80, PAGE_PART_HEIGHT / 4, 40, 20];

async function treeOf(code: string, lang: string): Promise<ChartTree> {
  return (await frontendFor(lang as "python")!(code, options, bunAssets)).tree;
}

const sources: [string, string][] = [["program(6)", program(6)], ["program(3)", program(3)]];
const files = ["test/corpus", "examples"].flatMap(sourceFiles).filter((f) => !f.includes("syntax_error"));

/** The plan without its own range (which differs by construction), as comparable text. */
const text = ({ alike: _, ...plan }: ChartPlan): string => JSON.stringify(plan);

test("a threshold inside a plan's alike range gives the same plan", async () => {
  const trees: ChartTree[] = [];
  for (const [, code] of sources) trees.push(await treeOf(code, "python"));
  for (const file of files) trees.push(await treeOf(await readSourceFile(file), langFromFileName(file)));
  const sizerFor = sizersIn(FONTS.tinos);
  let alike = 0;
  let differ = 0;
  const wrong: string[] = [];
  for (const fn of trees.flat()) {
    for (const m of [STANDARD, ...COMPACT]) {
      const plans = THRESHOLDS.map((flattenTaller) => planChart(fn, options, sizerFor(m), m.connector, { forPages: true, flattenTaller }));
      plans.forEach((plan, i) => {
        THRESHOLDS.forEach((t, j) => {
          if (i === j || !(plan.alike.from <= t && t < plan.alike.below)) return;
          alike++;
          if (text(plans[j]!) !== text(plan)) wrong.push(`${fn.name} a=${m.a} gap=${m.gap}: ${THRESHOLDS[i]} vs ${t}`);
        });
        if (text(plans[(i + 1) % plans.length]!) !== text(plan)) differ++;
      });
    }
  }
  expect(wrong).toEqual([]);
  // The check has something to check: many thresholds fall inside another's range, and others do
  // change the plan.
  expect(alike).toBeGreaterThan(100);
  expect(differ).toBeGreaterThan(10);
}, 60_000);
