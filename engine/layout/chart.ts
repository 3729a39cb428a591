/**
 * One function → one chart: Start, the body, the End(s) (S1, C12), and — when `split` asks for it
 * and the chart is taller than the usable A4 height (P7) — parts cut on the top-level spine between
 * two constructs (P6), joined by connector pairs (P1, P4). Each part is drawn in its own frame and
 * placed later; the only line crossing a cut is the spine itself, because returns to the one End
 * use connector pairs in split charts.
 */
import type { Block, ChartFunction } from "../tree/schema.ts";
import type { Edge, Shape } from "../geometry/types.ts";
import type { ResolvedOptions } from "../options.ts";
import { CONNECTOR_DIAMETER, GAP, LANE_CLEARANCE, PAGE_PART_HEIGHT, STUB } from "../geometry/style.ts";
import { Canvas, lineTo, type OpenEdge } from "./canvas.ts";
import { drawSequence, planBlock, symbol, type DrawCtx, type Plan, type PlanCtx, type SeqPlan } from "./plan.ts";
import { newTarget, type JumpTarget, type Scope } from "./scope.ts";
import { Sizer, type SizedText } from "./size.ts";
import { commonWidth } from "./width.ts";
import { drawInnerConnector, innerConnectorBlock, innerConnectorRight, routeLane } from "./jumps.ts";
import { down } from "./simple.ts";

/** A drawn part in its own frame (spine at x = 0, top at y = 0). */
export interface DrawnPart {
  shapes: Shape[];
  edges: Edge[];
}

interface ChartPlan {
  start: SizedText;
  end: SizedText;
  body: SeqPlan;
  returns: JumpTarget | null;
  /** End terminator needed: something reaches the end of the body or returns to the one End. */
  hasEnd: boolean;
  /** Height of what follows the body: return joins, gap, End. */
  tailHeight: number;
  /** Diameter of the designation connectors it was planned with. */
  connector: number;
}

const CONNECTOR_LETTERS = {
  uk: ["А", "Б", "В", "Г", "Д", "Е", "Ж", "И", "К", "Л", "М", "Н", "П", "Р", "С", "Т", "У", "Ф", "Х", "Ц", "Ш", "Щ", "Ю", "Я"],
  en: ["A", "B", "C", "D", "E", "F", "G", "H", "J", "K", "L", "M", "N", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z"],
} as const;

function terminatorTexts(fn: ChartFunction, options: ResolvedOptions): { start: string; end: string } {
  const t = options.texts;
  const sub = options.mainOnlyTerminators && fn.main !== true;
  return sub ? { start: t.entryText, end: t.exitText } : { start: t.startText, end: t.endText };
}

function planChart(fn: ChartFunction, options: ResolvedOptions, forPages: boolean, sizer: Sizer, connector: number): ChartPlan {
  const texts = terminatorTexts(fn, options);
  const returns = options.singleEnd ? newTarget() : null;
  const width = commonWidth(fn, [texts.start, texts.end], options, sizer);
  const ctx: PlanCtx = { options, endText: texts.end, loopCount: 0, flattenTopLoops: forPages, width, sizer, connector };
  const scope: Scope = {
    loop: null, returns, forceReturnConnectors: forPages, blockedLeft: false, blockedRight: false, returnBlocked: false,
  };
  const body = planBlock(fn.block, scope, ctx, true);
  const returnCount = returns ? returns.laneCount + returns.connectorCount : 0;
  const hasEnd = body.falls || returnCount > 0;
  const end = symbol(ctx, "terminator", texts.end);
  let tailHeight = 0;
  if (hasEnd) {
    if (returns && returns.connectorCount > 0) tailHeight += innerConnectorBlock(connector);
    if (returns && returns.laneCount > 0) tailHeight += STUB;
    tailHeight += GAP + end.h;
  }
  return { start: symbol(ctx, "terminator", texts.start), end, body, returns, hasEnd, tailHeight, connector };
}

/**
 * Groups the top-level constructs into parts that fit the usable page height (greedy, in order).
 * A cut where the spine runs on costs a connector pair (an outer one closing the part, an inner one
 * opening the next); a cut after a construct nothing falls out of (a jump into a connector) costs
 * nothing — the next part starts at its own inner connector. Some neighbours are never cut apart
 * (`units`): a jump stays with the construct leading into it, and what holdsNext stays with the
 * item below it (P6: no decision or loop-limit symbol ends a part with its exits cut).
 */
function cutParts(plan: ChartPlan): Plan[][] {
  const units: Plan[][] = [];
  plan.body.items.forEach((item, i) => {
    const prev = plan.body.items[i - 1];
    if (prev && (item.type === "jump" || holdsNext(prev))) units[units.length - 1]!.push(item);
    else units.push([item]);
  });
  const parts: Plan[][] = [];
  let current: Plan[] = [];
  let height = plan.start.h;
  units.forEach((unit, u) => {
    const unitHeight = unit.reduce((sum, item) => sum + item.height, 0) + GAP * (unit.length - 1);
    const last = unit[unit.length - 1]!;
    const after =
      u === units.length - 1 ? plan.tailHeight
      : last.falls ? GAP + plan.connector // the outer connector, should the part end here
      : 0;
    if (current.length > 0 && height + GAP + unitHeight + after > PAGE_PART_HEIGHT) {
      const runsOn = current[current.length - 1]!.falls;
      parts.push(current);
      current = [];
      height = runsOn ? plan.connector : -GAP; // the inner connector opening the part, or nothing
    }
    current.push(...unit);
    height += GAP + unitHeight;
  });
  parts.push(current);
  return parts;
}

/**
 * Items that must not end a part: the head of a flat form (its decision or opening loop limit) and
 * an inner connector (a part ending at a connector that leads straight to a page connector says
 * nothing).
 */
function holdsNext(item: Plan): boolean {
  return (
    (item.type === "if" && item.layout.kind === "exit") || item.type === "fork" || item.type === "inner" ||
    (item.type === "shape" && item.kind === "loop_begin")
  );
}

/**
 * Lays a function out. Connector designations are given while drawing, in order of appearance
 * (P2), and a long chart's later ones (А1, Щ12 …) may not fit the standard 10 mm circle: the chart
 * is then laid out again with all its designation circles that much larger, so every connector of
 * the chart has one size and the plan's heights hold.
 */
export function layoutFunction(fn: ChartFunction, options: ResolvedOptions, split: boolean, prefix: string, sizer: Sizer): DrawnPart[] {
  let connector = CONNECTOR_DIAMETER;
  for (;;) {
    const { drawn, needed } = layoutWith(fn, options, split, prefix, sizer, connector);
    if (needed <= connector) return drawn;
    connector = needed;
  }
}

function layoutWith(
  fn: ChartFunction, options: ResolvedOptions, split: boolean, prefix: string, sizer: Sizer, connector: number,
): { drawn: DrawnPart[]; needed: number } {
  // A chart cut into pages is planned for pages: returns to the one End use connector pairs and
  // top-level infinite loops are laid out flat, so cuts fall between symbols on the spine only.
  let plan = planChart(fn, options, false, sizer, connector);
  const total = plan.start.h + GAP + plan.body.height + plan.tailHeight;
  if (split && total > PAGE_PART_HEIGHT) plan = planChart(fn, options, true, sizer, connector);
  const splitting = split && total > PAGE_PART_HEIGHT && plan.body.items.length > 1;
  const groups = splitting ? cutParts(plan) : [plan.body.items];

  const canvas = new Canvas(prefix, CONNECTOR_LETTERS[options.locale], sizer, connector, connectorLabels(fn.block));
  const ctx: DrawCtx = { canvas, options };
  const drawn: DrawnPart[] = [];
  let shapeMark = 0;
  let edgeMark = 0;
  let carry: string | null = null; // letter of the connector pair across the last cut

  groups.forEach((items, k) => {
    let y: number;
    let edge: OpenEdge | null;
    if (k === 0) {
      const start = canvas.addShape("terminator", plan.start, 0, 0);
      y = plan.start.h + GAP;
      edge = canvas.open(start.id, { x: 0, y: plan.start.h });
    } else if (carry !== null) {
      const circle = canvas.addShape("connector", canvas.designation(carry), 0, 0);
      y = connector + GAP;
      edge = canvas.open(circle.id, { x: 0, y: connector });
    } else {
      // The last part ended in a jump: this one opens with that jump's inner connector.
      y = 0;
      edge = null;
    }
    carry = null;
    edge = drawSequence(items, 0, y, edge, ctx);
    y += items.reduce((sum, item) => sum + item.height + GAP, 0) - GAP;
    const isLast = k === groups.length - 1;
    if (!isLast && edge) {
      carry = canvas.nextLetter();
      canvas.enter("connector", canvas.designation(carry), 0, y + GAP, edge);
    } else if (isLast) {
      drawTail(plan, edge, y, ctx);
    }
    drawn.push({ shapes: canvas.shapes.slice(shapeMark), edges: canvas.edges.slice(edgeMark) });
    shapeMark = canvas.shapes.length;
    edgeMark = canvas.edges.length;
  });
  return { drawn, needed: canvas.needed };
}

/** The labels of the connectors a function's tree has itself (goto labels and jumps). */
function connectorLabels(block: Block, into = new Set<string>()): Set<string> {
  for (const node of block.stmts) {
    switch (node.kind) {
      case "connector":
        into.add(node.text.trim());
        break;
      case "if":
        connectorLabels(node.then, into);
        if (node.else) connectorLabels(node.else, into);
        break;
      case "for":
      case "while":
        connectorLabels(node.body, into);
        if (node.else) connectorLabels(node.else, into);
        break;
      case "dowhile":
      case "infloop":
        connectorLabels(node.body, into);
        break;
      case "switch":
        for (const c of node.cases) connectorLabels(c.body, into);
        if (node.default) connectorLabels(node.default, into);
        break;
      default:
        break;
    }
  }
  return into;
}

/** Returns to the one End (connector pair and/or lane), then the End terminator. */
function drawTail(plan: ChartPlan, main: OpenEdge | null, bodyBottom: number, ctx: DrawCtx): void {
  if (!plan.hasEnd) return;
  const { canvas } = ctx;
  let y = bodyBottom;
  let edge = main;
  const returns = plan.returns;
  if (returns && returns.connectorCount > 0) {
    edge = drawInnerConnector(returns, 0, y, edge, canvas);
    y += innerConnectorBlock(canvas.connector);
  }
  if (returns && returns.laneCount > 0) {
    const laneX =
      Math.max(plan.body.right, plan.start.w / 2, plan.end.w / 2, returns.connectorCount > 0 ? innerConnectorRight(canvas.connector) : 0) +
      LANE_CLEARANCE;
    const joinY = y + STUB;
    if (edge) down(edge, joinY);
    routeLane(returns, laneX, canvas, (first) => {
      lineTo(down(first, joinY), 0, joinY);
      canvas.close(first, null, true);
    });
    edge ??= canvas.open(null, { x: 0, y: joinY });
    y = joinY;
  }
  if (!edge) return;
  canvas.enter("terminator", plan.end, 0, y + GAP, edge);
}
