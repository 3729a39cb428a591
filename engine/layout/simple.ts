/** Symbols that sit on the spine with one line in and at most one line out (S1–S4, S8; C1). */
import type { Node } from "../tree/schema.ts";
import { drawsPlans, plansNodes, symbol, type DrawCtx, type PlanCtx, type ShapePlan } from "./plan.ts";
import { endOf, lineTo, type OpenEdge } from "./canvas.ts";
import { COMMENT_GAP } from "../geometry/style.ts";

type SimpleNode = Extract<Node, { kind: "process" | "io" | "call" | "terminal" | "connector" }>;

// A terminal is planned by jumps.ts: in a subprogram with a return lane it may be a jump.
plansNodes(["process", "io", "call", "connector"], (node, _scope, ctx) => planSimple(node, ctx));
drawsPlans("shape", drawSimple, drawLabel);

export function planSimple(node: SimpleNode, ctx: PlanCtx): ShapePlan {
  const kind = node.kind === "terminal" ? "terminator" : node.kind;
  const sized = kind === "connector" ? ctx.sizer.shape(kind, node.text) : symbol(ctx, kind, node.text);
  // A terminal ends the chart here; a connector with `jump` is a goto: flow continues at its pair.
  const falls = node.kind !== "terminal" && !(node.kind === "connector" && node.jump === true);
  // A comment (S10) stands to the right of its symbol, top-aligned when it is the taller one.
  const right = sized.comment ? sized.w / 2 + COMMENT_GAP + sized.comment.w : sized.w / 2;
  const height = Math.max(sized.h, sized.comment?.h ?? 0);
  const plan: ShapePlan = { type: "shape", kind, sized, left: sized.w / 2, right, height, falls };
  if (node.loc) plan.source = node.loc.line;
  return plan;
}

export function drawSimple(plan: ShapePlan, cx: number, y: number, incoming: OpenEdge, ctx: DrawCtx): OpenEdge | null {
  const shape = ctx.canvas.enter(plan.kind, plan.sized, cx, y, incoming, plan.source);
  if (!plan.falls) return null;
  return ctx.canvas.open(shape.id, { x: cx, y: y + plan.sized.h });
}

/** A goto label that nothing flows into from above: an inner connector reached only by its jumps. */
export function drawLabel(plan: ShapePlan, cx: number, y: number, ctx: DrawCtx): OpenEdge {
  const shape = ctx.canvas.addShape(plan.kind, plan.sized, cx, y, plan.source);
  return ctx.canvas.open(shape.id, { x: cx, y: y + plan.sized.h });
}

/** Continues `edge` straight down to `y` on its current x (a no-op when it is already there). */
export function down(edge: OpenEdge, y: number): OpenEdge {
  return lineTo(edge, endOf(edge).x, y);
}
