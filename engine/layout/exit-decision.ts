/** The decision that opens a flat form (branches.ts planFlatIf, cascade.ts planFlatCascade). */
import type { Node } from "../tree/schema.ts";
import { LABEL_OFFSET, LANE_CLEARANCE } from "../geometry/style.ts";
import { planBlock, symbol, type PlanCtx, type PlanTypes } from "./plan.ts";
import type { JumpTarget, Scope } from "./scope.ts";
import { labelDrop } from "./labels.ts";

/** Registered by branches.ts (PlanTypes): named here without importing the module that imports this one. */
type IfPlan = PlanTypes["if"];

/**
 * The decision of a flat form: its bottom exit (`spineLabel`) runs on down the spine, the other
 * leaves the right vertex into an outer connector of `exitTarget`.
 */
export function planExitDecision(node: Extract<Node, { kind: "if" }>, scope: Scope, ctx: PlanCtx, spineLabel: string, exitLabel: string, exitTarget: JumpTarget): IfPlan {
  const { stub } = ctx.sizer.module;
  const diamond = symbol(ctx, "decision", node.cond);
  const w = diamond.w;
  // Its exit leaves the right vertex of a decision on the spine: free for a lane (part-lanes.ts).
  exitTarget.connectorCount = 1;
  exitTarget.laneable = 1;
  const decision: IfPlan = {
    type: "if",
    node,
    diamond,
    layout: { kind: "exit", spine: { plan: planBlock({ stmts: [] }, scope, ctx), label: spineLabel }, exit: { label: exitLabel, target: exitTarget } },
    left: w / 2,
    right: Math.max(w / 2 + LANE_CLEARANCE + ctx.connector, w / 2 + 2 * LABEL_OFFSET + ctx.sizer.label(exitLabel).w, LABEL_OFFSET + ctx.sizer.label(spineLabel).w),
    height: Math.max(diamond.h + labelDrop(ctx.sizer, spineLabel), diamond.h / 2 + stub + ctx.connector),
    falls: true,
  };
  if (node.loc) decision.source = node.loc.line;
  return decision;
}
