/**
 * break, continue and return-to-the-one-End (C10–C12): the jump's line is either handed to its
 * target's lane (the target routes all of them together when it is drawn) or ends in an outer
 * connector right where the jump happens, paired with one inner connector at the target (P1, P3).
 */
import { LANE_CLEARANCE } from "../geometry/style.ts";
import { drawsPlans, plansNodes, type DrawCtx, type InnerPlan, type JumpPlan, type Plan, type PlanCtx, type ShapePlan } from "./plan.ts";
import { endOf, lineTo, type Canvas, type OpenEdge } from "./canvas.ts";
import { laneableInPart, routeFor, type JumpTarget, type Route, type Scope } from "./scope.ts";
import type { SizedText } from "./size.ts";
import { down, drawSimple, planSimple } from "./simple.ts";

plansNodes(["break", "continue"], (node, scope, ctx) => planJump(node.kind, scope, null, ctx));
// A terminal is a return to the chart's one End where the scope draws returns as jumps (a
// subprogram's return text before it as a process), else the End itself.
plansNodes(["terminal"], (node, scope, ctx) => {
  if (!scope.returns) return planSimple(node, ctx);
  const before = node.text.trim() === ctx.endText ? null : planSimple({ kind: "process", text: node.text, loc: node.loc }, ctx);
  return planJump("return", scope, before, ctx);
});
drawsPlans("jump", drawJump);
drawsPlans("inner", drawInnerPlan, (plan, cx, y, ctx) => drawInnerPlan(plan, cx, y, null, ctx));


/** Height of an inner connector of diameter `d` beside the spine, from its top gap to its joining line. */
export const innerConnectorBlock = (d: number, stub: number) => stub + d + stub;
/** Extent of that connector to the right of the spine. */
export const innerConnectorRight = (d: number) => LANE_CLEARANCE + d;

/** The inner connector of `target` as a plan on the spine (where the flat forms' jumps arrive), beside it. */
export function innerPlan(target: JumpTarget, ctx: PlanCtx): InnerPlan {
  const d = ctx.connector;
  return { type: "inner", target, stands: "beside", left: 0, right: innerConnectorRight(d), height: innerConnectorBlock(d, ctx.sizer.module.stub), falls: true };
}

/** A jump straight into an outer connector of `target` (the flat forms' jumps over a branch). */
export function connectorJump(target: JumpTarget, ctx: PlanCtx): JumpPlan {
  target.connectorCount++;
  return jumpPlan(target, "connector", null, ctx);
}

/**
 * A branch's plans ending in an outer connector of `target` (the flat forms' jumps to their join).
 * After a plain symbol the connector hangs a stub below it, as a return's does, instead of a gap and
 * a stub below: a branch laid out flat for pages is no taller than needed, so a chain's steps pack
 * onto fewer pages (issue 12). The branch's end stands on the spine (or rightmost, in a cascade step),
 * so a lane can take the jump where the join is on the same part (JumpTarget.laneable).
 */
export function endInConnector(items: readonly Plan[], target: JumpTarget, ctx: PlanCtx): Plan[] {
  const last = items[items.length - 1];
  // A run ending at the inner connector of its own flat form's join (a nested if laid flat): that
  // join's jumps go straight to `target` instead, so no pair only leads to another pair.
  if (last?.type === "inner" && last.target !== target && last.target.laneCount === 0) {
    const joined = last.target;
    const jumps = items.filter((item): item is JumpPlan => item.type === "jump" && item.route === "connector" && item.target === joined);
    if (jumps.length === joined.connectorCount) {
      for (const jump of jumps) jump.target = target;
      target.connectorCount += jumps.length;
      target.laneable += joined.laneable;
      joined.connectorCount = 0;
      joined.laneable = 0;
      const rest = items.slice(0, -1);
      return rest.length > 0 && rest[rest.length - 1]!.falls ? endInConnector(rest, target, ctx) : rest;
    }
  }
  const plain = last?.type === "shape" && (last.kind === "process" || last.kind === "io" || last.kind === "call") ? last : null;
  target.connectorCount++;
  target.laneable++;
  return plain ? [...items.slice(0, -1), jumpPlan(target, "connector", plain, ctx)] : [...items, jumpPlan(target, "connector", null, ctx)];
}

export function planJump(kind: "break" | "continue" | "return", scope: Scope, before: ShapePlan | null, ctx: PlanCtx): JumpPlan {
  const target = targetOf(kind, scope);
  const route = routeFor(kind, scope);
  if (route === "lane") target.laneCount++;
  else {
    target.connectorCount++;
    if (laneableInPart(kind, scope)) target.laneable++;
  }
  return jumpPlan(target, route, before, ctx);
}

function jumpPlan(target: JumpTarget, route: Route, before: ShapePlan | null, ctx: PlanCtx): JumpPlan {
  const m = ctx.sizer.module;
  const connector: SizedText | null = route === "connector" ? ctx.sizer.connector("Щ", ctx.connector) : null;
  const tail = m.stub + (connector ? connector.h : 0);
  return {
    type: "jump",
    route,
    target,
    before,
    connector,
    left: Math.max(before?.left ?? 0, connector ? connector.w / 2 : 0),
    right: Math.max(before?.right ?? 0, connector ? connector.w / 2 : 0),
    height: (before ? before.height : 0) + tail,
    falls: false,
  };
}

function targetOf(kind: "break" | "continue" | "return", scope: Scope): JumpTarget {
  if (kind === "return") return scope.returns!;
  const loop = scope.loop;
  if (!loop) throw new Error(`${kind} outside a loop`);
  return kind === "break" ? loop.breaks : loop.continues;
}

export function drawJump(plan: JumpPlan, cx: number, y: number, incoming: OpenEdge, ctx: DrawCtx): null {
  const m = ctx.canvas.sizer.module;
  let edge = incoming;
  let top = y;
  if (plan.before) {
    edge = drawSimple(plan.before, cx, y, incoming, ctx)!;
    top = y + plan.before.height;
  }
  lineTo(edge, cx, top + m.stub);
  // A lane jump; or a flat loop's, where its target stands on the same part (part-lanes.ts).
  if (plan.route === "lane" || ctx.part?.laneOf(plan.target) != null) {
    plan.target.pendingLanes.push(edge);
    return null;
  }
  const letter = (plan.target.letter ??= ctx.canvas.nextLetter());
  const circle = ctx.canvas.addShape("connector", ctx.canvas.designation(letter), cx, top + m.stub);
  ctx.canvas.close(edge, circle.id, false);
  return null;
}

/**
 * Brings the target's lane jumps to the vertical lane at `laneX`: each runs sideways at its own
 * height; the topmost turns down the lane and is handed to `finish`, the others end on the lane
 * (T-junctions). Returns false when there was nothing to route.
 */
export function routeLane(target: JumpTarget, laneX: number, canvas: Canvas, finish: (first: OpenEdge) => void): boolean {
  const pending = target.pendingLanes.sort((a, b) => endOf(a).y - endOf(b).y || endOf(a).x - endOf(b).x);
  if (pending.length === 0) return false;
  pending.forEach((edge, i) => {
    const startX = endOf(edge).x;
    lineTo(edge, laneX, endOf(edge).y);
    if (i === 0) finish(edge);
    else canvas.close(edge, null, laneX < startX);
  });
  target.pendingLanes = [];
  return true;
}

/**
 * An inner connector planned on the spine: opening it (the flow leaves the circle's bottom), or beside
 * it — or, where its jumps came by a lane on this part (part-lanes.ts), that lane joining the spine.
 */
export function drawInnerPlan(plan: InnerPlan, cx: number, y: number, main: OpenEdge | null, ctx: DrawCtx): OpenEdge {
  const { canvas } = ctx;
  const lane = ctx.part?.joining(plan) ?? null;
  if (lane !== null) return drawLaneJoin(plan, cx + lane, cx, y, main, canvas);
  if (plan.stands === "beside") return drawInnerConnector(plan.target, cx, y, main, canvas);
  const circle = canvas.addShape("connector", canvas.designation(plan.target.letter ?? canvas.nextLetter()), cx, y);
  return canvas.open(circle.id, { x: cx, y: y + canvas.connector });
}

/**
 * The lane of `plan`'s target at `laneX` coming back to the spine where the inner connector's line
 * would join it (beside), or a stub below the top of its place (opening: nothing falls into it).
 */
function drawLaneJoin(plan: InnerPlan, laneX: number, cx: number, y: number, main: OpenEdge | null, canvas: Canvas): OpenEdge {
  const joinY = plan.stands === "beside" ? y + plan.height : y + Math.min(canvas.sizer.module.stub, plan.height);
  if (main) lineTo(main, cx, joinY);
  routeLane(plan.target, laneX, canvas, (first) => {
    lineTo(down(first, joinY), cx, joinY);
    canvas.close(first, null, true);
  });
  return main ?? canvas.open(null, { x: cx, y: joinY });
}

/**
 * The inner connector of a target, beside the spine to the right, starting at `y`. Its line joins
 * the spine at y + innerConnectorBlock: onto `main` when a line already runs down the spine there,
 * otherwise the junction starts the line that continues. Returns the line leaving downwards.
 */
export function drawInnerConnector(target: JumpTarget, cx: number, y: number, main: OpenEdge | null, canvas: Canvas): OpenEdge {
  const m = canvas.sizer.module;
  const letter = target.letter ?? canvas.nextLetter();
  const d = canvas.connector;
  const circleX = cx + LANE_CLEARANCE + d / 2;
  const circle = canvas.addShape("connector", canvas.designation(letter), circleX, y + m.stub);
  const joinY = y + innerConnectorBlock(d, m.stub);
  const edge = canvas.open(circle.id, { x: circleX, y: y + m.stub + d });
  lineTo(edge, circleX, joinY);
  lineTo(edge, cx, joinY);
  if (main) lineTo(main, cx, joinY);
  canvas.close(edge, null, true);
  return main ?? canvas.open(null, { x: cx, y: joinY });
}
