/**
 * Layout runs in two passes over the chart tree:
 *  1. plan (bottom-up sizes, top-down jump scopes): every node becomes a Plan that knows its
 *     extent around its spine — `left`/`right` of the spine, `height` from its top — and whether
 *     control falls out of its bottom;
 *  2. draw (top-down): each plan is drawn at an absolute spine x and top y, continuing the line that
 *     comes into it and handing back the line that leaves its bottom (null when nothing falls out).
 * Both passes touch every node once, so layout is linear in the size of the chart.
 *
 * This module holds the plan types and the dispatch. Each construct lives in its own module, which
 * plans and draws itself and registers with the dispatch here (constructs.ts loads them all): this
 * module imports none of them, so the stage reads top-down without an import circle.
 */
import type { Block, Node } from "../tree/schema.ts";
import type { ResolvedOptions } from "../options.ts";
import { lineTo, type Canvas, type OpenEdge } from "./canvas.ts";
import type { SizedText, Sizer } from "./size.ts";
import type { ShapeKind } from "../geometry/types.ts";
import type { JumpTarget, Route, Scope } from "./scope.ts";

export interface Extent {
  left: number;
  right: number;
  height: number;
}

export interface PlanBase extends Extent {
  /** Control can leave through the bottom of the plan. */
  falls: boolean;
  /**
   * What reaches `left` / `right` is a loop's lane (a vertical line), not a symbol or text: a lane
   * outside it keeps only the lane pitch from it (L7), not a line's clearance from a symbol.
   */
  laneLeft?: boolean;
  laneRight?: boolean;
}

/** A symbol on the spine (process, io, call, terminator, label connector, loop limits). */
export interface ShapePlan extends PlanBase {
  type: "shape";
  kind: "process" | "io" | "call" | "terminator" | "connector" | "loop_begin" | "loop_end";
  sized: SizedText;
  source?: number;
}

/** break / continue / return-to-the-one-End, possibly preceded by a process with the return text. */
export interface JumpPlan extends PlanBase {
  type: "jump";
  route: Route;
  target: JumpTarget;
  before: ShapePlan | null;
  connector: SizedText | null;
}

export interface SeqPlan extends PlanBase {
  type: "seq";
  items: Plan[];
}

/** The inner connector of a jump target, where control arrives by its jumps. */
export interface InnerPlan extends PlanBase {
  type: "inner";
  target: JumpTarget;
  /**
   * Where it stands: "beside" the spine, its line joining the spine's (control falls into it from
   * above too); or "opening" the spine, when nothing falls into it — the flow starts at the circle.
   */
  stands: "beside" | "opening";
}

/**
 * The flattenTaller values (fit/flatten.ts) a chart planned for pages comes out the same at:
 * `from` ≤ t < `below`. Planning depends on the threshold only through the decisions taken from
 * it, so a threshold inside the range decides every construct alike and gives the same plan
 * (fit/cut-pages.ts then need not plan it).
 */
export interface ThresholdRange {
  from: number;
  below: number;
}

/**
 * Every kind of plan, by its `type`. The plans of this module are listed here; each construct
 * module adds its own (`declare module "./plan.ts" { interface PlanTypes { … } }`), as it registers
 * its functions with the dispatch below — so this module names no construct, not even as a type.
 */
export interface PlanTypes {
  shape: ShapePlan;
  jump: JumpPlan;
  seq: SeqPlan;
  inner: InnerPlan;
}

export type Plan = PlanTypes[keyof PlanTypes];

export interface PlanCtx {
  options: ResolvedOptions;
  /** End text of the chart being planned (Кінець, or Вихід for subprograms with mainOnlyTerminators). */
  endText: string;
  loopCount: number;
  /**
   * Lay top-level infinite loops out as a flat run of symbols (loop_begin, body, loop_end) so a
   * chart split into pages can be cut inside them: the loop-limit form has no back line (C9).
   */
  flattenTopLoops: boolean;
  /** In a chart cut into pages: top-level loops, ifs and switches taller than this are laid out flat (fit/flatten.ts). */
  flattenTaller: number;
  /** The values of flattenTaller this plan comes out the same at, narrowed by every decision flatten.ts takes from it. */
  alike: ThresholdRange;
  /**
   * In a chart cut into pages: top-level constructs laid out flat whatever their height, because a
   * cut wants to fall inside them (fit/cut-pages.ts) — a node, the `then` block of a cascade link
   * (its step laid out flat, while the chain's first node names the whole chain), or a case block of
   * a switch cut between rows (that case on the spine after the rows, switch-rows.ts).
   */
  flatten: ReadonlySet<Node | Block>;
  /**
   * The chart's common symbol width b (G3): the widest width up to 2a that any symbol needs; all
   * symbols are at least this wide, only those whose text needs more are wider.
   */
  width: number;
  /** In a chart cut into pages: its widest symbol, the most a symbol on the spine may take (switch-rows.ts packs rows beside it). */
  widest: number;
  /**
   * In a chart cut into pages: a switch's rows after the first are packed beside their own lane
   * rather than beside the chart's widest symbol — more cases share a row, and the cut keeps such a
   * row off a part that holds a wider symbol (fit/cut-pages.ts).
   */
  rowsBesideLane: boolean;
  /**
   * In a chart cut into pages: the most a switch's first row may take with its diamond — what the
   * page it opens on leaves after the chart's head (fit/cut-pages.ts), so the row is not pushed
   * whole onto the next page with that page left mostly empty.
   */
  firstRowRoom: number;
  /**
   * In a chart cut into pages: an else-if chain comparing one name with constants is drawn as the
   * switch it means (fit/chain-as-switch.ts), its cases in rows and cut like a menu's.
   */
  chainsAsSwitch: boolean;
  /**
   * In a chart cut into pages: a switch case too tall for its row stands in the row as an outer
   * connector and its block follows the rows (switch-rows.ts) — out of the cases' order, its body
   * away from its label, so the fit stage takes it only where it saves a part (fit/cut-pages.ts).
   * Otherwise such a case gets a row of its own in its place, its block flat on the spine.
   */
  casesAfterRows: boolean;
  /**
   * Planning the block of such a case laid out on the spine beside the lane of its switch's other
   * values (DrawCtx.rowLane carries one lane at a time): a switch inside it is not put on rows.
   */
  caseOnSpine: boolean;
  /**
   * In a chart cut into pages, with casesAfterRows: a switch case too tall for its row whose block follows the rows last
   * rather than in the order of the cases — where its height fills the pages better (fit/cut-pages.ts).
   */
  lastCase: Block | null;
  sizer: Sizer;
  /** Diameter of the connectors carrying designations (the fit stage lays a chart out again when its designations need more). */
  connector: number;
  /** The if/switch nodes drawn folded so the chart fits the page width (chosen by fit/fold-wide.ts). */
  fold: Folds;
  /** Heights of the constructs planned normally so far (fit/flatten.ts decides from them). */
  heights: Map<Node, number>;
}

/**
 * How a decision is folded for width: `cascade` — an if/else or else-if chain as a cascade
 * (cascade.ts); `rows` — a switch's columns on several rows (switch-rows.ts); `connectors` — the last resort, the construct's branches one after another on the
 * spine joined by connector pairs (the flat forms of branches.ts), a switch's exits on lanes, a
 * loop in the loop-limit form without lanes (loops.ts).
 */
export type Fold = "cascade" | "rows" | "connectors";
export type Folds = ReadonlyMap<Node, Fold>;
export const NO_FOLD: Folds = new Map();

/** Sizes a symbol of the chart being planned (at least the chart's common width). */
export function symbol(ctx: PlanCtx, kind: ShapeKind, text: string): SizedText {
  return ctx.sizer.shape(kind, text, ctx.width);
}

/** Where the jumps of the part being drawn take a lane (part-lanes.ts PartLanes). */
export interface PartRoutes {
  /** The lane a jump to `target` runs to (x from the spine), or null for its connector pair. */
  laneOf(target: JumpTarget): number | null;
  /** The lane that arrives at `inner` instead of its connector pair, or null. */
  joining(inner: InnerPlan): number | null;
}

export interface DrawCtx {
  canvas: Canvas;
  options: ResolvedOptions;
  /**
   * The lane of a switch row's other values running down beside the spine while that row's one case
   * is drawn on it (switch-rows.ts RowOpenPlan); a cut crosses it with a connector pair (chart.ts).
   */
  rowLane: OpenEdge | null;
  /** The part being drawn of a chart cut into pages: where a flat loop's jumps take a lane (part-lanes.ts). */
  part: PartRoutes | null;
}

// ---------------------------------------------------------------------------------------------
// The dispatch: what each construct module registers.

type NodeKind = Node["kind"];
type NodeOf<K extends NodeKind> = Extract<Node, { kind: K }>;
type PlanType = Plan["type"];
type PlanOf<T extends PlanType> = Extract<Plan, { type: T }>;

/** Plans one node of its kind. */
export type NodePlanner<K extends NodeKind> = (node: NodeOf<K>, scope: Scope, ctx: PlanCtx) => Plan;
/**
 * Lays one node of its kind out as a flat run on the spine, its parts joined by connector pairs (the
 * last fold for width, drawing-rules P6); `topLevel` — the run stands on a page's top-level spine.
 * Null when the flat form does not fit the node (what it counted is then put back).
 */
export type FlatPlanner<K extends NodeKind> = (node: NodeOf<K>, scope: Scope, ctx: PlanCtx, topLevel: boolean) => Plan[] | null;
/** Draws a plan of its type at spine x `cx`, top `y`, continuing `incoming`; the line leaving its bottom, or null. */
export type PlanDrawer<T extends PlanType> = (plan: PlanOf<T>, cx: number, y: number, incoming: OpenEdge, ctx: DrawCtx) => OpenEdge | null;
/** Draws a plan of its type that nothing falls into (a goto label, an inner connector): its jumps are its way in. */
export type UnreachedDrawer<T extends PlanType> = (plan: PlanOf<T>, cx: number, y: number, ctx: DrawCtx) => OpenEdge;
/** Plans a statement of a chart cut into pages that stands on the top-level spine (fit/flatten.ts). */
export type PagePlanner = (node: Node, scope: Scope, ctx: PlanCtx) => Plan[];

// Keyed by kind (type): each entry takes the nodes (plans) of its key, which is all the dispatch hands it.
const planners: Partial<Record<NodeKind, NodePlanner<NodeKind>>> = {};
const flatPlanners: Partial<Record<NodeKind, FlatPlanner<NodeKind>>> = {};
const drawers: Partial<Record<PlanType, PlanDrawer<PlanType>>> = {};
const unreachedDrawers: Partial<Record<PlanType, UnreachedDrawer<PlanType>>> = {};
let pagePlanner: PagePlanner | null = null;

/** A construct registers how it plans the nodes of its kinds (and lays them out flat, if it can). */
export function plansNodes<K extends NodeKind>(kinds: readonly K[], plan: NodePlanner<K>, flat?: FlatPlanner<K>): void {
  for (const kind of kinds) {
    planners[kind] = plan as unknown as NodePlanner<NodeKind>;
    if (flat) flatPlanners[kind] = flat as unknown as FlatPlanner<NodeKind>;
  }
}

/** A construct registers how it draws its plans of `type` (and those of them nothing falls into). */
export function drawsPlans<T extends PlanType>(type: T, draw: PlanDrawer<T>, unreached?: UnreachedDrawer<T>): void {
  drawers[type] = draw as unknown as PlanDrawer<PlanType>;
  if (unreached) unreachedDrawers[type] = unreached as unknown as UnreachedDrawer<PlanType>;
}

/** fit/flatten.ts registers how the top-level statements of a chart cut into pages are planned. */
export function plansPages(plan: PagePlanner): void {
  pagePlanner = plan;
}

function registered<F>(fn: F | null | undefined, what: string): F {
  if (!fn) throw new Error(`layout: no construct registered for ${what} (import engine/layout/constructs.ts)`);
  return fn;
}

/** What planning counts outside the plan it returns, as a function that puts those counts back. */
export function countsOf(scope: Scope, ctx: PlanCtx): () => void {
  const loops = ctx.loopCount;
  const targets = [scope.returns, scope.loop?.breaks, scope.loop?.continues].filter((t) => t != null);
  const counts = targets.map((t) => [t.laneCount, t.connectorCount, t.laneable] as const);
  return () => {
    ctx.loopCount = loops;
    targets.forEach((t, i) => {
      [t.laneCount, t.connectorCount, t.laneable] = counts[i]!;
    });
  };
}

export function planBlock(block: Block, scope: Scope, ctx: PlanCtx, topLevel = false): SeqPlan {
  const m = ctx.sizer.module;
  const items: Plan[] = [];
  let left = 0;
  let right = 0;
  let laneLeft = false;
  let laneRight = false;
  let height = 0;
  let falls = true;
  for (const node of block.stmts) {
    // Statements after a return/break/goto are dead code: nothing reaches them, so they are not
    // drawn — up to the next goto label, which its jumps reach again.
    if (!falls && !isGotoLabel(node)) continue;
    const plans = planStatement(node, scope, ctx, topLevel);
    for (const next of plans) {
      // In a chart cut into pages, an inner connector after a plan nothing falls out of opens the
      // spine below it (a chart on one sheet keeps its look).
      const plan: Plan = ctx.flattenTopLoops && next.type === "inner" && items.length > 0 && !falls ? openingInner(next, ctx) : next;
      if (items.length > 0) height += m.gap;
      items.push(plan);
      // A side ends in a lane when every plan reaching that far does.
      laneLeft = plan.left > left ? plan.laneLeft === true : plan.left === left ? laneLeft && plan.laneLeft === true : laneLeft;
      laneRight = plan.right > right ? plan.laneRight === true : plan.right === right ? laneRight && plan.laneRight === true : laneRight;
      left = Math.max(left, plan.left);
      right = Math.max(right, plan.right);
      height += plan.height;
      falls = plan.falls;
    }
  }
  const seq: SeqPlan = { type: "seq", items, left, right, height, falls };
  if (laneLeft) seq.laneLeft = true;
  if (laneRight) seq.laneRight = true;
  return seq;
}

/**
 * The inner connector of `plan` opening the spine: nothing falls into it from above (it follows a
 * jump, or opens a part after one), so it stands on the spine as a careful student draws it, its
 * flow leaving its bottom — no hook beside the spine, and a stub twice less height (issue 12).
 */
function openingInner(plan: InnerPlan, ctx: PlanCtx): InnerPlan {
  const d = ctx.connector;
  return { ...plan, stands: "opening", left: d / 2, right: d / 2, height: d };
}

/** One statement of a block: one plan, or a flat run (folded with connectors, or on a page's top-level spine). */
function planStatement(node: Node, scope: Scope, ctx: PlanCtx, topLevel: boolean): Plan[] {
  const flat = ctx.fold.get(node) === "connectors" ? flatPlanners[node.kind] : undefined;
  if (flat) {
    const undo = countsOf(scope, ctx);
    const plans = flat(node, scope, ctx, topLevel);
    if (plans) return plans;
    undo();
  }
  if (topLevel && ctx.flattenTopLoops) return registered(pagePlanner, "pages")(node, scope, ctx);
  return [planNode(node, scope, ctx)];
}

function isGotoLabel(node: Node): boolean {
  return node.kind === "connector" && node.jump !== true;
}

export function planNode(node: Node, scope: Scope, ctx: PlanCtx): Plan {
  const plan = registered(planners[node.kind], node.kind)(node, scope, ctx);
  ctx.heights.set(node, plan.height);
  return plan;
}

export function drawPlan(plan: Plan, cx: number, y: number, incoming: OpenEdge, ctx: DrawCtx): OpenEdge | null {
  if (plan.type === "seq") return drawBlockAt(plan, cx, y, incoming, ctx);
  return registered(drawers[plan.type], plan.type)(plan, cx, y, incoming, ctx);
}

export function drawBlockAt(plan: SeqPlan, cx: number, y: number, incoming: OpenEdge, ctx: DrawCtx): OpenEdge | null {
  return drawSequence(plan.items, cx, y, incoming, ctx);
}

/** Draws plans one under another, GAP apart, threading the line from each into the next. */
export function drawSequence(items: readonly Plan[], cx: number, y: number, incoming: OpenEdge | null, ctx: DrawCtx): OpenEdge | null {
  const m = ctx.canvas.sizer.module;
  let edge = incoming;
  let top = y;
  for (const item of items) {
    // After an item nothing falls out of comes only a goto label or an inner connector: their
    // jumps are their way in.
    if (edge) edge = drawPlan(item, cx, top, edge, ctx);
    else edge = registered(unreachedDrawers[item.type], `${item.type} reached by no line`)(item, cx, top, ctx);
    // The line leaves every plan at the bottom of its extent (below any label hanging there).
    if (edge) lineTo(edge, cx, top + item.height);
    top += item.height + m.gap;
  }
  return edge;
}
