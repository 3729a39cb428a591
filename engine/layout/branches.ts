/**
 * Decisions with branches: if / if-else / elif chains (C2–C4) and multi-way switch/match (D5).
 *
 * if with two non-empty branches — layout A (D2): exits from the left and right vertices, each
 * branch in its own column, `yes` on the left by default. The left branch's line comes back to the
 * spine first and continues down; the right one joins it a lane pitch lower from the right, with an
 * arrowhead (L2), so two lines never meet head-on (L5).
 *
 * if with one empty branch — the empty branch runs straight down from the bottom vertex; the other
 * is a column beside it and joins the spine below (a T-junction).
 *
 * A branch whose jumps head to the right (break, return to the one End) goes on the right side and
 * one heading left (continue) on the left, next to the lane they go to; a branch that is nothing but
 * such a jump leaves its vertex straight towards the lane.
 */
import type { Node } from "../tree/schema.ts";
import { LABEL_OFFSET, LANE_CLEARANCE, LANE_PITCH, MAX_SHAPE_WIDTH, PAGE_PART_WIDTH } from "../geometry/style.ts";
import { drawBlockAt, drawsPlans, plansNodes, symbol, type DrawCtx, type Plan, type PlanBase, type PlanCtx, type SeqPlan, planBlock } from "./plan.ts";
import { lineTo, type OpenEdge } from "./canvas.ts";
import { headings, jumpSide, newTarget, routeFor, type JumpTarget, type Scope } from "./scope.ts";
import type { SizedText } from "./size.ts";
import { endInConnector, innerPlan, planJump } from "./jumps.ts";
import { down } from "./simple.ts";
import { labelDrop, withLabel } from "./labels.ts";
import { drawSwitchRows, planSwitchRows, type SwitchRows } from "./switch-rows.ts";
import { drawCascade, drawCascadeStep, planCascade, type CascadeLayout, type CascadeStepLayout } from "./cascade.ts";
import { collectToSpine, drawColumns, type SwitchColumn } from "./columns.ts";
import { planExitDecision } from "./exit-decision.ts";

type IfNode = Extract<Node, { kind: "if" }>;
type SwitchNode = Extract<Node, { kind: "switch" }>;

interface Branch {
  plan: SeqPlan;
  label: string;
}

export interface IfPlan extends PlanBase {
  type: "if";
  node: IfNode;
  diamond: SizedText;
  source?: number;
  layout:
    | { kind: "columns"; left: Branch; right: Branch; xLeft: number; xRight: number }
    /** One branch in a side column (offset `x`, sign gives the side); the other straight down. */
    | { kind: "side"; side: Branch; spine: Branch; x: number }
    /** One branch is a lone jump leaving its vertex sideways; the other straight down. */
    | { kind: "jump"; jump: Branch; spine: Branch; toRight: boolean }
    /**
     * Flat form for a chart cut into pages (planFlatIf): the branch below the diamond is drawn by
     * the plans that follow this one; the other exit leaves the right vertex into an outer connector
     * of `target`, whose inner connector starts that branch further down the spine.
     */
    | { kind: "exit"; spine: Branch; exit: { label: string; target: JumpTarget } }
    /** Folded for width: the chain's diamonds down the spine, bodies beside it (cascade.ts). */
    | CascadeLayout
    /** One step of a folded chain cut into pages (cascade.ts). */
    | CascadeStepLayout;
}

declare module "./plan.ts" {
  interface PlanTypes {
    if: IfPlan;
    switch: SwitchPlan;
    fork: ForkPlan;
  }
}

plansNodes(["if"], planIf, (node, scope, ctx, topLevel) => planFlatIf(node, scope, ctx, undefined, topLevel));
plansNodes(["switch"], planSwitch, planFlatSwitch);
drawsPlans("if", drawIf);
drawsPlans("switch", drawSwitch);
drawsPlans("fork", drawFork);

function flagsFor(scope: Scope, side: "left" | "right"): Scope {
  return side === "left"
    ? { ...scope, blockedRight: true, returnBlocked: true }
    : { ...scope, blockedLeft: true };
}

export function planIf(node: IfNode, scope: Scope, ctx: PlanCtx): IfPlan {
  if (ctx.fold.get(node) === "cascade") return planCascade(node, scope, ctx);
  const m = ctx.sizer.module;
  const diamond = symbol(ctx, "decision", node.cond);
  const { yes, no } = ctx.options.texts;
  const thenBlock = node.then;
  const elseBlock = node.else ?? { stmts: [] };
  const thenEmpty = thenBlock.stmts.length === 0;
  const elseEmpty = elseBlock.stmts.length === 0;
  const w = diamond.w;
  const base = { type: "if" as const, node, diamond, falls: true, left: 0, right: 0, height: 0 };
  const plan: IfPlan = { ...base, layout: null as unknown as IfPlan["layout"] };
  if (node.loc) plan.source = node.loc.line;

  if (!thenEmpty && !elseEmpty) {
    const thenHeads = headings(thenBlock, scope);
    const elseHeads = headings(elseBlock, scope);
    const swap = (thenHeads.right && !elseHeads.right) || (elseHeads.left && !thenHeads.left);
    const [leftBlock, leftLabel, rightBlock, rightLabel] = swap
      ? [elseBlock, no, thenBlock, yes]
      : [thenBlock, yes, elseBlock, no];
    const left: Branch = { plan: planBlock(leftBlock, flagsFor(scope, "left"), ctx), label: leftLabel };
    const right: Branch = { plan: planBlock(rightBlock, flagsFor(scope, "right"), ctx), label: rightLabel };
    const xLeft = -Math.max(left.plan.right + m.columnGap / 2, w / 2 + 2 * LABEL_OFFSET + ctx.sizer.label(leftLabel).w);
    const xRight = Math.max(right.plan.left + m.columnGap / 2, w / 2 + 2 * LABEL_OFFSET + ctx.sizer.label(rightLabel).w);
    const colTop = diamond.h + m.stub;
    const bottom = colTop + Math.max(left.plan.height, right.plan.height);
    const joins = (left.plan.falls ? 1 : 0) + (right.plan.falls ? 1 : 0);
    plan.layout = { kind: "columns", left, right, xLeft, xRight };
    plan.left = Math.max(w / 2, -xLeft + left.plan.left);
    plan.right = Math.max(w / 2, xRight + right.plan.right);
    plan.height = joins === 0 ? bottom : bottom + m.stub + (joins === 2 ? LANE_PITCH : 0);
    plan.falls = joins > 0;
    return plan;
  }

  // One branch (or none) has statements: it goes beside the spine, the empty one straight down.
  const sideIsThen = !thenEmpty || elseEmpty;
  const sideBlock = sideIsThen ? thenBlock : elseBlock;
  const sideLabel = sideIsThen ? yes : no;
  const spineLabel = sideIsThen ? no : yes;
  const heads = headings(sideBlock, scope);
  const toRight = heads.right && !heads.left;
  const spine: Branch = { plan: planBlock({ stmts: [] }, scope, ctx), label: spineLabel };
  const lone = sideBlock.stmts.length === 1 ? sideBlock.stmts[0]! : null;
  if (lone && (lone.kind === "break" || lone.kind === "continue") && routeFor(lone.kind, scope) === "lane") {
    const jumpToRight = jumpSide(lone.kind, scope) === "right";
    const jumpPlan = planJump(lone.kind, scope, null, ctx);
    const jump: Branch = { plan: { type: "seq", items: [jumpPlan], left: 0, right: 0, height: 0, falls: false }, label: sideLabel };
    plan.layout = { kind: "jump", jump, spine, toRight: jumpToRight };
    const labelReach = w / 2 + 2 * LABEL_OFFSET + ctx.sizer.label(sideLabel).w;
    plan.left = jumpToRight ? w / 2 : labelReach;
    plan.right = Math.max(jumpToRight ? labelReach : w / 2, LABEL_OFFSET + ctx.sizer.label(spineLabel).w);
    // The spine label hangs below the bottom vertex: keep what follows clear of it.
    plan.height = diamond.h + labelDrop(ctx.sizer, spineLabel);
    return plan;
  }
  const sidePlan = planBlock(sideBlock, flagsFor(scope, toRight ? "right" : "left"), ctx);
  const side: Branch = { plan: sidePlan, label: sideLabel };
  const spineLabelRight = LABEL_OFFSET + ctx.sizer.label(spineLabel).w;
  const offset = Math.max(
    sidePlan[toRight ? "left" : "right"] + m.columnGap / 2,
    w / 2 + 2 * LABEL_OFFSET + ctx.sizer.label(sideLabel).w,
    toRight ? spineLabelRight + m.columnGap / 2 + sidePlan.left : 0,
  );
  const x = toRight ? offset : -offset;
  const colTop = diamond.h + m.stub;
  plan.layout = { kind: "side", side, spine, x };
  plan.left = Math.max(w / 2, toRight ? 0 : offset + sidePlan.left);
  plan.right = Math.max(w / 2, spineLabelRight, toRight ? offset + sidePlan.right : 0);
  plan.height = colTop + sidePlan.height + (sidePlan.falls ? m.stub : 0);
  return plan;
}

/**
 * An if taller than a page, in a chart cut into pages (P6): laid out as a flat run on the spine so
 * that cuts can fall inside its branches. The diamond's bottom exit starts the first branch (then,
 * or else when then is empty) right below it; the other exit leaves the right vertex into an outer
 * connector. After the first branch, an outer connector jumps over the second; the second starts at
 * the inner connector of the diamond's exit; the inner connector of the jump joins them again.
 * Branches are planned as top-level runs; an elif (a lone if in the else) continues the chain
 * flat, its branches jumping to the same join.
 */
export function planFlatIf(node: IfNode, scope: Scope, ctx: PlanCtx, chainJoin?: JumpTarget, topLevel = true): Plan[] {
  const { yes, no } = ctx.options.texts;
  // The spine takes then, unless only else has statements (an elif in a chain may have neither).
  const thenFirst = node.then.stmts.length > 0 || (node.else?.stmts.length ?? 0) === 0;
  const [spineBlock, spineLabel, exitBlock, exitLabel] = thenFirst
    ? [node.then, yes, node.else ?? { stmts: [] }, no]
    : [node.else!, no, node.then, yes];
  const exitTarget = newTarget();
  const decision = planExitDecision(node, scope, ctx, spineLabel, exitLabel, exitTarget);
  const spine = planBlock(spineBlock, scope, ctx, topLevel);
  // An elif chain shares one join: every branch that ends jumps to the same connector, drawn once
  // below the chain's last branch (by the chain's first if).
  const join = exitBlock.stmts.length === 0 ? null : chainJoin ?? newTarget();
  const plans: Plan[] = [decision, ...(join && spine.falls ? endInConnector(spine.items, join, ctx) : spine.items)];
  if (!join) {
    // One-sided if: the side exit goes straight to where the branch rejoins.
    plans.push(innerPlan(exitTarget, ctx));
    return plans;
  }
  plans.push(innerPlan(exitTarget, ctx));
  const elif = thenFirst && exitBlock.stmts.length === 1 && exitBlock.stmts[0]!.kind === "if" ? exitBlock.stmts[0] : undefined;
  plans.push(...(elif ? planFlatIf(elif, scope, ctx, join, topLevel) : planBlock(exitBlock, scope, ctx, topLevel).items));
  if (!chainJoin && join.connectorCount > 0) plans.push(innerPlan(join, ctx));
  return plans;
}

export function drawIf(plan: IfPlan, cx: number, y: number, incoming: OpenEdge, ctx: DrawCtx): OpenEdge | null {
  if (plan.layout.kind === "cascade") return drawCascade(plan, plan.layout, cx, y, incoming, ctx);
  if (plan.layout.kind === "step") return drawCascadeStep(plan, plan.layout, cx, y, incoming, ctx);
  const m = ctx.canvas.sizer.module;
  const { canvas } = ctx;
  const d = canvas.enter("decision", plan.diamond, cx, y, incoming, plan.source);
  const w = plan.diamond.w;
  const midY = y + plan.diamond.h / 2;
  const bottomY = y + plan.diamond.h;
  const colTop = bottomY + m.stub;
  const layout = plan.layout;

  if (layout.kind === "columns") {
    const leftEdge = withLabel(canvas.sizer, canvas.open(d.id, { x: cx - w / 2, y: midY }, "left"), layout.left.label, "above-left");
    const rightEdge = withLabel(canvas.sizer, canvas.open(d.id, { x: cx + w / 2, y: midY }, "right"), layout.right.label, "above-right");
    const xl = cx + layout.xLeft;
    const xr = cx + layout.xRight;
    lineTo(lineTo(leftEdge, xl, midY), xl, colTop);
    lineTo(lineTo(rightEdge, xr, midY), xr, colTop);
    const outL = drawBlockAt(layout.left.plan, xl, colTop, leftEdge, ctx);
    const outR = drawBlockAt(layout.right.plan, xr, colTop, rightEdge, ctx);
    const joinY = colTop + Math.max(layout.left.plan.height, layout.right.plan.height) + m.stub;
    if (outL) {
      lineTo(down(outL, joinY), cx, joinY);
      if (outR) {
        const lowJoin = joinY + LANE_PITCH;
        down(outL, lowJoin);
        lineTo(down(outR, lowJoin), cx, lowJoin);
        canvas.close(outR, null, true);
      }
      return outL;
    }
    if (outR) {
      lineTo(down(outR, joinY), cx, joinY);
      canvas.close(outR, null, true);
      return canvas.open(null, { x: cx, y: joinY });
    }
    return null;
  }

  const spineEdge = withLabel(canvas.sizer, canvas.open(d.id, { x: cx, y: bottomY }), layout.spine.label, "below-right");

  if (layout.kind === "exit") {
    const circleX = cx + w / 2 + LANE_CLEARANCE + canvas.connector / 2;
    const exitEdge = withLabel(canvas.sizer, canvas.open(d.id, { x: cx + w / 2, y: midY }, "right"), layout.exit.label, "above-right");
    // Where the branch it leads to starts on this part, a lane takes it there (part-lanes.ts).
    if (ctx.part?.laneOf(layout.exit.target) != null) {
      layout.exit.target.pendingLanes.push(exitEdge);
      return down(spineEdge, y + plan.height);
    }
    lineTo(lineTo(exitEdge, circleX, midY), circleX, midY + m.stub);
    const letter = (layout.exit.target.letter ??= canvas.nextLetter());
    const circle = canvas.addShape("connector", canvas.designation(letter), circleX, midY + m.stub);
    canvas.close(exitEdge, circle.id, false);
    return down(spineEdge, y + plan.height);
  }

  if (layout.kind === "jump") {
    const vx = layout.toRight ? cx + w / 2 : cx - w / 2;
    const jumpEdge = withLabel(canvas.sizer, canvas.open(d.id, { x: vx, y: midY }, layout.toRight ? "right" : "left"), layout.jump.label, layout.toRight ? "above-right" : "above-left");
    const jumpPlan = layout.jump.plan.items[0];
    if (jumpPlan?.type !== "jump") throw new Error("jump layout without a jump");
    jumpPlan.target.pendingLanes.push(jumpEdge);
    return down(spineEdge, y + plan.height);
  }

  const toRight = layout.x > 0;
  const vx = toRight ? cx + w / 2 : cx - w / 2;
  const sx = cx + layout.x;
  const sideEdge = withLabel(canvas.sizer, canvas.open(d.id, { x: vx, y: midY }, toRight ? "right" : "left"), layout.side.label, toRight ? "above-right" : "above-left");
  lineTo(lineTo(sideEdge, sx, midY), sx, colTop);
  const out = drawBlockAt(layout.side.plan, sx, colTop, sideEdge, ctx);
  const bottom = y + plan.height;
  if (out) {
    lineTo(down(out, bottom), cx, bottom);
    down(spineEdge, bottom);
    canvas.close(out, null, toRight);
  } else {
    down(spineEdge, bottom);
  }
  return spineEdge;
}

// ---------------------------------------------------------------------------------------------
// switch / match (D5): the selector in the diamond, a stub down from the bottom vertex to a bus,
// one column per case left → right (the first right under the diamond), the default column last
// (always drawn, so every value has its exit), each value written right of its column's line.
// Columns rejoin on a collector line below; a fall-through runs from the end of a case up a lane
// between the columns into the next case's entry line.

export interface SwitchPlan extends PlanBase {
  type: "switch";
  node: SwitchNode;
  /** Folded for width onto several rows (switch-rows.ts); absent: one row of columns. */
  rows?: SwitchRows;
  diamond: SizedText;
  source?: number;
  columns: SwitchColumn[];
}

export function planSwitch(node: SwitchNode, scope: Scope, ctx: PlanCtx): SwitchPlan {
  if (ctx.fold.get(node) === "rows") return planSwitchRows(node, scope, ctx);
  const m = ctx.sizer.module;
  const diamond = symbol(ctx, "decision", node.cond);
  const raw = [
    ...node.cases.map((c) => ({ block: c.body, label: c.label, fallthrough: c.fallthrough === true })),
    { block: node.default ?? { stmts: [] }, label: ctx.options.texts.otherwise, fallthrough: false },
  ];
  const n = raw.length;
  const columns: SwitchPlan["columns"] = [];
  let x = 0;
  raw.forEach((col, k) => {
    const colScope: Scope = { ...scope, blockedLeft: scope.blockedLeft || k > 0, blockedRight: scope.blockedRight || k < n - 1, returnBlocked: scope.returnBlocked || k < n - 1 };
    const plan = planBlock(col.block, colScope, ctx);
    if (k > 0) {
      const prev = columns[k - 1]!;
      x += Math.max(prev.plan.right, LABEL_OFFSET + ctx.sizer.label(prev.label).w) + m.columnGap + plan.left;
    }
    columns.push({ plan, label: col.label, x, fallthrough: col.fallthrough && k < n - 1 && plan.falls });
  });
  const busY = diamond.h + m.stub;
  const colTop = busY + m.gap;
  const tallest = Math.max(...columns.map((c) => c.plan.height));
  const anyFallthrough = columns.some((c) => c.fallthrough);
  const joining = columns.filter((c) => c.plan.falls && !c.fallthrough);
  const last = columns[n - 1]!;
  const plan: SwitchPlan = {
    type: "switch",
    node,
    diamond,
    columns,
    left: Math.max(diamond.w / 2, columns[0]!.plan.left),
    right: Math.max(diamond.w / 2, last.x + Math.max(last.plan.right, LABEL_OFFSET + ctx.sizer.label(last.label).w)),
    // A fall-through turns a stub below the end of its case: that line is part of the switch even
    // when no case reaches the collector.
    height: colTop + tallest + (joining.length > 0 ? m.stub + (anyFallthrough ? LANE_PITCH : 0) : anyFallthrough ? m.stub : 0),
    falls: joining.length > 0,
  };
  if (node.loc) plan.source = node.loc.line;
  return plan;
}

export function drawSwitch(plan: SwitchPlan, cx: number, y: number, incoming: OpenEdge, ctx: DrawCtx): OpenEdge | null {
  if (plan.rows) return drawSwitchRows(plan, plan.rows, cx, y, incoming, ctx);
  const m = ctx.canvas.sizer.module;
  const { canvas } = ctx;
  const d = canvas.enter("decision", plan.diamond, cx, y, incoming, plan.source);
  const busY = y + plan.diamond.h + m.stub;
  const colTop = busY + m.gap;
  const entryJoinY = busY + m.gap / 2; // where a fall-through enters the next case's line
  const outs = drawColumns(plan.columns, cx, busY, colTop, canvas.open(d.id, { x: cx, y: y + plan.diamond.h }), ctx);

  const tallest = Math.max(...plan.columns.map((c) => c.plan.height));
  const bottom = colTop + tallest;
  // Fall-throughs: down from the end of the case, right to the lane between the columns, up, and
  // into the next case's entry line from the left.
  plan.columns.forEach((col, k) => {
    const out = outs[k];
    if (!col.fallthrough || !out) return;
    const next = plan.columns[k + 1]!;
    const laneX = cx + next.x - next.plan.left - m.columnGap / 2;
    const start = out.points[out.points.length - 1]!;
    down(out, start.y + m.stub);
    lineTo(out, laneX, start.y + m.stub);
    lineTo(out, laneX, entryJoinY);
    lineTo(out, cx + next.x, entryJoinY);
    canvas.close(out, null, true);
    outs[k] = null;
  });

  const anyFallthrough = plan.columns.some((c) => c.fallthrough);
  return collectToSpine(outs, cx, bottom + m.stub + (anyFallthrough ? LANE_PITCH : 0), canvas);
}


// ---------------------------------------------------------------------------------------------
// A switch taller than a page, in a chart cut into pages (P6): a fork — the first case runs down
// from the bottom vertex; every other case (and the default, always drawn) leaves the right vertex
// along a line that drops into one outer connector per case, each labelled with its value. The
// cases then follow one another on the spine, each opening at its inner connector; a case that
// ends without falling through jumps over the rest to the join, a fall-through simply runs on.

export interface ForkPlan extends PlanBase {
  type: "fork";
  node: SwitchNode;
  diamond: SizedText;
  source?: number;
  spineLabel: string;
  /** The other cases' exits: label, jump target, x of the drop relative to the spine. */
  exits: { label: string; target: JumpTarget; x: number }[];
  /**
   * Exits too many for the page width side by side: they branch off a few vertical lanes instead
   * (lane `laneXs[j]` drops from the line leaving the right vertex), EXITS_PER_LANE (or all) one
   * under another; per exit its lane and the `y` of its branch relative to the fork's top.
   */
  lanes?: { laneXs: number[]; lane: number[]; ys: number[] };
}

/** Exits one under another on one lane of a fork too wide for the page. */
const EXITS_PER_LANE = 4;

export function planFlatSwitch(node: SwitchNode, scope: Scope, ctx: PlanCtx, topLevel = true): Plan[] {
  const m = ctx.sizer.module;
  const diamond = symbol(ctx, "decision", node.cond);
  const w = diamond.w;
  const d = ctx.connector;
  const cases = [
    ...node.cases.map((c) => ({ block: c.body, label: c.label, fallthrough: c.fallthrough === true })),
    { block: node.default ?? { stmts: [] }, label: ctx.options.texts.otherwise, fallthrough: false },
  ];
  const labelReach = (label: string) => LABEL_OFFSET + ctx.sizer.label(label).w;
  let x = Math.max(w / 2, labelReach(cases[0]!.label)) + LANE_CLEARANCE + d / 2;
  const exits = cases.slice(1).map((c) => {
    const target = newTarget();
    target.connectorCount = 1;
    const exit = { label: c.label, target, x };
    x += Math.max(d / 2, labelReach(c.label)) + LANE_CLEARANCE + d / 2;
    return exit;
  });
  const last = exits[exits.length - 1];
  const fork: ForkPlan = {
    type: "fork",
    node,
    diamond,
    spineLabel: cases[0]!.label,
    exits,
    left: w / 2,
    right: last ? last.x + Math.max(d / 2, labelReach(last.label)) : w / 2,
    height: Math.max(diamond.h + labelDrop(ctx.sizer, cases[0]!.label), diamond.h / 2 + m.gap + d),
    falls: true,
  };
  // Side by side the exits may take what the page leaves right of a spine with the widest symbol on
  // it; more branch off vertical lanes, a few under one another on each (all on one lane when the
  // fit stage asks for the narrowest form).
  const narrowest = ctx.fold.get(node) === "connectors";
  if (fork.right > PAGE_PART_WIDTH - MAX_SHAPE_WIDTH / 2 || (narrowest && exits.length > 1)) {
    const perLane = narrowest ? exits.length : EXITS_PER_LANE;
    const reach = Math.max(...exits.map((e) => labelReach(e.label)));
    const laneWidth = reach + LANE_CLEARANCE + d + LANE_CLEARANCE; // label, drop, clearance to the next lane
    const step = m.stub + d + LANE_PITCH;
    const laneXs: number[] = [];
    const lane: number[] = [];
    const ys: number[] = [];
    exits.forEach((exit, i) => {
      const j = Math.floor(i / perLane);
      // Clear of the diamond and of the first case's label hanging below its bottom vertex.
      if (laneXs.length <= j) laneXs.push(Math.max(w / 2, labelReach(cases[0]!.label)) + LANE_CLEARANCE + j * laneWidth);
      lane.push(j);
      ys.push(diamond.h / 2 + m.gap + (i % perLane) * step);
      exit.x = laneXs[j]! + reach + LANE_CLEARANCE + d / 2;
    });
    fork.lanes = { laneXs, lane, ys };
    fork.right = exits[exits.length - 1]!.x + d / 2;
    fork.height = Math.max(fork.height, Math.max(...ys) + m.stub + d);
  }
  if (node.loc) fork.source = node.loc.line;
  const join = newTarget();
  const plans: Plan[] = [fork];
  cases.forEach((c, k) => {
    if (k > 0) plans.push(innerPlan(exits[k - 1]!.target, ctx));
    const body = planBlock(c.block, scope, ctx, topLevel);
    const jumps = k < cases.length - 1 && body.falls && !c.fallthrough;
    plans.push(...(jumps ? endInConnector(body.items, join, ctx) : body.items));
  });
  if (join.connectorCount > 0) plans.push(innerPlan(join, ctx));
  return plans;
}

export function drawFork(plan: ForkPlan, cx: number, y: number, incoming: OpenEdge, ctx: DrawCtx): OpenEdge | null {
  const m = ctx.canvas.sizer.module;
  const { canvas } = ctx;
  const d = canvas.enter("decision", plan.diamond, cx, y, incoming, plan.source);
  const midY = y + plan.diamond.h / 2;
  const dropY = midY + m.gap;
  const lanes = plan.lanes;
  if (lanes) {
    plan.exits.forEach((exit, i) => {
      const j = lanes.lane[i]!;
      const laneX = cx + lanes.laneXs[j]!;
      const branchY = y + lanes.ys[i]!;
      // A lane's first exit comes from the right vertex (the first lane) or branches off the line
      // to the lane before; the others branch off their lane.
      let edge: OpenEdge;
      if (i > 0 && lanes.lane[i - 1] === j) edge = canvas.open(null, { x: laneX, y: y + lanes.ys[i - 1]! });
      else if (j === 0) edge = lineTo(canvas.open(d.id, { x: cx + plan.diamond.w / 2, y: midY }, "right"), laneX, midY);
      else edge = lineTo(canvas.open(null, { x: cx + lanes.laneXs[j - 1]!, y: midY }, "right"), laneX, midY);
      lineTo(lineTo(edge, laneX, branchY), cx + exit.x, branchY);
      withLabel(canvas.sizer, edge, exit.label, "above-right", { x: laneX, y: branchY });
      down(edge, branchY + m.stub);
      const letter = (exit.target.letter ??= canvas.nextLetter());
      const circle = canvas.addShape("connector", canvas.designation(letter), cx + exit.x, branchY + m.stub);
      canvas.close(edge, circle.id, false);
    });
  } else plan.exits.forEach((exit, i) => {
    const x = cx + exit.x;
    // The first exit leaves the right vertex; the others branch off the line at the previous drop.
    const edge = i === 0
      ? canvas.open(d.id, { x: cx + plan.diamond.w / 2, y: midY }, "right")
      : canvas.open(null, { x: cx + plan.exits[i - 1]!.x, y: midY }, "right");
    lineTo(edge, x, midY);
    withLabel(canvas.sizer, edge, exit.label, "below-right", { x, y: midY });
    down(edge, dropY);
    const letter = (exit.target.letter ??= canvas.nextLetter());
    const circle = canvas.addShape("connector", canvas.designation(letter), x, dropY);
    canvas.close(edge, circle.id, false);
  });
  const spine = withLabel(canvas.sizer, canvas.open(d.id, { x: cx, y: y + plan.diamond.h }), plan.spineLabel, "below-right");
  return down(spine, y + plan.height);
}
