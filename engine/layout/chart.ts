/**
 * One function → one chart: Start, the body, the End(s) (S1, C12), planned (planChart) and drawn
 * (drawChart) in the groups of top-level plans the fit stage (fit/) cut it into — parts joined by
 * connector pairs (P1, P4). Each part is drawn in its own frame and placed later; the only line
 * crossing a cut is the spine itself, because returns to the one End use connector pairs in split
 * charts.
 */
import type { Block, ChartFunction, Node } from "../tree/schema.ts";
import type { Edge, Shape } from "../geometry/types.ts";
import type { ResolvedOptions } from "../options.ts";
import { LANE_CLEARANCE } from "../geometry/style.ts";
import "./constructs.ts"; // registers every construct with plan.ts before a chart is planned
import { Canvas, lineTo, type OpenEdge } from "./canvas.ts";
import { drawSequence, NO_FOLD, type Folds, planBlock, symbol, type DrawCtx, type Plan, type PlanCtx, type SeqPlan, type ThresholdRange } from "./plan.ts";
import { newTarget, type JumpTarget, type Scope } from "./scope.ts";
import { Sizer, type SizedText } from "./size.ts";
import { chartWidths } from "./width.ts";
import { terminatorTexts } from "./signature.ts";
import { drawInnerConnector, innerConnectorBlock, innerConnectorRight, routeLane } from "./jumps.ts";
import { down } from "./simple.ts";
import { PartLanes } from "./part-lanes.ts";
import type { Module } from "./module.ts";

/** A drawn part in its own frame (spine at x = 0, top at y = 0). */
export interface DrawnPart {
  shapes: Shape[];
  edges: Edge[];
}

export interface ChartPlan {
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
  /** Height of the whole chart drawn as one part. */
  height: number;
  module: Module;
  /** The flattenTaller values it comes out the same at (fit/cut-pages.ts skips thresholds inside). */
  alike: ThresholdRange;
}

const CONNECTOR_LETTERS = {
  uk: ["А", "Б", "В", "Г", "Д", "Е", "Ж", "И", "К", "Л", "М", "Н", "П", "Р", "С", "Т", "У", "Ф", "Х", "Ц", "Ш", "Щ", "Ю", "Я"],
  en: ["A", "B", "C", "D", "E", "F", "G", "H", "J", "K", "L", "M", "N", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z"],
} as const;

/** How the fit stage wants a chart planned. */
export interface PlanChoices {
  /** The chart will be cut into pages: returns use connector pairs, tall top-level constructs are laid out flat (fit/flatten.ts). */
  forPages?: boolean;
  /** With forPages: the height above which top-level constructs are laid out flat (at most a part's room). */
  flattenTaller?: number;
  /** With forPages: constructs laid out flat whatever their height (a cut falls inside them, fit/cut-pages.ts). */
  flatten?: ReadonlySet<Node | Block>;
  /** The if/switch nodes drawn folded for width (fit/fold-wide.ts). */
  fold?: Folds;
  /** With forPages: switch rows after the first packed beside their own lane (PlanCtx.rowsBesideLane). */
  rowsBesideLane?: boolean;
  /** With forPages: else-if chains of one name against constants drawn as switches (PlanCtx.chainsAsSwitch). */
  chainsAsSwitch?: boolean;
  /** With forPages: tall switch cases stand in their rows as connectors, their blocks after the rows (PlanCtx.casesAfterRows). */
  casesAfterRows?: boolean;
  /** With forPages: the case of a switch whose block follows the rows last (PlanCtx.lastCase). */
  lastCase?: Block | null;
  /** With forPages: the most a switch's first row may take (PlanCtx.firstRowRoom). */
  firstRowRoom?: number;
}

const NONE: ReadonlySet<Node | Block> = new Set();

/**
 * Plans a function as one chart in the sizer's module, as the fit stage chooses. */
export function planChart(
  fn: ChartFunction, options: ResolvedOptions, sizer: Sizer, connector: number,
  { forPages = false, flattenTaller = Infinity, flatten = NONE, fold = NO_FOLD, rowsBesideLane = false, chainsAsSwitch = false, casesAfterRows = false, lastCase = null, firstRowRoom = Infinity }: PlanChoices = {},
): ChartPlan {
  const m = sizer.module;
  const texts = terminatorTexts(fn, options);
  const returns = options.singleEnd ? newTarget() : null;
  const { common: width, widest } = chartWidths(fn, [texts.start, texts.end], options, sizer, forPages);
  const ctx: PlanCtx = { options, endText: texts.end, loopCount: 0, flattenTopLoops: forPages, flattenTaller, flatten, width, widest, rowsBesideLane, chainsAsSwitch, casesAfterRows, caseOnSpine: false, lastCase, firstRowRoom, sizer, connector, fold, heights: new Map(), alike: { from: -Infinity, below: Infinity } };
  const scope: Scope = {
    loop: null, returns, forceReturnConnectors: forPages, blockedLeft: false, blockedRight: false, returnBlocked: false,
  };
  const body = planBlock(fn.block, scope, ctx, true);
  const returnCount = returns ? returns.laneCount + returns.connectorCount : 0;
  const hasEnd = body.falls || returnCount > 0;
  const end = symbol(ctx, "terminator", texts.end);
  let tailHeight = 0;
  if (hasEnd) {
    if (returns && returns.connectorCount > 0) tailHeight += innerConnectorBlock(connector, m.stub);
    if (returns && returns.laneCount > 0) tailHeight += m.stub;
    tailHeight += m.gap + end.h;
  }
  const start = symbol(ctx, "terminator", texts.start);
  const height = start.h + m.gap + body.height + tailHeight;
  return { start, end, body, returns, hasEnd, tailHeight, connector, height, module: m, alike: ctx.alike };
}

/**
 * Draws a planned chart cut into `groups` of top-level plans (one group: one part). A part after the
 * first opens with the inner connector of the pair across its cut, or — after a part ending in a
 * jump — with nothing (its first item is that jump's inner connector). Returns the parts in their
 * own frames and the diameter the connector designations needed.
 */
export function drawChart(
  fn: ChartFunction, plan: ChartPlan, groups: readonly (readonly Plan[])[], options: ResolvedOptions, prefix: string, sizer: Sizer,
): { drawn: DrawnPart[]; needed: number } {
  const m = sizer.module;
  const connector = plan.connector;
  const canvas = new Canvas(prefix, CONNECTOR_LETTERS[options.locale], sizer, connector, connectorLabels(fn.block));
  const ctx: DrawCtx = { canvas, options, rowLane: null, part: null };
  const drawn: DrawnPart[] = [];
  let shapeMark = 0;
  let edgeMark = 0;
  let carry: string | null = null; // letter of the connector pair across the last cut
  let laneCarry: { letter: string; x: number } | null = null; // the pair a switch row's lane crosses it by

  groups.forEach((items, k) => {
    let y: number;
    let edge: OpenEdge | null;
    if (k === 0) {
      const start = canvas.addShape("terminator", plan.start, 0, 0);
      y = plan.start.h + m.gap;
      edge = canvas.open(start.id, { x: 0, y: plan.start.h });
    } else if (carry !== null) {
      const circle = canvas.addShape("connector", canvas.designation(carry), 0, 0);
      y = connector + m.gap;
      edge = canvas.open(circle.id, { x: 0, y: connector });
    } else {
      // The last part ended in a jump: this one opens with that jump's inner connector.
      y = 0;
      edge = null;
    }
    carry = null;
    if (laneCarry) {
      const circle = canvas.addShape("connector", canvas.designation(laneCarry.letter), laneCarry.x, 0);
      ctx.rowLane = canvas.open(circle.id, { x: laneCarry.x, y: connector });
      laneCarry = null;
    }
    const isLast = k === groups.length - 1;
    const left = Math.max(k === 0 ? plan.start.w / 2 : 0, isLast ? plan.end.w / 2 : 0, ...items.map((item) => item.left));
    // Returns to the one End by the chart's own lane cross any lane beside the spine: then none.
    const part = (ctx.part = plan.returns && plan.returns.laneCount > 0 ? null : new PartLanes(items, left));
    // One item at a time, so the part knows where a jump's lane starts.
    items.forEach((item, i) => {
      part?.drawing(i);
      edge = drawSequence([item], 0, y, edge, ctx);
      y += item.height + m.gap;
    });
    y -= m.gap;
    if (!isLast && edge) {
      carry = canvas.nextLetter();
      canvas.enter("connector", canvas.designation(carry), 0, y + m.gap, edge);
    }
    if (!isLast && ctx.rowLane) {
      // A switch row's lane beside the spine crosses the cut by a pair of its own (one line per pair).
      const x = ctx.rowLane.points[ctx.rowLane.points.length - 1]!.x;
      laneCarry = { letter: canvas.nextLetter(), x };
      canvas.enter("connector", canvas.designation(laneCarry.letter), x, y + m.gap, ctx.rowLane);
      ctx.rowLane = null;
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
  const m = ctx.canvas.sizer.module;
  if (!plan.hasEnd) return;
  const { canvas } = ctx;
  let y = bodyBottom;
  let edge = main;
  const returns = plan.returns;
  if (returns && returns.connectorCount > 0) {
    edge = drawInnerConnector(returns, 0, y, edge, canvas);
    y += innerConnectorBlock(canvas.connector, m.stub);
  }
  if (returns && returns.laneCount > 0) {
    const laneX =
      Math.max(plan.body.right, plan.start.w / 2, plan.end.w / 2, returns.connectorCount > 0 ? innerConnectorRight(canvas.connector) : 0) +
      LANE_CLEARANCE;
    const joinY = y + m.stub;
    if (edge) down(edge, joinY);
    routeLane(returns, laneX, canvas, (first) => {
      lineTo(down(first, joinY), 0, joinY);
      canvas.close(first, null, true);
    });
    edge ??= canvas.open(null, { x: 0, y: joinY });
    y = joinY;
  }
  if (!edge) return;
  canvas.enter("terminator", plan.end, 0, y + m.gap, edge);
}
