/**
 * Loops (drawing-rules C5–C9):
 *  - while: pre-condition diamond; body down from the bottom vertex (`yes`); the back line runs
 *    down, left to a lane outside the body, up, and into a junction above the diamond with an
 *    arrowhead; the exit (`no`) leaves the right vertex, runs down a right lane and back to the spine.
 *  - for (counting / foreach): the preparation hexagon; the back line enters its left vertex, the
 *    exit leaves its right vertex; no yes/no labels.
 *  - dowhile: body first, then the diamond; the repeat line leaves the left vertex and goes up into
 *    a junction above the body; the exit continues down from the bottom vertex.
 *  - infloop: the loop-limit pair (S7, C9) around the body; no back line is drawn; breaks leave it.
 * break lines run to a lane right of the body and join the exit; continue lines join the back lane
 * (while/for). Jumps that cannot reach their lane without crossing end in connector pairs whose
 * inner connector stands beside the spine where control really goes.
 */
import type { Block, Node } from "../tree/schema.ts";
import { childBlocks } from "../tree/blocks.ts";
import type { Texts } from "../options.ts";
import { LABEL_OFFSET, LANE_CLEARANCE, LANE_PITCH } from "../geometry/style.ts";
import { drawBlockAt, drawsPlans, planBlock, plansNodes, symbol, type DrawCtx, type Plan, type PlanBase, type PlanCtx, type SeqPlan, type ShapePlan } from "./plan.ts";
import { endOf, lineTo, type OpenEdge } from "./canvas.ts";
import { newLoop, type LoopKind, type LoopTarget, type Scope } from "./scope.ts";
import type { SizedText } from "./size.ts";
import { drawInnerConnector, innerConnectorBlock, innerConnectorRight, innerPlan, routeLane } from "./jumps.ts";
import { formatForSpec } from "./for-text.ts";
import { labelDrop, withLabel } from "./labels.ts";
import { down } from "./simple.ts";

type LoopNode = Extract<Node, { kind: LoopKind }>;

/**
 * The closing symbol of an endless loop: its name and how it ends — `до виходу` when a `break`, a
 * return or a jump inside leaves it (the decision over it says when), `нескінченно` when nothing
 * does. A bare `Цикл 1` pair says neither (issue 20).
 */
function infiniteEnd(name: string, body: Block, texts: Texts): string {
  return `${name}\n${leaves(body, false) ? texts.untilExit : texts.forever}`;
}

/** Whether a block holds a way out of the loop around it (a break of a nested loop is that loop's). */
function leaves(block: Block, nested: boolean): boolean {
  return block.stmts.some((node) =>
    (node.kind === "break" && !nested) || node.kind === "terminal" || (node.kind === "connector" && node.jump === true) ||
    childBlocks(node).some((inner) => leaves(inner, nested || node.kind === "for" || node.kind === "while" || node.kind === "dowhile" || node.kind === "infloop")),
  );
}

declare module "./plan.ts" {
  interface PlanTypes {
    loop: LoopPlan;
  }
}

plansNodes(["while", "for", "dowhile", "infloop"], planLoop, planFlatLoop);
drawsPlans("loop", drawLoop);

/** Vertical positions and lane offsets of a loop, relative to its top and spine. */
interface LoopGeometry {
  headTop: number;
  bodyTop: number;
  tailTop: number; // loop_end (infloop)
  backY: number; // horizontal run of the back line below the body
  exitY: number; // where the exit (or the lane-break line) comes back to the spine
  elseTop: number;
  innerContinueY: number; // top of the continue inner connector block
  innerBreakY: number; // top of the break inner connector block
  xBack: number;
  xBreak: number;
  xExit: number;
}

export interface LoopPlan extends PlanBase {
  type: "loop";
  node: LoopNode;
  kind: LoopKind;
  head: SizedText;
  tail: SizedText | null;
  body: SeqPlan;
  elseBody: SeqPlan | null;
  loop: LoopTarget;
  /** Whether the body can reach the loop's re-test (false: the body always leaves the loop). */
  loops: boolean;
  labels: { body: string; exit: string };
  geo: LoopGeometry;
  source?: number;
}

export function planLoop(node: LoopNode, scope: Scope, ctx: PlanCtx): LoopPlan {
  const m = ctx.sizer.module;
  const hasElse = (node.kind === "while" || node.kind === "for") && node.else !== undefined;
  const loop = newLoop(node.kind, hasElse);
  const bodyScope: Scope = {
    ...scope,
    loop,
    blockedLeft: false,
    blockedRight: false,
    returnBlocked: true,
  };
  const body = planBlock(node.body, bodyScope, ctx);
  const elseBody = hasElse && "else" in node && node.else ? planBlock(node.else, scope, ctx) : null;
  const { texts } = ctx.options;
  const loopName = node.kind === "infloop" ? `${texts.loopWord} ${++ctx.loopCount}` : "";
  const head =
    node.kind === "for"
      ? symbol(ctx, "hexagon", formatForSpec(node.cond, ctx.options.forFormat, texts))
      : node.kind === "infloop"
        ? symbol(ctx, "loop_begin", loopName)
        : symbol(ctx, "decision", node.cond);
  const tail = node.kind === "infloop" ? symbol(ctx, "loop_end", infiniteEnd(loopName, node.body, texts)) : null;
  const until = node.kind === "dowhile" && node.until === true;
  const labels = node.kind === "dowhile"
    ? { body: until ? texts.no : texts.yes, exit: until ? texts.yes : texts.no } // body = repeat branch
    : { body: texts.yes, exit: texts.no };

  const cc = loop.continues.connectorCount > 0;
  const cl = loop.continues.laneCount > 0;
  const bl = loop.breaks.laneCount > 0;
  const bc = loop.breaks.connectorCount > 0;
  const w = head.w;
  const h = head.h;
  // A lane beside the body keeps LANE_CLEARANCE from its symbols, or only the lane pitch from the
  // lane of a loop nested in it (L7: parallel lines; 3 mm in the compact modules).
  const pitch = m.lanePitch;
  const besideLeft = body.left + (body.laneLeft ? pitch : LANE_CLEARANCE);
  const besideRight = body.right + (body.laneRight ? pitch : LANE_CLEARANCE);
  const geo: LoopGeometry = {
    headTop: 0, bodyTop: 0, tailTop: 0, backY: 0, exitY: 0, elseTop: 0,
    innerContinueY: 0, innerBreakY: 0, xBack: 0, xBreak: 0, xExit: 0,
  };
  let height: number;
  let left = Math.max(w / 2, body.left);
  let right = Math.max(w / 2, body.right);
  let loops = true;
  let falls = true;
  let laneLeft = false;
  let laneRight = false;

  if (node.kind === "while" || node.kind === "for") {
    const isWhile = node.kind === "while";
    // A blocked `continue` of a while comes in from an inner connector above the junction; of a
    // for, from one left of the back lane at the hexagon's mid-height.
    geo.headTop = cc ? (isWhile ? ctx.connector + m.stub + LANE_PITCH + m.stub : Math.max(0, m.stub + ctx.connector - h / 2)) : isWhile ? m.stub : 0;
    geo.bodyTop = geo.headTop + h + m.gap;
    const bodyBottom = geo.bodyTop + body.height;
    const hasBack = body.falls || cl;
    loops = hasBack || cc;
    geo.backY = bodyBottom + m.stub;
    geo.exitY = hasBack ? geo.backY + pitch : bodyBottom + m.stub;
    geo.xBack = -Math.max(besideLeft, w / 2 + LANE_CLEARANCE);
    geo.xBreak = Math.max(besideRight, w / 2 + LANE_CLEARANCE);
    const labelRoom = isWhile ? 2 * LABEL_OFFSET + ctx.sizer.label(labels.exit).w : 0;
    geo.xExit = Math.max(w / 2 + labelRoom + LANE_CLEARANCE, besideRight) + (bl ? pitch : 0);
    if (bl) geo.xExit = Math.max(geo.xExit, geo.xBreak + pitch);
    geo.elseTop = geo.exitY + m.gap;
    const afterElse = elseBody ? geo.elseTop + elseBody.height : geo.exitY;
    geo.innerBreakY = afterElse;
    height = bc ? afterElse + innerConnectorBlock(ctx.connector, m.stub) : afterElse;
    falls = elseBody ? elseBody.falls || bc : true;
    if (hasBack) left = Math.max(left, -geo.xBack);
    if (cc) left = Math.max(left, isWhile ? LANE_CLEARANCE + ctx.connector : -geo.xBack + LANE_CLEARANCE + ctx.connector);
    right = Math.max(right, geo.xExit, bc ? innerConnectorRight(ctx.connector) : 0);
    if (elseBody) {
      left = Math.max(left, elseBody.left);
      right = Math.max(right, elseBody.right);
    }
    laneLeft = hasBack && left === -geo.xBack;
    laneRight = right === geo.xExit;
  } else if (node.kind === "dowhile") {
    loops = body.falls || cc;
    geo.bodyTop = m.stub;
    const bodyBottom = geo.bodyTop + body.height;
    geo.innerContinueY = bodyBottom;
    geo.headTop = (cc ? bodyBottom + innerConnectorBlock(ctx.connector, m.stub) : bodyBottom) + m.gap;
    const headBottom = geo.headTop + h;
    geo.xBack = -Math.max(besideLeft, w / 2 + 2 * LABEL_OFFSET + ctx.sizer.label(labels.body).w + LANE_CLEARANCE);
    geo.xBreak = Math.max(besideRight, Math.max(w / 2, cc ? innerConnectorRight(ctx.connector) : 0) + LANE_CLEARANCE);
    // The exit label hangs below the bottom vertex: what follows keeps clear of it.
    const last = loops ? headBottom + labelDrop(ctx.sizer, labels.exit) : bodyBottom;
    geo.exitY = loops ? headBottom + m.gap : bodyBottom + m.stub;
    geo.innerBreakY = bl ? geo.exitY : loops ? headBottom + m.stub : bodyBottom;
    height = bc ? geo.innerBreakY + innerConnectorBlock(ctx.connector, m.stub) : bl ? geo.exitY : last;
    falls = loops || bl || bc;
    if (loops) left = Math.max(left, -geo.xBack);
    right = Math.max(right, bl ? geo.xBreak : 0, bc || cc ? innerConnectorRight(ctx.connector) : 0, LABEL_OFFSET + ctx.sizer.label(labels.exit).w);
    laneLeft = loops && left === -geo.xBack;
    laneRight = bl && right === geo.xBreak;
  } else {
    // infloop: loop_begin, body, loop_end; only breaks leave it.
    loops = body.falls || cc;
    geo.headTop = 0;
    geo.bodyTop = h + m.gap;
    const bodyBottom = geo.bodyTop + body.height;
    geo.innerContinueY = bodyBottom;
    geo.tailTop = (cc ? bodyBottom + innerConnectorBlock(ctx.connector, m.stub) : bodyBottom) + m.gap;
    const last = loops ? geo.tailTop + tail!.h : bodyBottom;
    geo.exitY = last + m.stub;
    // The closing symbol, when drawn, may be wider than the opening one (`Цикл 1` over `нескінченно`):
    // what stands beside the loop (a break's lane, an enclosing loop's exit line) keeps clear of both.
    const halfWidth = loops ? Math.max(w, tail!.w) / 2 : w / 2;
    left = Math.max(left, halfWidth);
    right = Math.max(right, halfWidth);
    geo.xBreak = Math.max(besideRight, Math.max(halfWidth, cc ? innerConnectorRight(ctx.connector) : 0) + LANE_CLEARANCE);
    geo.innerBreakY = bl ? geo.exitY : last;
    height = bc ? geo.innerBreakY + innerConnectorBlock(ctx.connector, m.stub) : bl ? geo.exitY : last;
    falls = bl || bc;
    right = Math.max(right, bl ? geo.xBreak : 0, bc || cc ? innerConnectorRight(ctx.connector) : 0);
    laneRight = bl && right === geo.xBreak;
  }

  const plan: LoopPlan = {
    type: "loop", node, kind: node.kind, head, tail, body, elseBody,
    loop, loops, labels, geo, left, right, height, falls,
  };
  if (laneLeft) plan.laneLeft = true;
  if (laneRight) plan.laneRight = true;
  if (node.loc) plan.source = node.loc.line;
  return plan;
}

/**
 * A loop as a flat run of top-level plans — the loop-limit form (C9, S7) — so that a chart split
 * into pages can be cut inside it: no back line or exit lane crosses a cut. Used for every top-level
 * infinite loop of such a chart, and for a top-level while/for/do-while taller than a page.
 * The opening symbol names the loop (`Цикл 1`) and, for a pre-test loop, holds its condition
 * (`поки i < n`, or the counter spec); a post-test loop's condition goes in the closing symbol
 * (`поки …` / `до …`). continue and break use connector pairs: the continue pair ends just above the
 * closing symbol, the break pair below the loop (and below a Python loop's `else` block) — or, where
 * the jumps and that inner connector stand on one part, a lane on the right (part-lanes.ts).
 * Returns null when the form does not fit: a pre-test loop whose closing symbol nothing reaches.
 */
export function planFlatLoop(node: LoopNode, scope: Scope, ctx: PlanCtx, topLevel = true): Plan[] | null {
  const hasElse = (node.kind === "while" || node.kind === "for") && node.else !== undefined;
  const loop = newLoop(node.kind, hasElse, true);
  // Every break and continue becomes a connector pair (the loop may be cut); those with nothing to
  // their right may be drawn as a lane instead where the pair would stand on one part (part-lanes.ts).
  const bodyScope: Scope = { ...scope, loop, blockedLeft: true, blockedRight: false, returnBlocked: true };
  const { texts } = ctx.options;
  const name = `${texts.loopWord} ${++ctx.loopCount}`;
  const begin =
    node.kind === "while" ? `${name}\n${texts.whileWord} ${node.cond}`
    : node.kind === "for" ? `${name}\n${formatForSpec(node.cond, ctx.options.forFormat, texts)}`
    : name;
  const end =
    node.kind === "dowhile" ? `${name}\n${node.until ? texts.untilWord : texts.whileWord} ${node.cond}`
    : node.kind === "infloop" ? infiniteEnd(name, node.body, texts)
    : name;
  // The body's constructs sit on the chart's top-level spine now: a tall loop among them is cut too.
  const body = planBlock(node.body, bodyScope, ctx, topLevel);
  const reachesEnd = body.falls || loop.continues.connectorCount > 0;
  if (!reachesEnd && node.kind !== "infloop") return null;
  const shape = (kind: "loop_begin" | "loop_end", text: string, falls: boolean): ShapePlan => {
    const sized = symbol(ctx, kind, text);
    const plan: ShapePlan = { type: "shape", kind, sized, left: sized.w / 2, right: sized.w / 2, height: sized.h, falls };
    if (node.loc) plan.source = node.loc.line;
    return plan;
  };
  const plans: Plan[] = [shape("loop_begin", begin, true), ...body.items];
  if (loop.continues.connectorCount > 0) plans.push(innerPlan(loop.continues, ctx));
  // Only an infinite loop's closing symbol is a dead end: the others' loops exit through it.
  if (reachesEnd) plans.push(shape("loop_end", end, node.kind !== "infloop"));
  if (hasElse && "else" in node && node.else) plans.push(...planBlock(node.else, scope, ctx, topLevel).items);
  if (loop.breaks.connectorCount > 0) plans.push(innerPlan(loop.breaks, ctx));
  return plans;
}

export function drawLoop(plan: LoopPlan, cx: number, y: number, incoming: OpenEdge, ctx: DrawCtx): OpenEdge | null {
  switch (plan.kind) {
    case "while":
    case "for":
      return drawPreTest(plan, cx, y, incoming, ctx);
    case "dowhile":
      return drawPostTest(plan, cx, y, incoming, ctx);
    case "infloop":
      return drawInfinite(plan, cx, y, incoming, ctx);
  }
}

/** Lines of lane breaks: to the break lane, down it to `joinY`, then (optionally) left to the spine. */
function routeBreaks(plan: LoopPlan, cx: number, joinY: number, toSpine: boolean, ctx: DrawCtx): boolean {
  const { canvas } = ctx;
  return routeLane(plan.loop.breaks, cx + plan.geo.xBreak, canvas, (first) => {
    down(first, joinY);
    if (toSpine) {
      lineTo(first, cx, joinY);
      canvas.close(first, null, true);
    } else {
      canvas.close(first, null, false);
    }
  });
}

function drawPreTest(plan: LoopPlan, cx: number, y: number, incoming: OpenEdge, ctx: DrawCtx): OpenEdge | null {
  const m = ctx.canvas.sizer.module;
  const { canvas } = ctx;
  const { geo, head } = plan;
  const isWhile = plan.kind === "while";
  const headTop = y + geo.headTop;
  const midY = headTop + head.h / 2;
  const headBottom = headTop + head.h;
  const joinY = headTop - m.stub; // while: the junction where the back line comes in
  const shape = canvas.enter(isWhile ? "decision" : "hexagon", head, cx, headTop, incoming, plan.source);

  const bodyEdge = canvas.open(shape.id, { x: cx, y: headBottom });
  if (isWhile) withLabel(canvas.sizer, bodyEdge, plan.labels.body, "below-right");
  const out = drawBlockAt(plan.body, cx, y + geo.bodyTop, bodyEdge, ctx);

  // Back line: the lowest source (the body's end, else the lowest continue) draws the lane up to
  // the re-test point; the other continues end on the lane.
  const xBack = cx + geo.xBack;
  const finishBack = (edge: OpenEdge): void => {
    if (isWhile) {
      lineTo(lineTo(edge, xBack, joinY), cx, joinY);
      canvas.close(edge, null, true);
    } else {
      lineTo(lineTo(edge, xBack, midY), cx - head.w / 2, midY);
      canvas.close(edge, shape.id, true);
    }
  };
  const continues = plan.loop.continues;
  if (out) {
    const backY = y + geo.backY;
    lineTo(down(out, backY), xBack, backY);
    finishBack(out);
    for (const edge of continues.pendingLanes) {
      lineTo(edge, xBack, endOf(edge).y);
      canvas.close(edge, null, true);
    }
    continues.pendingLanes = [];
  } else {
    const pending = continues.pendingLanes.sort((a, b) => endOf(b).y - endOf(a).y);
    pending.forEach((edge, i) => {
      lineTo(edge, xBack, endOf(edge).y);
      if (i === 0) finishBack(edge);
      else canvas.close(edge, null, true);
    });
    continues.pendingLanes = [];
  }
  if (continues.connectorCount > 0) {
    const letter = continues.letter ?? canvas.nextLetter();
    const connector = canvas.designation(letter);
    if (isWhile) {
      // Above the junction, left of the incoming line; joins it from the left.
      const circleX = cx - LANE_CLEARANCE - canvas.connector / 2;
      const circle = canvas.addShape("connector", connector, circleX, y);
      const lineY = y + canvas.connector + m.stub;
      const edge = canvas.open(circle.id, { x: circleX, y: y + canvas.connector });
      lineTo(lineTo(edge, circleX, lineY), cx, lineY);
      canvas.close(edge, null, false);
    } else {
      // Left of the back lane; comes down to the hexagon's mid-height and joins the back line.
      const circleX = xBack - LANE_CLEARANCE - canvas.connector / 2;
      const circleTop = midY - m.stub - canvas.connector;
      const circle = canvas.addShape("connector", connector, circleX, circleTop);
      const edge = canvas.open(circle.id, { x: circleX, y: circleTop + canvas.connector });
      down(edge, midY);
      const hasBackLane = out !== null || continues.laneCount > 0;
      if (hasBackLane) {
        lineTo(edge, xBack, midY);
        canvas.close(edge, null, false);
      } else {
        lineTo(edge, cx - head.w / 2, midY);
        canvas.close(edge, shape.id, true);
      }
    }
  }

  // Exit: from the right vertex, down the right lane, back to the spine.
  const exitY = y + geo.exitY;
  const exit = canvas.open(shape.id, { x: cx + head.w / 2, y: midY }, "right");
  if (isWhile) withLabel(canvas.sizer, exit, plan.labels.exit, "above-right");
  lineTo(lineTo(lineTo(exit, cx + geo.xExit, midY), cx + geo.xExit, exitY), cx, exitY);
  routeBreaks(plan, cx, exitY, false, ctx);
  canvas.close(exit, null, true);
  let after: OpenEdge | null = canvas.open(null, { x: cx, y: exitY });
  if (plan.elseBody) after = drawBlockAt(plan.elseBody, cx, y + geo.elseTop, after, ctx);
  if (plan.loop.breaks.connectorCount > 0) {
    after = drawInnerConnector(plan.loop.breaks, cx, y + geo.innerBreakY, after, canvas);
  }
  return after;
}

function drawPostTest(plan: LoopPlan, cx: number, y: number, incoming: OpenEdge, ctx: DrawCtx): OpenEdge | null {
  const { canvas } = ctx;
  const { geo, head } = plan;
  // The incoming line runs through the junction at `y` where the repeat line comes back.
  let out = drawBlockAt(plan.body, cx, y + geo.bodyTop, incoming, ctx);
  const continues = plan.loop.continues;
  if (continues.connectorCount > 0) out = drawInnerConnector(continues, cx, y + geo.innerContinueY, out, canvas);
  let after: OpenEdge | null = null;
  if (plan.loops && out) {
    const headTop = y + geo.headTop;
    const midY = headTop + head.h / 2;
    const headBottom = headTop + head.h;
    const d = canvas.enter("decision", head, cx, headTop, out, plan.source);
    const repeat = withLabel(canvas.sizer, canvas.open(d.id, { x: cx - head.w / 2, y: midY }, "left"), plan.labels.body, "above-left");
    const xBack = cx + geo.xBack;
    lineTo(lineTo(lineTo(repeat, xBack, midY), xBack, y), cx, y);
    canvas.close(repeat, null, true);
    after = withLabel(canvas.sizer, canvas.open(d.id, { x: cx, y: headBottom }), plan.labels.exit, "below-right");
  }
  const exitY = y + geo.exitY;
  if (plan.loop.breaks.laneCount > 0) {
    if (after) down(after, exitY);
    routeBreaks(plan, cx, exitY, true, ctx);
    after ??= canvas.open(null, { x: cx, y: exitY });
  }
  if (plan.loop.breaks.connectorCount > 0) {
    after = drawInnerConnector(plan.loop.breaks, cx, y + geo.innerBreakY, after, canvas);
  }
  return after;
}

function drawInfinite(plan: LoopPlan, cx: number, y: number, incoming: OpenEdge, ctx: DrawCtx): OpenEdge | null {
  const { canvas } = ctx;
  const { geo, head } = plan;
  const begin = canvas.enter("loop_begin", head, cx, y, incoming, plan.source);
  let out = drawBlockAt(plan.body, cx, y + geo.bodyTop, canvas.open(begin.id, { x: cx, y: y + head.h }), ctx);
  const continues = plan.loop.continues;
  if (continues.connectorCount > 0) out = drawInnerConnector(continues, cx, y + geo.innerContinueY, out, canvas);
  if (plan.loops && out) {
    canvas.enter("loop_end", plan.tail!, cx, y + geo.tailTop, out, plan.source);
  }
  let after: OpenEdge | null = null;
  const exitY = y + geo.exitY;
  if (routeBreaks(plan, cx, exitY, true, ctx)) after = canvas.open(null, { x: cx, y: exitY });
  if (plan.loop.breaks.connectorCount > 0) {
    after = drawInnerConnector(plan.loop.breaks, cx, y + geo.innerBreakY, after, canvas);
  }
  return after;
}
