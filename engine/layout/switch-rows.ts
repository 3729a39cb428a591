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
import type { Node } from "../tree/schema.ts";
import { LABEL_OFFSET, LANE_CLEARANCE, PAGE_PART_WIDTH } from "../geometry/style.ts";
import { drawBlockAt, planBlock, symbol, type DrawCtx, type PlanCtx } from "./plan.ts";
import { lineTo, type OpenEdge } from "./canvas.ts";
import type { Scope } from "./scope.ts";
import { down } from "./simple.ts";
import { withLabel } from "./labels.ts";
import type { SwitchPlan } from "./branches.ts";

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
