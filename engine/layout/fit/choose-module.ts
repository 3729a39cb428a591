/**
 * The module a of a chart (drawing-rules G2, G3, L7; issue 12). Without pages (svg/png/excalidraw
 * without split) every chart keeps a = 20 mm. On pages a chart that fits one page is drawn on one
 * page: a = 20 mm with the standard gaps, else with the tightest gaps, else a = 15 mm (with its
 * gaps, then the tightest) — before it is ever split. A chart that fits none is split at the first
 * module that needs the fewest parts. One module for the whole chart (G3).
 */
import { COMPACT, STANDARD, type Module } from "../module.ts";

export interface ModuleChoice<T> {
  module: Module;
  result: T;
}

export function chooseModule<T>(paged: boolean, layoutAt: (m: Module) => T, partsOf: (result: T) => number): ModuleChoice<T> {
  const first = { module: STANDARD, result: layoutAt(STANDARD) };
  if (!paged || partsOf(first.result) === 1) return first;
  let best = first;
  for (const module of COMPACT) {
    const choice = { module, result: layoutAt(module) };
    if (partsOf(choice.result) === 1) return choice;
    if (partsOf(choice.result) < partsOf(best.result)) best = choice;
  }
  return best;
}
