/**
 * One module for a whole document (issue 21; drawing-rules G3 across a report: teachers ask for
 * one block size in every figure). Without pages every chart keeps a = 20 mm anyway. On pages each
 * chart first chooses its own module (choose-module.ts: the largest one that needs its fewest
 * parts); the document then takes the most compact of those choices and draws every chart with it.
 * So no chart is split that its own choice kept on one page, and no chart gets a smaller module than
 * the document needs. Why not the module that minimises the sheets: a = 15 mm would then win almost
 * every document (smaller figures share sheets more often) although the figures' packing on sheets
 * (layout/sheets.ts) already saves most of them — and a = 20 mm is the standard's first choice.
 */
import type { ChartTree } from "../../tree/schema.ts";
import type { ResolvedOptions } from "../../options.ts";
import { MODULES, type Module } from "../module.ts";
import { fitChart, type FittedChart, type SizerFor } from "./fit-chart.ts";

/** The most compact of the modules the charts chose (MODULES lists them from the largest). */
export function documentModule(chosen: readonly Module[]): Module {
  return chosen.reduce((most, m) => (MODULES.indexOf(m) > MODULES.indexOf(most) ? m : most), MODULES[0]!);
}

/** Fits every function of `tree` (chart i's ids prefixed `c{i+1}`) with one module when `paged`. */
export function fitDocument(tree: ChartTree, options: ResolvedOptions, paged: boolean, sizerFor: SizerFor): FittedChart[] {
  const own = tree.map((fn, i) => fitChart(fn, options, paged, `c${i + 1}`, sizerFor));
  if (!paged || own.length === 0) return own;
  const shared = documentModule(own.map((f) => f.module));
  return own.map((f, i) => (f.module === shared ? f : fitChart(tree[i]!, options, paged, `c${i + 1}`, sizerFor, shared)));
}
