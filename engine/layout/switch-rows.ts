/**
 * A switch whose columns do not fit the page width, folded onto several rows (issue 12; D5): the
 * first row hangs from the bottom vertex as usual; the other rows get their bus from the left vertex,
 * along a lane left of everything and down to each row. Every row's ends run right to one bus lane
 * that comes back to the spine below the last row (arrowhead, L2); the last row's ends drop onto that
 * line. Only switches without fall-throughs are folded (a fall-through would cross a row's collector).
 *
 *          ◇──┐ (left vertex)            bottom vertex: row 1
 *     ┌─────┼────┬────┐
 *     │    [1]  [2]  [3]──────┐
 *     ├────┬────┬────┐        │   row 2
 *         [4]  [5]  [інакше]  │
 *          ├────┴────┴────────┘
 */
import type { Block, Node } from "../tree/schema.ts";
import { LABEL_OFFSET, LANE_CLEARANCE, PAGE_PART_WIDTH } from "../geometry/style.ts";
import { countsOf, drawBlockAt, drawsPlans, planBlock, symbol, type DrawCtx, type Plan, type PlanBase, type PlanCtx, type SeqPlan, type PlanTypes } from "./plan.ts";
import { lineTo, type Canvas, type OpenEdge } from "./canvas.ts";
import { newTarget, type JumpTarget, type Scope } from "./scope.ts";
import { down } from "./simple.ts";
import { withLabel } from "./labels.ts";
import { collectToSpine, drawColumns, type SwitchColumn } from "./columns.ts";
import type { SizedText } from "./size.ts";
import { connectorJump, endInConnector, innerPlan } from "./jumps.ts";

/** Registered by branches.ts (PlanTypes): named here without importing the module that imports this one. */
type SwitchPlan = PlanTypes["switch"];

type SwitchNode = Extract<Node, { kind: "switch" }>;

export interface SwitchRows {
  /** Index of the first column of each row. */
  starts: number[];
  busY: number[];
  colTop: number[];
  /** Where a row's ends turn right to the bus lane (the last row: where they join the line back). */
  collectY: number[];
  laneX: number;
  busX: number;
}

/** Room a row's columns may take: the page less the two lanes and their clearances. */
declare module "./plan.ts" {
  interface PlanTypes {
    row: SwitchRowPlan;
    "row-open": RowOpenPlan;
    "row-close": RowClosePlan;
  }
}

drawsPlans("row", drawSwitchRow);
drawsPlans("row-open", drawRowOpen);
drawsPlans("row-close", drawRowClose);

const ROW_WIDTH = PAGE_PART_WIDTH - 4 * LANE_CLEARANCE - 20;

/** Whether a switch can be folded onto rows: no fall-through (it would cross a row's collector). */
export function foldsToRows(node: SwitchNode): boolean {
  return node.cases.every((c) => c.fallthrough !== true);
}

export function planSwitchRows(node: SwitchNode, scope: Scope, ctx: PlanCtx): SwitchPlan {
  const { gap, stub, columnGap } = ctx.sizer.module;
  const diamond = symbol(ctx, "decision", node.cond);
  const raw = [
    ...node.cases.map((c) => ({ block: c.body, label: c.label })),
    { block: node.default ?? { stmts: [] }, label: ctx.options.texts.otherwise },
  ];
  // The lane on the left and the bus lane on the right pass every column: no jump lane is free.
  const colScope: Scope = { ...scope, blockedLeft: true, blockedRight: true, returnBlocked: true };
  const labelReach = (label: string) => LABEL_OFFSET + ctx.sizer.label(label).w;
  const columns: SwitchPlan["columns"] = [];
  const starts: number[] = [];
  let rowLeft = 0;
  let x = 0;
  raw.forEach((col, k) => {
    const plan = planBlock(col.block, colScope, ctx);
    const right = Math.max(plan.right, labelReach(col.label));
    if (k > 0) {
      const prev = columns[k - 1]!;
      const nextX = x + Math.max(prev.plan.right, labelReach(prev.label)) + columnGap + plan.left;
      if (nextX + right + rowLeft > ROW_WIDTH) {
        x = 0; // a new row: its first column under the spine
      } else {
        x = nextX;
      }
    }
    if (k === 0 || x === 0) {
      starts.push(k);
      rowLeft = plan.left;
    }
    columns.push({ plan, label: col.label, x, fallthrough: false });
  });
  const rowsOf = starts.map((from, r) => columns.slice(from, starts[r + 1] ?? columns.length));
  const busY: number[] = [];
  const colTop: number[] = [];
  const collectY: number[] = [];
  let y = diamond.h + stub;
  rowsOf.forEach((row) => {
    busY.push(y);
    colTop.push(y + gap);
    const tallest = Math.max(...row.map((c) => c.plan.height));
    collectY.push(y + gap + tallest + stub);
    y = y + gap + tallest + stub + gap;
  });
  const left = Math.max(diamond.w / 2, ...columns.map((c) => c.plan.left - c.x));
  const right = Math.max(diamond.w / 2, ...columns.map((c) => c.x + Math.max(c.plan.right, labelReach(c.label))));
  const laneX = -(left + LANE_CLEARANCE);
  const busX = right + LANE_CLEARANCE;
  const last = rowsOf.length - 1;
  const falls = columns.some((c) => c.plan.falls);
  const plan: SwitchPlan = {
    type: "switch",
    node,
    diamond,
    columns,
    rows: { starts, busY, colTop, collectY, laneX, busX },
    left: -laneX,
    right: rowsOf.slice(0, last).some((row) => row.some((c) => c.plan.falls)) ? busX : right,
    height: falls ? collectY[last]! : collectY[last]! - stub,
    falls,
  };
  if (node.loc) plan.source = node.loc.line;
  return plan;
}

export function drawSwitchRows(plan: SwitchPlan, rows: SwitchRows, cx: number, y: number, incoming: OpenEdge, ctx: DrawCtx): OpenEdge | null {
  const { canvas } = ctx;
  const d = canvas.enter("decision", plan.diamond, cx, y, incoming, plan.source);
  const midY = y + plan.diamond.h / 2;
  const laneX = cx + rows.laneX;
  const busX = cx + rows.busX;
  const last = rows.starts.length - 1;
  const joinY = y + rows.collectY[last]!;
  let bus = false; // the line back from the bus lane is drawn
  let main: OpenEdge | null = null;
  let lane: OpenEdge | null = null; // the left lane, ending at the bus of the row drawn last
  rows.starts.forEach((from, r) => {
    const to = rows.starts[r + 1] ?? plan.columns.length;
    const busY = y + rows.busY[r]!;
    const outs: { out: OpenEdge; x: number }[] = [];
    for (let k = from; k < to; k++) {
      const col = plan.columns[k]!;
      const x = cx + col.x;
      let edge: OpenEdge;
      if (k > from) {
        edge = lineTo(canvas.open(null, { x: cx + plan.columns[k - 1]!.x, y: busY }, "right"), x, busY);
      } else if (r === 0) {
        edge = canvas.open(d.id, { x: cx, y: y + plan.diamond.h });
      } else {
        // Row r's bus: from the left vertex (first extra row) or on from the lane, then right.
        edge = lane ? canvas.open(null, { x: laneX, y: y + rows.busY[r - 1]! }) : canvas.open(d.id, { x: cx - plan.diamond.w / 2, y: midY }, "left");
        if (!lane) lineTo(edge, laneX, midY);
        lineTo(lineTo(edge, laneX, busY), x, busY);
        lane = edge;
      }
      withLabel(canvas.sizer, edge, col.label, "below-right", { x, y: busY });
      down(edge, y + rows.colTop[r]!);
      const out = drawBlockAt(col.plan, x, y + rows.colTop[r]!, edge, ctx);
      if (out) outs.push({ out, x });
    }
    const collectY = y + rows.collectY[r]!;
    if (r < last) {
      // Down to the row's collector, which the leftmost end carries right to the bus lane.
      outs.forEach(({ out }, i) => {
        down(out, collectY);
        if (i > 0) {
          canvas.close(out, null, false);
          return;
        }
        lineTo(out, busX, collectY);
        if (bus) {
          canvas.close(out, null, false);
        } else {
          lineTo(lineTo(out, busX, joinY), cx, joinY);
          canvas.close(out, null, true);
          bus = true;
        }
      });
      return;
    }
    // The last row: the column under the spine continues it; the others drop onto the line back
    // (drawn by the bus lane, or else carried to the spine by the rightmost end).
    const under = outs.find((o) => o.x === cx);
    const others = outs.filter((o) => o !== under);
    if (under) main = down(under.out, joinY);
    others.forEach(({ out }, i) => {
      down(out, joinY);
      if (!bus && i === others.length - 1) {
        lineTo(out, cx, joinY);
        canvas.close(out, null, true);
        bus = true;
      } else {
        canvas.close(out, null, false);
      }
    });
  });
  if (main) return main;
  return bus ? canvas.open(null, { x: cx, y: joinY }) : null;
}

// ---------------------------------------------------------------------------------------------
// A switch on rows in a chart cut into pages (P6): a run of row steps on the spine, so a cut may
// fall between two rows and only the spine crosses it. Every row hangs under the spine as a
// switch's bus does; the other values go on down a lane on the left, as in the rows above: from the
// diamond's left vertex, past each row, branching off to the next row's bus. Where a cut falls
// between two rows the lane comes back to the spine and crosses the cut as the spine (one connector
// pair); the next row takes its values off the spine again. The ends of every row but the last run
// into one outer connector of the switch's join, whose inner connector stands below the last row.
// A careful student splits a long menu the same way: whole rows of cases per page, not one case per
// connector pair.
//
//       ◇────┐                     (first row)
//   ┌───┼──┬─┼───┐
//   │  [1] [2]  [3]
//   │   └───┴────◯А
//   ├───┬───┬────┐                 (a row between; a cut here: the lane back to the spine, ◯Б)
//   │  [4] [5]  [6]
//   │   └───┴────◯А
//   └───┬───┬────┐                 (the last row)
//      [7] [8] [інакше]
//       ├───┴────┘
//       ├─◯А

/** Where a row of a switch cut into pages stands (planFlatSwitchRows). */
export type RowPlace =
  /** The first row: under the switch's diamond; the other values leave its left vertex for the lane. */
  | { at: "first"; diamond: SizedText; join: RowJoin | null }
  /** A row between: its values come off the lane (or the spine, after a cut), the lane runs on past it. */
  | { at: "middle"; join: RowJoin | null }
  /**
   * The last row: its ends come back to the spine. With the diamond when it is the only row (the
   * switch's other cases are too tall for a row).
   */
  | { at: "last"; diamond: SizedText | null };

/** How a row takes its values: under the diamond, off the lane (or the spine after a cut), or as the last row. */
type RowIntake = { at: "first"; diamond: SizedText } | { at: "middle" } | { at: "last"; diamond: SizedText | null };

/**
 * A row holding one case only (a case too wide to share a row), whose block follows on the spine so
 * a cut may fall inside it: this plan is the row's bus and label; the case's plans come next on the
 * spine, the lane of the other values running down beside them (DrawCtx.rowLane, crossing a cut
 * through a connector pair of its own), and a RowClosePlan ends the row unless it is the last.
 */
export interface RowOpenPlan extends PlanBase {
  type: "row-open";
  node: SwitchNode;
  place: RowIntake;
  label: string;
  /** The case block on the spine (the fit stage may ask for it after the rows instead: ctx.flatten). */
  blocks: Block[];
  /** A case too tall for a row, in its place (ctx.casesAfterRows would draw it after the rows). */
  tall: boolean;
  laneX: number;
  busY: number;
  source?: number;
}

/** The end of a row whose case ran on the spine: the case's end into the join, the lane back to the spine. */
export interface RowClosePlan extends PlanBase {
  type: "row-close";
  join: RowJoin;
}

/** A case in a row: its block's plan (or the connector of a case too tall for a row) and its value. */
type Column = { plan: SeqPlan; label: string };

/**
 * The outer connector of the switch's join that a row's ends run into, x of its centre, and how the
 * line enters it: along the collector line into its left side (`at`: the line's y, the circle
 * centred on it, right of the row's last column when that one falls — and of a case's end on the
 * spine, RowClosePlan), or from above at its top (`top`: under the rightmost falling column where a
 * column that does not fall stands right of it). Entered from the side, the circle stands at the
 * level of the line, so the lane comes back to the spine a stub below that line rather than a stub
 * below the circle: each row of a menu cut into pages is that much shorter (issue 21).
 */
export interface RowJoin {
  target: JumpTarget;
  x: number;
  enter: { from: "above"; top: number } | { from: "left"; at: number };
}

export interface SwitchRowPlan extends PlanBase {
  type: "row";
  node: SwitchNode;
  place: RowPlace;
  /** The row's columns, the first under the spine. */
  columns: SwitchColumn[];
  /** The case blocks drawn in the columns (the fit stage may ask for them on the spine: ctx.flatten). */
  blocks: Block[];
  /** x of the lane of the other values, left of every row of the switch. */
  laneX: number;
  busY: number;
  colTop: number;
  /** Where the row's falling ends meet. */
  collectY: number;
  source?: number;
}

/**
 * The row steps of a switch cut into pages, or null when they do not help: a switch with
 * fall-throughs, one inside a case laid on the spine (ctx.caseOnSpine), or one whose cases all fit one row. A case too tall for a row on a part (`room`)
 * gets a row of its own in its place, its block laid out flat on the spine below its label, so cuts
 * can fall inside it (issue 21: each case under its label, the cases in order); with
 * ctx.casesAfterRows, or when it does not fall, it stands in its row as an outer connector and its
 * block follows the rows on the spine, opening at the inner connector.
 */
export function planFlatSwitchRows(node: SwitchNode, scope: Scope, ctx: PlanCtx, room: number): Plan[] | null {
  if (!foldsToRows(node) || ctx.caseOnSpine) return null;
  const undoAll = countsOf(scope, ctx);
  const { gap, stub, columnGap } = ctx.sizer.module;
  const diamond = symbol(ctx, "decision", node.cond);
  // What a row adds to its tallest column, at most: a stub to its bus (below the diamond in the
  // first row), the gap to the columns; below them a stub to the collector line, a stub down to the
  // join's connector and the connector, whose bottom the lane comes back level with (drawSwitchRow).
  // Counted short, a row could come out taller than the room and its part than the page (P7).
  const overhead = (first: boolean): number => (first ? diamond.h : 0) + gap + 3 * stub + ctx.connector;
  // The lane of the other values on the left and the lines to the join below every row: no jump
  // lane is free.
  const colScope: Scope = { ...scope, blockedLeft: true, blockedRight: true, returnBlocked: true };
  const reach = (c: Column): number => Math.max(c.plan.right, LABEL_OFFSET + ctx.sizer.label(c.label).w);
  // Rows under the spine, as many columns each as the page leaves right of the spine's widest
  // symbol (or, rows after the first when ctx.rowsBesideLane, of the diamond) or of the lane on the
  // left (and a lane's clearance, for the details a plan's extent leaves out).
  const spineLeft = Math.max(diamond.w, ctx.widest) / 2;
  const rows: SwitchColumn[][] = [];
  const blocks: Block[][] = []; // per row, the case blocks in its columns
  /** Rows holding one tall case laid out flat on the spine: no other case joins them. */
  const onSpine = new Set<number>();
  /** x of a column beside the last of the current row, or null: it opens a new row, under the spine. */
  const besideLast = (c: Column): number | null => {
    const row = rows[rows.length - 1];
    const prev = row?.[row.length - 1];
    if (!row || !prev || onSpine.has(rows.length - 1)) return null;
    // A column beside the first leaves room for the join's connector between it and the spine
    // (where the first column's end goes when it alone falls).
    const x = Math.max(prev.x + reach(prev) + columnGap + c.plan.left, ctx.connector / 2 + LANE_CLEARANCE);
    // The first row no taller than the page it opens on leaves (ctx.firstRowRoom).
    if (rows.length === 1 && overhead(true) + Math.max(c.plan.height, ...row.map((col) => col.plan.height)) > ctx.firstRowRoom) return null;
    const left = Math.max(rows.length > 1 && ctx.rowsBesideLane ? diamond.w / 2 : spineLeft, row[0]!.plan.left + LANE_CLEARANCE);
    // A falling last column has the join's connector right of its end (joinOf).
    const right = Math.max(reach(c), c.plan.falls ? LANE_CLEARANCE + ctx.connector : 0);
    return left + x + right <= PAGE_PART_WIDTH - LANE_CLEARANCE ? x : null;
  };
  const place = (c: Column, block: Block | null): void => {
    const x = besideLast(c);
    if (x !== null) {
      rows[rows.length - 1]!.push({ ...c, x, fallthrough: false });
      if (block) blocks[blocks.length - 1]!.push(block);
    } else {
      blocks.push(block ? [block] : []);
      rows.push([{ ...c, x: 0, fallthrough: false }]);
    }
  };
  // Each case in its row when it fits that row on a part (`room`). A taller one (or one the fit
  // stage asks for flat) that falls gets a row of its own, in its place among the cases, its block
  // laid out flat on the spine below its label so cuts fall inside it (openRow): the reader meets
  // the cases in order, each body under its own label (issue 21). One that does not fall (it leaves
  // the switch by a jump), or any with ctx.casesAfterRows, stands in its row as a connector, its
  // block after the rows.
  const tall: { target: JumpTarget; block: Block }[] = [];
  for (const { body, label } of [...node.cases, { body: node.default ?? { stmts: [] }, label: ctx.options.texts.otherwise }]) {
    const undo = countsOf(scope, ctx);
    if (!ctx.flatten.has(body)) {
      const c = { plan: planBlock(body, colScope, ctx), label };
      const first = rows.length === 0 || (rows.length === 1 && besideLast(c) !== null);
      if (overhead(first) + c.plan.height <= room) {
        place(c, body);
        continue;
      }
      undo();
    }
    if (!ctx.casesAfterRows) {
      // Its first plan stays with the row's bus and its last with the row's close (cut-pages.ts
      // units): its constructs are laid flat down to what leaves room for those on a part.
      const flattenTaller = ctx.flattenTaller;
      const bus = rows.length === 0 ? diamond.h + stub : stub;
      ctx.flattenTaller = Math.min(flattenTaller, room - (bus + gap) - (gap + 2 * stub + ctx.connector));
      ctx.caseOnSpine = true;
      const flat = planBlock(body, colScope, ctx, true);
      ctx.flattenTaller = flattenTaller;
      ctx.caseOnSpine = false;
      if (flat.falls && flat.items.length > 0) {
        blocks.push([body]);
        rows.push([{ plan: flat, label, x: 0, fallthrough: false }]);
        onSpine.add(rows.length - 1);
        continue;
      }
      undo();
    }
    const target = newTarget();
    tall.push({ target, block: body });
    const jump = connectorJump(target, ctx);
    place({ plan: { type: "seq", items: [jump], left: jump.left, right: jump.right, height: jump.height, falls: false }, label }, null);
  }
  if (rows.length < 2 && tall.length === 0) {
    undoAll();
    return null;
  }
  const laneX = -Math.max(diamond.w / 2, ...rows.flatMap((row) => row.map((c) => c.plan.left - c.x))) - LANE_CLEARANCE;
  const join = newTarget();
  const plans: Plan[] = [];
  for (const [r, columns] of rows.entries()) {
    const alone = rows.length === 1;
    // The first row's bus a stub below the diamond; another's a stub below where the lane (or the
    // spine) leaves for the rows below.
    const busY = r === 0 ? diamond.h + stub : stub;
    const colTop = busY + gap;
    const bottom = colTop + Math.max(...columns.map((c) => c.plan.height));
    const collectY = bottom + stub;
    const falling = columns.filter((c) => c.plan.falls);
    const rowJoin = r === rows.length - 1 ? null : joinOf(columns, join, colTop, collectY, ctx);
    const extent = {
      left: alone ? Math.max(diamond.w / 2, ...columns.map((c) => c.plan.left - c.x)) : -laneX,
      right: Math.max(r === 0 ? diamond.w / 2 : 0, ...columns.map((c) => c.x + reach(c)), rowJoin ? rowJoin.x + ctx.connector / 2 : 0),
    };
    const base = { type: "row" as const, node, columns, blocks: blocks[r]!, laneX, busY, colTop, collectY, ...extent };
    const only = columns[0]!;
    if (columns.length === 1 && blocks[r]!.length === 1 && only.plan.falls) {
      plans.push(...openRow(r, rows.length, only, blocks[r]!, onSpine.has(r), { node, diamond, laneX, busY, join }, ctx));
      continue;
    }
    let row: SwitchRowPlan;
    if (r === rows.length - 1) {
      row = { ...base, place: { at: "last", diamond: alone ? diamond : null }, height: falling.length > 0 ? collectY : bottom, falls: falling.length > 0 };
    } else {
      // The lane comes back to the spine below the row's join connector, or a stub below its
      // columns when none of them falls.
      const height = !rowJoin ? bottom + stub : rowJoin.enter.from === "left" ? rowJoin.enter.at + laneBack(ctx) : rowJoin.enter.top + ctx.connector;
      if (rowJoin) join.connectorCount++;
      const place: RowPlace = r === 0 ? { at: "first", diamond, join: rowJoin } : { at: "middle", join: rowJoin };
      row = { ...base, place, height, falls: true };
    }
    if (r === 0 && node.loc) row.source = node.loc.line;
    plans.push(row);
  }
  // The tall cases after the rows, each from its inner connector, all but the last jumping to the
  // join; the one the fit stage asks for last (ctx.lastCase) after the others.
  if (tall.length > 0 && plans[plans.length - 1]!.falls) plans.push(connectorJump(join, ctx));
  const lastCase = tall.findIndex(({ block }) => block === ctx.lastCase);
  if (lastCase >= 0) tall.push(...tall.splice(lastCase, 1));
  tall.forEach(({ target, block }, i) => {
    plans.push(innerPlan(target, ctx));
    const body = planBlock(block, scope, ctx, true);
    plans.push(...(body.falls && i < tall.length - 1 ? endInConnector(body.items, join, ctx) : body.items));
  });
  if (join.connectorCount > 0) plans.push(innerPlan(join, ctx));
  return plans;
}

/**
 * A row of one case whose block runs on the spine (RowOpenPlan): its bus, the case's plans, and
 * (but for the last row) its end into the switch's join with the lane back to the spine.
 */
function openRow(
  r: number, count: number, column: SwitchColumn, blocks: Block[], tall: boolean,
  { node, diamond, laneX, busY, join }: { node: SwitchNode; diamond: SizedText; laneX: number; busY: number; join: JumpTarget },
  ctx: PlanCtx,
): Plan[] {
  const isLast = r === count - 1;
  const place: RowIntake = r === 0 ? (isLast ? { at: "last", diamond } : { at: "first", diamond }) : isLast ? { at: "last", diamond: null } : { at: "middle" };
  const reach = LABEL_OFFSET + ctx.sizer.label(column.label).w;
  const open: RowOpenPlan = {
    type: "row-open", node, place, label: column.label, blocks, tall, laneX, busY,
    left: count === 1 ? diamond.w / 2 : -laneX, right: Math.max(r === 0 ? diamond.w / 2 : 0, reach), height: busY, falls: true,
  };
  if (r === 0 && node.loc) open.source = node.loc.line;
  if (isLast) return [open, ...column.plan.items];
  // The case's end down the spine, then right into the join's connector beside it, whose circle
  // stands a gap below the case's last symbol as an outer connector does (P4).
  join.connectorCount++;
  const close: RowClosePlan = {
    type: "row-close", join: besideEnd(join, 0, ctx.connector / 2, ctx), left: -laneX, right: LANE_CLEARANCE + ctx.connector, height: ctx.connector / 2 + laneBack(ctx), falls: true,
  };
  return [open, ...column.plan.items, close];
}

export function drawRowOpen(plan: RowOpenPlan, cx: number, y: number, incoming: OpenEdge, ctx: DrawCtx): OpenEdge {
  const { first, lane } = intake(plan.place, plan.laneX, plan.busY, plan.source, cx, y, incoming, ctx);
  withLabel(ctx.canvas.sizer, first, plan.label, "below-right", { x: cx, y: y + plan.busY });
  ctx.rowLane = lane;
  return first;
}

/** The join's connector right of a falling end at `x` (LANE_CLEARANCE clear of it), centred on the collector line at `at` (RowJoin). */
function besideEnd(target: JumpTarget, x: number, at: number, ctx: PlanCtx): RowJoin {
  return { target, x: x + LANE_CLEARANCE + ctx.connector / 2, enter: { from: "left", at } };
}

/**
 * Where a row between others runs its falling ends into the switch's join (null: none falls): on
 * the collector line right of the rightmost falling end when no column stands right of it (RowJoin)
 * — the line lower where that column is the tallest, so the circle stays a stub below its last
 * symbol; else under that end (one end goes straight down into it, more meet on a line first),
 * clear of the spine. `colTop`: where the columns start; `collectY`: the collector line.
 */
function joinOf(columns: readonly SwitchColumn[], target: JumpTarget, colTop: number, collectY: number, ctx: PlanCtx): RowJoin | null {
  const falling = columns.filter((c) => c.plan.falls);
  const rightmost = falling[falling.length - 1];
  if (!rightmost) return null;
  const stub = ctx.sizer.module.stub;
  if (rightmost === columns[columns.length - 1]) {
    return besideEnd(target, rightmost.x, Math.max(collectY, colTop + rightmost.plan.height + stub + ctx.connector / 2), ctx);
  }
  const x = Math.max(rightmost.x, ctx.connector / 2 + LANE_CLEARANCE);
  return { target, x, enter: { from: "above", top: falling.length > 1 || x !== rightmost.x ? collectY + stub : collectY } };
}

/**
 * How far below a collector line that runs into a connector from the side the lane comes back to
 * the spine: a stub (L7), and never above the circle's bottom.
 */
function laneBack(ctx: PlanCtx): number {
  return Math.max(ctx.sizer.module.stub, ctx.connector / 2);
}

export function drawRowClose(plan: RowClosePlan, cx: number, y: number, incoming: OpenEdge, ctx: DrawCtx): OpenEdge {
  intoJoin([incoming], [0], cx, y, plan.join, ctx.canvas);
  const lane = ctx.rowLane!;
  ctx.rowLane = null;
  return lineTo(down(lane, y + plan.height), cx, y + plan.height);
}

/**
 * The line into a row's first column, and the lane going on to the rows below (null: the last
 * row): under the diamond, its left vertex starting the lane; off the lane of the row above, on
 * this page; or, after a cut, down the spine, the other values leaving it for the lane.
 */
function intake(
  place: RowIntake, laneX0: number, busY0: number, source: number | undefined, cx: number, y: number, incoming: OpenEdge, ctx: DrawCtx,
): { first: OpenEdge; lane: OpenEdge | null } {
  const { canvas } = ctx;
  const laneX = cx + laneX0;
  const busY = y + busY0;
  let first: OpenEdge;
  let lane: OpenEdge | null = null;
  if (place.at !== "last" || place.diamond) {
    const diamond = place.at === "middle" ? null : place.diamond!;
    if (diamond) {
      const d = canvas.enter("decision", diamond, cx, y, incoming, source);
      first = canvas.open(d.id, { x: cx, y: y + diamond.h });
      if (place.at !== "last") lane = lineTo(canvas.open(d.id, { x: cx - diamond.w / 2, y: y + diamond.h / 2 }, "left"), laneX, y + diamond.h / 2);
    } else if (fromLane(incoming, laneX, cx)) {
      // The row above is on this page: its lane runs on down to this row's bus.
      incoming.points.pop();
      first = lineTo(down(incoming, busY), cx, busY);
      lane = canvas.open(null, { x: laneX, y: busY });
    } else {
      // After a cut: the values come down the spine; the others leave it for the lane (a leftward
      // run, with its arrowhead: L2).
      first = incoming;
      canvas.close(lineTo(canvas.open(null, { x: cx, y }, "left"), laneX, y), null, true);
      lane = canvas.open(null, { x: laneX, y });
    }
  } else if (fromLane(incoming, laneX, cx)) {
    incoming.points.pop();
    first = lineTo(down(incoming, busY), cx, busY);
  } else {
    first = incoming;
  }
  return { first, lane };
}

export function drawSwitchRow(plan: SwitchRowPlan, cx: number, y: number, incoming: OpenEdge, ctx: DrawCtx): OpenEdge | null {
  const { canvas } = ctx;
  const { place } = plan;
  // The line into the first column, and the lane going on to the rows below (null: the last row).
  const { first, lane } = intake(place, plan.laneX, plan.busY, plan.source, cx, y, incoming, ctx);
  const outs = drawColumns(plan.columns, cx, y + plan.busY, y + plan.colTop, first, ctx);
  if (place.at === "last") return collectToSpine(outs, cx, y + plan.collectY, canvas);
  if (place.join) intoJoin(outs, plan.columns.map((c) => c.x), cx, y + plan.collectY, place.join, canvas, y);
  // Back to the spine at the row's bottom: a cut may follow (the next row takes the lane up again).
  return lineTo(down(lane!, y + plan.height), cx, y + plan.height);
}

/** Whether `edge` is the lane of the row above coming back to the spine (at `cx`) from `laneX`. */
function fromLane(edge: OpenEdge, laneX: number, cx: number): boolean {
  const n = edge.points.length;
  if (n < 2) return false;
  const [a, b] = [edge.points[n - 2]!, edge.points[n - 1]!];
  return Math.abs(a.x - laneX) < 1e-6 && Math.abs(b.x - cx) < 1e-6 && Math.abs(a.y - b.y) < 1e-6;
}

/**
 * A row's falling ends into the join's outer connector (at join.x): the leftmost carries a line right
 * at the collector line (`collectY`, or join.enter.at entered from the left) and the others drop onto
 * it; entered from above, that line runs onto the rightmost end's, which goes down into the circle's
 * top. `y`: the top of the row (join's offsets).
 */
function intoJoin(
  outs: readonly (OpenEdge | null)[], xs: readonly number[], cx: number, collectY: number, join: RowJoin, canvas: Canvas, y = collectY,
): void {
  const falling = outs.flatMap((out, k) => (out ? [{ out, x: cx + xs[k]! }] : []));
  const x = cx + join.x;
  const carrier = falling[falling.length - 1]!;
  const letter = (join.target.letter ??= canvas.nextLetter());
  const sized = canvas.designation(letter);
  if (join.enter.from === "left") {
    // The leftmost end carries the collector line into the circle; the others drop onto it.
    const at = y + join.enter.at;
    const [leftmost, ...others] = falling;
    lineTo(down(leftmost!.out, at), x - sized.w / 2, at);
    for (const { out } of others) canvas.close(down(out, at), null, false);
    canvas.close(leftmost!.out, canvas.addShape("connector", sized, x, at - sized.h / 2).id, false);
    return;
  }
  // Only the column under the spine falls: its line turns right to the connector.
  if (carrier.x !== x) lineTo(down(carrier.out, collectY), x, collectY);
  falling.slice(0, -1).forEach(({ out }, i) => {
    down(out, collectY);
    if (i === 0) lineTo(out, x, collectY);
    canvas.close(out, null, false);
  });
  down(carrier.out, y + join.enter.top);
  canvas.close(carrier.out, canvas.addShape("connector", sized, x, y + join.enter.top).id, false);
}
