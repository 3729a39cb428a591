/**
 * break, continue and return-to-the-one-End (C10–C12): the jump's line is either handed to its
 * target's lane (the target routes all of them together when it is drawn) or ends in an outer
 * connector right where the jump happens, paired with one inner connector at the target (P1, P3).
 */
import { CONNECTOR_DIAMETER, LANE_CLEARANCE, STUB } from "../geometry/style.ts";
import type { DrawCtx, JumpPlan, PlanCtx, ShapePlan } from "./plan.ts";
import { endOf, lineTo, type Canvas, type OpenEdge } from "./canvas.ts";
import { routeFor, type JumpTarget, type Scope } from "./scope.ts";
import type { SizedText } from "./size.ts";
import { drawSimple } from "./simple.ts";

const R = CONNECTOR_DIAMETER / 2;

/** Height of an inner connector placed beside the spine, from its top gap to its joining line. */
export const INNER_CONNECTOR_BLOCK = STUB + CONNECTOR_DIAMETER + STUB;
/** Extent of that connector to the right of the spine. */
export const INNER_CONNECTOR_RIGHT = LANE_CLEARANCE + CONNECTOR_DIAMETER;

export function planJump(kind: "break" | "continue" | "return", scope: Scope, before: ShapePlan | null, ctx: PlanCtx): JumpPlan {
  const target = targetOf(kind, scope);
  const route = routeFor(kind, scope);
  if (route === "lane") target.laneCount++;
  else target.connectorCount++;
  const connector: SizedText | null = route === "connector" ? ctx.sizer.shape("connector", "Щ") : null;
  const tail = STUB + (connector ? connector.h : 0);
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
  let edge = incoming;
  let top = y;
  if (plan.before) {
    edge = drawSimple(plan.before, cx, y, incoming, ctx)!;
    top = y + plan.before.height;
  }
  lineTo(edge, cx, top + STUB);
  if (plan.route === "lane") {
    plan.target.pendingLanes.push(edge);
    return null;
  }
  const letter = (plan.target.letter ??= ctx.canvas.nextLetter());
  const circle = ctx.canvas.addShape("connector", ctx.canvas.sizer.shape("connector", letter), cx, top + STUB);
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
 * The inner connector of a target, beside the spine to the right, starting at `y`. Its line joins
 * the spine at y + INNER_CONNECTOR_BLOCK: onto `main` when a line already runs down the spine there,
 * otherwise the junction starts the line that continues. Returns the line leaving downwards.
 */
export function drawInnerConnector(target: JumpTarget, cx: number, y: number, main: OpenEdge | null, canvas: Canvas): OpenEdge {
  const letter = target.letter ?? canvas.nextLetter();
  const circleX = cx + LANE_CLEARANCE + R;
  const circle = canvas.addShape("connector", canvas.sizer.shape("connector", letter), circleX, y + STUB);
  const joinY = y + INNER_CONNECTOR_BLOCK;
  const edge = canvas.open(circle.id, { x: circleX, y: y + STUB + CONNECTOR_DIAMETER });
  lineTo(edge, circleX, joinY);
  lineTo(edge, cx, joinY);
  if (main) lineTo(main, cx, joinY);
  canvas.close(edge, null, true);
  return main ?? canvas.open(null, { x: cx, y: joinY });
}
