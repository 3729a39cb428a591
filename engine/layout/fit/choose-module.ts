/**
 * The module a of a chart (drawing-rules G2, G3, L7; issue 12). Without pages (svg/png/excalidraw
 * without split) every chart keeps a = 20 mm. On pages a chart that fits one page is drawn on one
 * page: a = 20 mm with the standard gaps, else with the tightest gaps, else a = 15 mm (with its
 * gaps, then the tightest) — before it is ever split. A chart that fits none is split at the first
 * module that needs the fewest parts. One module for the whole chart (G3). `leastParts`: the parts a
 * module needs at least (its unsplit height in pages), so modules that cannot win are not planned.
 * `restyled`: the result draws a construct other than as today (an else-if chain as a switch,
 * fit/chain-as-switch.ts; a menu's tall cases after its rows, away from their labels) — of as many
 * parts, the one drawn as today wins whatever its module.
 */
import { COMPACT, STANDARD, type Module } from "../module.ts";

export interface ModuleChoice<T> {
  module: Module;
  result: T;
}

export function chooseModule<T>(
  paged: boolean, layoutAt: (m: Module) => T, partsOf: (result: T) => number, leastParts: (m: Module) => number,
  restyled: (result: T) => boolean = () => false,
): ModuleChoice<T> {
  const worse = (a: T, b: T): boolean => partsOf(a) > partsOf(b) || (partsOf(a) === partsOf(b) && restyled(a) && !restyled(b));
  const at = (module: Module): ModuleChoice<T> => ({ module, result: layoutAt(module) });
  if (!paged) return at(STANDARD);
  // The usual case: the chart fits one page at a = 20 mm (one candidate planned).
  const standard = leastParts(STANDARD) === 1 ? at(STANDARD) : null;
  if (standard && partsOf(standard.result) === 1) return standard;
  // Otherwise the smallest module first: a larger one whose unsplit height alone needs more pages
  // than the best so far cannot tie with it and is not planned; of those that need the fewest
  // parts the larger module wins.
  let best: ModuleChoice<T> | null = null;
  for (const module of [...COMPACT].reverse()) {
    if (best && leastParts(module) > partsOf(best.result)) continue;
    const choice = at(module);
    if (!best || !worse(choice.result, best.result)) best = choice;
  }
  if (!standard && leastParts(STANDARD) > partsOf(best!.result)) return best!;
  const choice = standard ?? at(STANDARD);
  return !worse(choice.result, best!.result) ? choice : best!;
}
