/**
 * Planning for pages: the top-level constructs a page cut may have to go through are laid out flat
 * on the spine, so cuts fall between symbols of the top-level spine only (P6). Infinite loops always
 * (their back line spans the whole body) in the loop-limit form (C9); loops taller than the fit
 * stage's threshold in the loop-limit form too; an if or a switch taller than it with its branches
 * one after the other, joined by connector pairs — an else-if chain (or an if folded for width) as
 * the steps of its cascade, each `yes` body beside its diamond. The threshold is at most what surely fits a part,
 * lower when the fit stage wants cuts inside big constructs to fill pages (fit/cut-pages.ts).
 */
import type { Node } from "../../tree/schema.ts";
import { PAGE_PART_HEIGHT } from "../../geometry/style.ts";
import { planFlatIf, planFlatSwitch } from "../branches.ts";
import { planFlatLoop } from "../loops.ts";
import { planFlatCascade } from "../cascade.ts";
import { planNode, type Plan, type PlanCtx } from "../plan.ts";
import type { Scope } from "../scope.ts";

/**
 * A top-level construct of a chart cut into pages, as one plan or a flat run of plans. A construct
 * is planned normally first; when it has to be flattened, what that planning counted (returns to
 * the one End, loop numbers, the enclosing loop's jumps) is undone.
 */
export function planForPages(node: Node, scope: Scope, ctx: PlanCtx): Plan[] {
  if (node.kind === "infloop") return planFlatLoop(node, scope, ctx)!;
  const beforeNormal = countsOf(scope, ctx);
  const plan = planNode(node, scope, ctx);
  const limit = Math.min(ctx.flattenTaller, roomOnAPart(ctx));
  if ((plan.type !== "loop" && plan.type !== "if" && plan.type !== "switch") || plan.height <= limit) return [plan];
  const afterNormal = countsOf(scope, ctx);
  beforeNormal();
  if (node.kind === "if") {
    // An else-if chain (or an if folded for width) as the steps of its cascade.
    return ctx.fold.get(node) === "cascade" || isChain(node) ? planFlatCascade(node, scope, ctx, limit) : planFlatIf(node, scope, ctx);
  }
  if (node.kind === "switch") return planFlatSwitch(node, scope, ctx);
  const flat = planFlatLoop(node as Extract<Node, { kind: "while" | "for" | "dowhile" }>, scope, ctx);
  if (flat) return flat;
  afterNormal(); // the flat form does not fit (nothing reaches its closing symbol): keep the normal plan
  return [plan];
}

/** An if whose else is another if: an else-if chain. */
function isChain(node: Extract<Node, { kind: "if" }>): boolean {
  return node.else?.stmts.length === 1 && node.else.stmts[0]!.kind === "if";
}

/**
 * The tallest construct that surely fits a part: a part may have to open with a page connector and
 * close with an outer connector (or a jump), and needs that room besides.
 */
function roomOnAPart(ctx: PlanCtx): number {
  const { gap, stub } = ctx.sizer.module;
  return PAGE_PART_HEIGHT - (ctx.connector + gap) - (gap + stub + ctx.connector);
}

/** What planning counts outside the plan it returns, as a function that puts those counts back. */
export function countsOf(scope: Scope, ctx: PlanCtx): () => void {
  const loops = ctx.loopCount;
  const targets = [scope.returns, scope.loop?.breaks, scope.loop?.continues].filter((t) => t != null);
  const counts = targets.map((t) => [t.laneCount, t.connectorCount] as const);
  return () => {
    ctx.loopCount = loops;
    targets.forEach((t, i) => {
      [t.laneCount, t.connectorCount] = counts[i]!;
    });
  };
}
