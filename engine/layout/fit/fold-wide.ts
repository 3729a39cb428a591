/**
 * Keeping a chart within the page width, 170 mm (drawing-rules P7, C4; issue 12). Charts that fit
 * keep their look; a wider one is planned again with more of its decisions folded, against a
 * falling limit, in the order a careful student uses the means:
 *  1. the outermost too-wide if/else or else-if chain drawn as a cascade (C4 layout B: the diamonds
 *     down the spine, each `yes` body beside it, one join below), a too-wide switch with its
 *     columns on several rows;
 *  2. only when that is not enough, connector pairs — the innermost too-wide decision (if or
 *     switch) laid out with its branches one after another on the spine (the flat forms, a switch's
 *     exits on lanes), a too-wide loop in the loop-limit form, which needs no lanes.
 * A fold that does not make the chart narrower is dropped. Every pass is one linear planning pass
 * and there are at most 2 × FOLD_LIMITS.length + 1 of them, so fitting stays linear.
 */
import type { Node } from "../../tree/schema.ts";
import { PAGE_PART_WIDTH } from "../../geometry/style.ts";
import type { Fold, Folds, Plan } from "../plan.ts";
import { foldsToRows } from "../switch-rows.ts";

/** Widths above which constructs are folded, one pass each. */
const FOLD_LIMITS: readonly number[] = [PAGE_PART_WIDTH, 150, 130, 110, 90, 70, 50];

export interface Folded<T> {
  result: T;
  fold: Folds;
}

export type FoldStage = "shape" | "connectors";

/**
 * Plans with `layout(fold)`, starting from the `initial` folds (planned already when `first` is
 * given) and going through `stages`, until the chart is within `target` (the page width); returns
 * the first plan that fits, or the narrowest one when none does.
 */
export function foldToWidth<T>(
  layout: (fold: Folds) => T, widthOf: (result: T) => number, plansOf: (result: T) => readonly Plan[],
  { target = PAGE_PART_WIDTH, stages = ["shape", "connectors"], initial = new Map(), first = layout(initial) }:
    { target?: number; stages?: readonly FoldStage[]; initial?: Folds; first?: T } = {},
): Folded<T> {
  let best = { result: first, fold: initial, width: widthOf(first) };
  for (const stage of stages) {
    const tried = new Set<Node>();
    for (const limit of FOLD_LIMITS) {
      if (best.width <= target) return best;
      const more = stage === "shape" ? outermostWider(plansOf(best.result), limit, best.fold, tried) : innermostWider(plansOf(best.result), limit, best.fold, tried);
      if (more.length === 0) continue;
      for (const node of more) tried.add(node);
      const fold = new Map<Node, Fold>(best.fold);
      for (const node of more) fold.set(node, stage === "connectors" ? "connectors" : node.kind === "switch" ? "rows" : "cascade");
      const result = layout(fold);
      const width = widthOf(result);
      if (width < best.width) best = { result, fold, width };
    }
  }
  return best;
}

/** The outermost if/else plans (two-column layout) and switches (one row) wider than `limit` not folded yet. */
function outermostWider(plans: readonly Plan[], limit: number, folds: Folds, tried: ReadonlySet<Node>): Node[] {
  const found: Node[] = [];
  const visit = (plan: Plan): void => {
    const foldable =
      (plan.type === "if" && plan.layout.kind === "columns") ||
      (plan.type === "switch" && !plan.rows && plan.columns.length > 2 && foldsToRows(plan.node));
    if (foldable && !folds.has(plan.node) && !tried.has(plan.node) && width(plan) > limit) {
      found.push(plan.node);
      return;
    }
    for (const child of childrenOf(plan)) visit(child);
  };
  plans.forEach(visit);
  return found;
}

/**
 * The innermost decisions wider than `limit` that are not laid out with connectors yet: those with
 * no such decision inside them.
 */
function innermostWider(plans: readonly Plan[], limit: number, folds: Folds, tried: ReadonlySet<Node>): Node[] {
  const found: Node[] = [];
  const visit = (plan: Plan): boolean => {
    let inner = false;
    for (const child of childrenOf(plan)) inner = visit(child) || inner;
    const node = plan.type === "if" || plan.type === "switch" || plan.type === "row" || plan.type === "fork" || plan.type === "loop" ? plan.node : null;
    // Flat forms and cascade steps are already as narrow as a decision gets.
    const flat = (plan.type === "if" && (plan.layout.kind === "exit" || plan.layout.kind === "step" || plan.layout.kind === "jump")) ||
      (plan.type === "fork" && plan.lanes !== undefined);
    if (!inner && node && !flat && !tried.has(node) && folds.get(node) !== "connectors" && width(plan) > limit) {
      found.push(node);
      return true;
    }
    return inner;
  };
  plans.forEach(visit);
  return found;
}

const width = (plan: Plan): number => plan.left + plan.right;

function childrenOf(plan: Plan): Plan[] {
  switch (plan.type) {
    case "seq":
      return plan.items;
    case "if": {
      const l = plan.layout;
      if (l.kind === "columns") return [l.left.plan, l.right.plan];
      if (l.kind === "side") return [l.side.plan];
      if (l.kind === "cascade") return [...l.steps.map((s) => s.body), l.last];
      if (l.kind === "step") return [l.body];
      return [];
    }
    case "switch":
    case "row":
      return plan.columns.map((c) => c.plan);
    case "loop":
      return plan.elseBody ? [plan.body, plan.elseBody] : [plan.body];
    default:
      return [];
  }
}
