/**
 * Where a chart is cut into pages (drawing-rules P6, P7; issue 12). The top-level run of a chart
 * planned for pages (fit/flatten.ts) is grouped into parts that fit the usable height, each cut as
 * low as the page allows. Which constructs are laid out flat decides where cuts may fall: the fit
 * stage tries the plans it is given (tall constructs only, then also smaller ones) and keeps the
 * one with the fewest parts — a construct pushed whole to the next page can leave the previous one
 * mostly empty, cutting inside it fills that page.
 */
import { PAGE_PART_HEIGHT } from "../../geometry/style.ts";
import type { ChartPlan } from "../chart.ts";
import type { Plan } from "../plan.ts";

export interface Cut {
  plan: ChartPlan;
  groups: Plan[][];
}

/**
 * Heights above which top-level constructs are laid out flat, tried in order: only what cannot fit a
 * part at all (today's look), then constructs over half a page, then over a quarter.
 */
export const FLATTEN_TALLER: readonly number[] = [Infinity, PAGE_PART_HEIGHT / 2, PAGE_PART_HEIGHT / 4];

/** Cuts the plans `planFor` gives for each threshold; the fewest parts win, the earlier plan on a tie. */
export function cutPages(planFor: (flattenTaller: number) => ChartPlan, ideal: number): Cut {
  let best: Cut | null = null;
  for (const threshold of FLATTEN_TALLER) {
    const plan = planFor(threshold);
    const cut = { plan, groups: cutParts(plan) };
    if (!best || cut.groups.length < best.groups.length) best = cut;
    if (best.groups.length <= ideal) break;
  }
  return best!;
}

/**
 * Groups the top-level constructs into parts that fit the usable page height (greedy, in order: each
 * cut as low as the page allows, which gives the fewest parts for this run). A cut where the spine
 * runs on costs a connector pair (an outer one closing the part, an inner one opening the next); a
 * cut after a construct nothing falls out of (a jump into a connector) costs nothing — the next part
 * starts at its own inner connector. Some neighbours are never cut apart (`units`): a jump stays with
 * the construct leading into it, and what holdsNext stays with the item below it (P6: no decision or
 * loop-limit symbol ends a part with its exits cut).
 */
export function cutParts(plan: ChartPlan): Plan[][] {
  const { gap } = plan.module;
  const items = plan.body.items;
  if (plan.height <= PAGE_PART_HEIGHT || items.length <= 1) return [items];
  const units: Plan[][] = [];
  items.forEach((item, i) => {
    const prev = items[i - 1];
    if (prev && (item.type === "jump" || holdsNext(prev))) units[units.length - 1]!.push(item);
    else units.push([item]);
  });
  const parts: Plan[][] = [];
  let current: Plan[] = [];
  let height = plan.start.h;
  units.forEach((unit, u) => {
    const unitHeight = unit.reduce((sum, item) => sum + item.height, 0) + gap * (unit.length - 1);
    const last = unit[unit.length - 1]!;
    const after =
      u === units.length - 1 ? plan.tailHeight
      : last.falls ? gap + plan.connector // the outer connector, should the part end here
      : 0;
    if (current.length > 0 && height + gap + unitHeight + after > PAGE_PART_HEIGHT) {
      const runsOn = current[current.length - 1]!.falls;
      parts.push(current);
      current = [];
      height = runsOn ? plan.connector : -gap; // the inner connector opening the part, or nothing
    }
    current.push(...unit);
    height += gap + unitHeight;
  });
  parts.push(current);
  return parts;
}

/**
 * Items that must not end a part: the head of a flat form (its decision or opening loop limit) and
 * an inner connector (a part ending at a connector that leads straight to a page connector says
 * nothing).
 */
function holdsNext(item: Plan): boolean {
  return (
    (item.type === "if" && item.layout.kind === "exit") || item.type === "fork" || item.type === "inner" ||
    (item.type === "shape" && item.kind === "loop_begin")
  );
}
