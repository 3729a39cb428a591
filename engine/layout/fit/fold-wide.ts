/**
 * Keeping a chart within the page width, 170 mm (drawing-rules P7, C4; issue 12). Charts that fit
 * keep their look; a wider one is laid out again with more of its decisions folded, the outermost
 * too-wide ones first, against a falling limit: an if/else or else-if chain is drawn as a cascade
 * (C4 layout B: the diamonds down the spine, each `yes` body beside it, one join below), a switch
 * with its bus on several rows. Every pass is one linear layout and there are at most
 * FOLD_LIMITS.length + 1 of them, so fitting stays linear in the size of the chart.
 */
import type { Node } from "../../tree/schema.ts";
import { PAGE_PART_WIDTH } from "../../geometry/style.ts";
import type { Plan } from "../plan.ts";

/** Widths above which constructs are folded, one pass each. */
const FOLD_LIMITS: readonly number[] = [PAGE_PART_WIDTH, 150, 130, 110, 90, 70, 50];

export interface Folded<T> {
  result: T;
  fold: ReadonlySet<Node>;
}

/**
 * Lays out with `layout(fold)` until the widest part is within the page; returns the first layout
 * that fits, or the narrowest one when none does.
 */
export function foldToWidth<T>(
  layout: (fold: ReadonlySet<Node>) => T, widthOf: (result: T) => number, plansOf: (result: T) => readonly Plan[],
): Folded<T> {
  let fold: ReadonlySet<Node> = new Set();
  let result = layout(fold);
  let best = { result, fold, width: widthOf(result) };
  for (const limit of FOLD_LIMITS) {
    if (best.width <= PAGE_PART_WIDTH) break;
    const more = outermostWider(plansOf(result), limit, fold);
    if (more.length === 0) continue;
    fold = new Set([...fold, ...more]);
    result = layout(fold);
    const width = widthOf(result);
    if (width < best.width) best = { result, fold, width };
  }
  return { result: best.result, fold: best.fold };
}

/** The outermost foldable constructs wider than `limit` that are not folded yet. */
function outermostWider(plans: readonly Plan[], limit: number, folded: ReadonlySet<Node>): Node[] {
  const found: Node[] = [];
  const visit = (plan: Plan): void => {
    const node = foldable(plan);
    if (node && !folded.has(node) && plan.left + plan.right > limit) {
      found.push(node);
      return;
    }
    for (const child of childrenOf(plan)) visit(child);
  };
  plans.forEach(visit);
  return found;
}

/** The node of a plan that folding would make narrower. */
function foldable(plan: Plan): Node | null {
  if (plan.type === "if" && plan.layout.kind === "columns") return plan.node;
  if (plan.type === "switch" && plan.columns.length > 2) return plan.node;
  return null;
}

function childrenOf(plan: Plan): Plan[] {
  switch (plan.type) {
    case "seq":
      return plan.items;
    case "if": {
      const l = plan.layout;
      if (l.kind === "columns") return [l.left.plan, l.right.plan];
      if (l.kind === "side") return [l.side.plan];
      if (l.kind === "cascade") return [...l.steps.map((s) => s.body), l.last];
      return [];
    }
    case "switch":
      return plan.columns.map((c) => c.plan);
    case "loop":
      return plan.elseBody ? [plan.body, plan.elseBody] : [plan.body];
    default:
      return [];
  }
}
