/**
 * An if/else or else-if chain folded for width (drawing-rules C4, layout B; issue 12): the diamonds
 * one under another on the spine, linked by their `no` exits (bottom vertex); each `yes` leaves the
 * right vertex into its body, all bodies in one column beside the spine; the bodies' ends run right
 * to one bus that comes back to the spine below everything (arrowhead, L2). The last else stays on
 * the spine. A chart uses it only when it would be wider than the page otherwise (fit/fold-wide.ts).
 *
 *      ◇ ─Так─┐
 *      │Ні  [body 1]──┐
 *      ◇ ─Так─┐       │
 *      │Ні  [body 2]──┤
 *   [else]            │
 *      ├──────────────┘
 */
import type { Node } from "../tree/schema.ts";
import { LABEL_OFFSET, LANE_CLEARANCE, LANE_PITCH, PAGE_PART_WIDTH } from "../geometry/style.ts";
import { countsOf, drawBlockAt, planBlock, symbol, type DrawCtx, type Plan, type PlanCtx, type SeqPlan, type PlanTypes } from "./plan.ts";
import { endInConnector, innerPlan } from "./jumps.ts";
import { endOf, lineTo, type OpenEdge } from "./canvas.ts";
import { newTarget, type Scope } from "./scope.ts";
import type { SizedText } from "./size.ts";
import { down } from "./simple.ts";
import { labelDrop, withLabel } from "./labels.ts";
import { planExitDecision } from "./exit-decision.ts";

/** Registered by branches.ts (PlanTypes): named here without importing the module that imports this one. */
type IfPlan = PlanTypes["if"];

type IfNode = Extract<Node, { kind: "if" }>;

export interface CascadeStep {
  diamond: SizedText;
  body: SeqPlan;
  source?: number;
  /** x of the body's spine, relative to the cascade's spine. */
  colX: number;
  /** Top of the diamond, relative to the cascade's top. */
  top: number;
  bodyTop: number;
  /** Where the body's end (or the bare `yes` line of an empty body) turns right to the bus. */
  exitY: number;
}

export interface CascadeLayout {
  kind: "cascade";
  steps: CascadeStep[];
  /** The final else, on the spine below the last diamond (may be empty). */
  last: SeqPlan;
  lastTop: number;
  yes: string;
  no: string;
  /** x of the bus, relative to the spine. */
  busX: number;
  /** Where the bus comes back to the spine (when a body falls through). */
  joinY: number;
}

/**
 * One step of a cascade in a chart cut into pages (planFlatCascade): the diamond on the spine, its
 * `yes` body beside it ending in an outer connector of the chain's join; `no` runs on down the spine.
 */
export interface CascadeStepLayout {
  kind: "step";
  body: SeqPlan;
  yes: string;
  no: string;
  colX: number;
  bodyTop: number;
}

/** The chain of ifs a cascade draws: the if itself and every elif (an else that is one if). */
function chainOf(node: IfNode): { links: IfNode[]; last: IfNode["then"] } {
  const links = [node];
  let tail = node.else ?? { stmts: [] };
  for (;;) {
    const only = tail.stmts.length === 1 ? tail.stmts[0]! : null;
    if (only?.kind !== "if") break;
    links.push(only);
    tail = only.else ?? { stmts: [] };
  }
  return { links, last: tail };
}

export function planCascade(node: IfNode, scope: Scope, ctx: PlanCtx): IfPlan {
  const { gap, stub, columnGap } = ctx.sizer.module;
  const { yes, no } = ctx.options.texts;
  const { links, last: lastBlock } = chainOf(node);
  // Bodies beside the spine have the spine on their left and the bus on their right; the else on
  // the spine has the bus on its right: their jumps cannot use lanes.
  const bodyScope: Scope = { ...scope, blockedLeft: true, blockedRight: true, returnBlocked: true };
  const lastScope: Scope = { ...scope, blockedRight: true, returnBlocked: true };
  const planned = links.map((link) => ({ link, diamond: symbol(ctx, "decision", link.cond), body: planBlock(link.then, bodyScope, ctx) }));
  const last = planBlock(lastBlock, lastScope, ctx);

  const noDrop = labelDrop(ctx.sizer, no);
  const yesDrop = labelDrop(ctx.sizer, yes);
  const noReach = LABEL_OFFSET + ctx.sizer.label(no).w;
  const yesRoom = 2 * LABEL_OFFSET + ctx.sizer.label(yes).w;
  const half = Math.max(...planned.map((p) => p.diamond.w / 2));
  const spineRight = Math.max(half, last.right, noReach);
  // Each body as close to the spine as its own left side allows.
  const colXs = planned.map((p) => Math.max(spineRight + columnGap / 2 + p.body.left, p.diamond.w / 2 + yesRoom));

  const steps: CascadeStep[] = [];
  let lowest = -Infinity; // lowest line or symbol of the bodies so far
  let diamondBottom = 0;
  let bus = false;
  planned.forEach((p, i) => {
    const h = p.diamond.h;
    // The next diamond's `yes` line must pass below the previous body and its line to the bus
    // (and its label above it, clear of the body's last symbol).
    const top = i === 0 ? 0 : Math.max(diamondBottom + Math.max(gap, noDrop), lowest + Math.max(LANE_PITCH, yesDrop) - h / 2);
    const mid = top + h / 2;
    const empty = p.body.items.length === 0;
    const bodyTop = empty ? mid : mid + stub;
    const bottom = bodyTop + p.body.height;
    const falls = empty || p.body.falls;
    const exitY = empty ? mid : p.body.falls ? bottom + stub : bottom;
    bus ||= falls;
    lowest = exitY;
    diamondBottom = top + h;
    const step: CascadeStep = { diamond: p.diamond, body: p.body, colX: colXs[i]!, top, bodyTop, exitY };
    if (p.link.loc) step.source = p.link.loc.line;
    steps.push(step);
  });

  const lastTop = diamondBottom + Math.max(gap, noDrop);
  const lastBottom = last.items.length > 0 ? lastTop + last.height : diamondBottom + noDrop;
  const bodiesRight = Math.max(...planned.map((p, i) => colXs[i]! + p.body.right));
  const busX = Math.max(bodiesRight, spineRight) + LANE_CLEARANCE;
  const joinY = bus ? Math.max(lastBottom + stub, lowest + LANE_PITCH) : lastBottom;
  const layout: CascadeLayout = { kind: "cascade", steps, last, lastTop, yes, no, busX, joinY };
  const plan: IfPlan = {
    type: "if",
    node,
    diamond: steps[0]!.diamond,
    layout,
    left: Math.max(half, last.left),
    right: bus ? busX : Math.max(bodiesRight, spineRight),
    height: Math.max(joinY, lowest),
    falls: bus || last.falls,
  };
  if (node.loc) plan.source = node.loc.line;
  return plan;
}

export function drawCascade(plan: IfPlan, layout: CascadeLayout, cx: number, y: number, incoming: OpenEdge, ctx: DrawCtx): OpenEdge | null {
  const { canvas } = ctx;
  const busX = cx + layout.busX;
  const joinY = y + layout.joinY;
  let spine = incoming;
  let bus = false;
  for (const step of layout.steps) {
    const { diamond } = step;
    const d = canvas.enter("decision", diamond, cx, y + step.top, spine, step.source);
    const mid = y + step.top + diamond.h / 2;
    const yesEdge = withLabel(canvas.sizer, canvas.open(d.id, { x: cx + diamond.w / 2, y: mid }, "right"), layout.yes, "above-right");
    let out: OpenEdge | null = yesEdge;
    if (step.body.items.length > 0) {
      lineTo(lineTo(yesEdge, cx + step.colX, mid), cx + step.colX, y + step.bodyTop);
      out = drawBlockAt(step.body, cx + step.colX, y + step.bodyTop, yesEdge, ctx);
      if (out) down(out, y + step.exitY);
    }
    if (out) {
      lineTo(out, busX, endOf(out).y);
      if (bus) {
        canvas.close(out, null, false); // onto the bus drawn by a body above
      } else {
        lineTo(down(out, joinY), cx, joinY);
        canvas.close(out, null, true);
        bus = true;
      }
    }
    spine = withLabel(canvas.sizer, canvas.open(d.id, { x: cx, y: y + step.top + diamond.h }), layout.no, "below-right");
  }
  const after = layout.last.items.length > 0 ? drawBlockAt(layout.last, cx, y + layout.lastTop, spine, ctx) : spine;
  if (after) return down(after, y + plan.height);
  return bus ? canvas.open(null, { x: cx, y: joinY }) : null;
}

/**
 * A folded or else-if chain taller than a page, in a chart cut into pages (P6): the cascade as a flat
 * run of steps on the spine — each body ends in an outer connector of one join instead of the bus —
 * so a cut may fall between two steps (only the spine crosses it). A link whose body is too tall for
 * a part (over `room`) or too wide to stand beside its diamond is laid out as in planFlatIf instead: its body on the spine, so cuts can fall
 * inside it, and its `no` exit into a connector pair to the next link. The last else follows on the
 * spine, then the join's inner connector.
 */
export function planFlatCascade(node: IfNode, scope: Scope, ctx: PlanCtx, room: number): Plan[] {
  const { stub, columnGap, gap } = ctx.sizer.module;
  const { yes, no } = ctx.options.texts;
  const { links, last } = chainOf(node);
  const join = newTarget();
  // A step's body stands rightmost: a jump in it is as free on the right as the chain is.
  const bodyScope: Scope = { ...scope, blockedLeft: true, returnBlocked: true };
  const noDrop = labelDrop(ctx.sizer, no);
  const noReach = LABEL_OFFSET + ctx.sizer.label(no).w;
  const yesRoom = 2 * LABEL_OFFSET + ctx.sizer.label(yes).w;
  const plans: Plan[] = [];
  for (const link of links) {
    const undo = countsOf(scope, ctx);
    const diamond = symbol(ctx, "decision", link.cond);
    const h = diamond.h;
    const planned = planBlock(link.then, bodyScope, ctx);
    const items = planned.falls ? endInConnector(planned.items, join, ctx) : planned.items;
    const body: SeqPlan = {
      type: "seq",
      items,
      left: Math.max(planned.left, ...items.map((i) => i.left)),
      right: Math.max(planned.right, ...items.map((i) => i.right)),
      height: items.reduce((sum, i) => sum + i.height, 0) + gap * Math.max(0, items.length - 1),
      falls: false,
    };
    const bodyTop = h / 2 + stub;
    const height = Math.max(h + noDrop, bodyTop + body.height);
    const colX = Math.max(Math.max(diamond.w / 2, noReach) + columnGap / 2 + body.left, diamond.w / 2 + yesRoom);
    if (height <= room && !ctx.flatten.has(link.then) && diamond.w / 2 + colX + body.right <= PAGE_PART_WIDTH) {
      const step: IfPlan = {
        type: "if",
        node: link,
        diamond,
        layout: { kind: "step", body, yes, no, colX, bodyTop },
        left: diamond.w / 2,
        right: Math.max(colX + body.right, noReach),
        height,
        falls: true,
      };
      if (link.loc) step.source = link.loc.line;
      plans.push(step);
      continue;
    }
    undo();
    const next = newTarget();
    plans.push(planExitDecision(link, scope, ctx, yes, no, next));
    const spine = planBlock(link.then, scope, ctx, true);
    plans.push(...(spine.falls ? endInConnector(spine.items, join, ctx) : spine.items));
    plans.push(innerPlan(next, ctx));
  }
  plans.push(...planBlock(last, scope, ctx, true).items);
  if (join.connectorCount > 0) plans.push(innerPlan(join, ctx));
  return plans;
}

export function drawCascadeStep(plan: IfPlan, layout: CascadeStepLayout, cx: number, y: number, incoming: OpenEdge, ctx: DrawCtx): OpenEdge {
  const { canvas } = ctx;
  const { diamond } = plan;
  const d = canvas.enter("decision", diamond, cx, y, incoming, plan.source);
  const mid = y + diamond.h / 2;
  const yesEdge = withLabel(canvas.sizer, canvas.open(d.id, { x: cx + diamond.w / 2, y: mid }, "right"), layout.yes, "above-right");
  lineTo(lineTo(yesEdge, cx + layout.colX, mid), cx + layout.colX, y + layout.bodyTop);
  drawBlockAt(layout.body, cx + layout.colX, y + layout.bodyTop, yesEdge, ctx);
  const spine = withLabel(canvas.sizer, canvas.open(d.id, { x: cx, y: y + diamond.h }), layout.no, "below-right");
  return down(spine, y + plan.height);
}
