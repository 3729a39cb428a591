/**
 * Constructs torn across the parts of a chart cut into pages (issue 21). The top-level spine of a
 * chart planned for pages holds the flat forms of its tall decisions (fit/flatten.ts): an if/else
 * as its decision, the first branch, then the second opening at an inner connector; a switch as a
 * fork or rows and its cases one after another. A cut may fall inside such a run — on its own spine
 * (drawing-rules P6) — but a strict reader sees a torn construct where it did not have to be:
 *   - an if/else or a switch that would fit one part whole, cut inside;
 *   - its branches (a switch's cases) starting on two parts — the «Ні» branch a sheet later, under
 *     the «Так» one; a loop in the loop-limit form opening on one part and closing on another;
 *   - a decision whose branch below it starts on the next part;
 *   - a part made only of connectors (`В → Б`).
 * cut-pages.ts prefers cuts that tear nothing (tearCosts); the page report and its test count what
 * is torn in the cut chosen (tearsOf).
 */
import { PAGE_PART_HEIGHT } from "../../geometry/style.ts";
import type { Plan } from "../plan.ts";
import type { JumpTarget } from "../scope.ts";

/** A decision's flat run on the spine: items [first, last], its branches (a switch's cases) starting at `starts`. */
export interface SpineConstruct {
  kind: "if-else" | "switch" | "loop";
  first: number;
  last: number;
  /** Items where its branches start; the first is the one right below the decision (a loop: its opening limit). */
  starts: number[];
  /** Height of the run, its items one gap apart. */
  height: number;
}

/** What is torn in a chart's parts. */
export interface Tears {
  /** If/else runs whose branches start on two parts although the run fits a part. */
  ifElse: number;
  /** Switch runs whose cases stand on two parts although the run fits a part. */
  switches: number;
  /** Loops in the loop-limit form opening and closing on two parts although they fit a part. */
  loops: number;
  /** Decisions whose branch below them starts on the next part. */
  decisions: number;
  /** Parts made only of connectors. */
  connectorParts: number;
}

export const NO_TEARS: Tears = { ifElse: 0, switches: 0, loops: 0, decisions: 0, connectorParts: 0 };

/** The most a run may take and still stand whole on a part: the page less an opening and a closing connector. */
export function wholeRoom(gap: number, connector: number): number {
  return PAGE_PART_HEIGHT - 2 * (gap + connector);
}

/** The if/else and switch runs on a top-level spine `items` (gap apart). Linear in the items. */
export function spineConstructs(items: readonly Plan[], gap: number): SpineConstruct[] {
  const innerAt = new Map<JumpTarget, number>();
  items.forEach((item, i) => {
    if (item.type === "inner") innerAt.set(item.target, i);
  });
  // Prefix sums of the items' heights, for the height of a run.
  const top: number[] = [0];
  for (const item of items) top.push(top[top.length - 1]! + item.height + gap);
  const heightOf = (first: number, last: number): number => top[last + 1]! - top[first]! - gap;
  // Where the run of a branch ending at `end` (exclusive) closes: the inner connector of the join
  // its last item jumps to, when that comes later.
  const joinAfter = (end: number, from: number): number => {
    const jump = items[end - 1];
    const at = jump?.type === "jump" ? innerAt.get(jump.target) : undefined;
    return at !== undefined && at > from ? at : -1;
  };
  const found: SpineConstruct[] = [];
  const rows = new Map<object, SpineConstruct>(); // by switch node
  const opened = new Map<string, number>(); // loop limits by the loop's name, their first line
  items.forEach((item, i) => {
    if (item.type === "shape" && item.kind === "loop_begin") opened.set(item.sized.lines[0]!, i);
    if (item.type === "shape" && item.kind === "loop_end") {
      const first = opened.get(item.sized.lines[0]!);
      if (first !== undefined) found.push({ kind: "loop", first, last: i, starts: [first], height: heightOf(first, i) });
    }
    if (item.type === "if" && item.layout.kind === "exit") {
      const second = innerAt.get(item.layout.exit.target);
      if (second === undefined || second <= i) return;
      // An if/else: its first branch jumps over the second to their join.
      const last = joinAfter(second, second);
      if (last < 0) return;
      found.push({ kind: "if-else", first: i, last, starts: [i + 1, second], height: heightOf(i, last) });
    } else if (item.type === "fork") {
      const starts = [i + 1, ...item.exits.map((e) => innerAt.get(e.target) ?? -1)].filter((s) => s > i);
      const lastStart = Math.max(...starts);
      const last = Math.max(lastStart, joinAfter(lastStart, lastStart));
      found.push({ kind: "switch", first: i, last, starts, height: heightOf(i, last) });
    } else if (item.type === "row" || item.type === "row-open") {
      // The rows of one switch, each a start of its cases.
      const own = rows.get(item.node);
      if (own) {
        own.starts.push(i);
        own.last = i;
        own.height = heightOf(own.first, i);
      } else {
        const run: SpineConstruct = { kind: "switch", first: i, last: i, starts: [i], height: item.height };
        rows.set(item.node, run);
        found.push(run);
      }
    }
  });
  return found;
}

/** Whether a plan is only a connector: an inner connector, or a jump into an outer one. */
function onlyConnector(item: Plan): boolean {
  return item.type === "inner" || (item.type === "jump" && item.route === "connector" && item.before === null);
}

/**
 * What is torn in `groups`, the top-level plans of each part of a chart (gap apart; `room`:
 * wholeRoom). An if/else or a switch counts as torn where another cut exists: it fits a part, and
 * it fits whole with the rest of the part it opens on, or of the part it ends on — the cut could
 * have fallen before it or after it.
 */
export function tearsOf(groups: readonly (readonly Plan[])[], gap: number, room: number): Tears {
  if (groups.length <= 1) return NO_TEARS;
  const items = groups.flat();
  const partOf: number[] = groups.flatMap((g, k) => g.map(() => k));
  const firstOf: number[] = [];
  groups.reduce((at, g) => (firstOf.push(at), at + g.length), 0);
  const top: number[] = [0];
  for (const item of items) top.push(top[top.length - 1]! + item.height + gap);
  const heightOf = (first: number, last: number): number => top[last + 1]! - top[first]! - gap;
  const tears = { ...NO_TEARS };
  for (const c of spineConstructs(items, gap)) {
    // (A switch's row holds its decision and the cases below it.)
    if (c.starts[0] === c.first + 1 && partOf[c.first] !== partOf[c.first + 1]) tears.decisions++;
    const opens = partOf[c.first]!;
    const ends = partOf[c.last]!;
    const apart = c.kind === "loop" ? opens !== ends : new Set(c.starts.map((s) => partOf[s])).size > 1;
    if (!apart || c.height > room) continue;
    const lastOf = (k: number): number => firstOf[k]! + groups[k]!.length - 1;
    const movable = heightOf(firstOf[opens]!, c.last) <= room || heightOf(c.first, lastOf(ends)) <= room;
    if (movable) tears[c.kind === "switch" ? "switches" : c.kind === "loop" ? "loops" : "ifElse"]++;
  }
  tears.connectorParts = groups.filter((g) => g.length > 0 && g.every(onlyConnector)).length;
  return tears;
}

/**
 * What a cut costs in torn constructs, for cut-pages.ts: `across[u]` — the runs that fit a part
 * whole which a cut before unit `u` falls inside; `onlyConnectors(from, to)` — whether units
 * [from, to) on a part would be only connectors. Units are runs of consecutive items (`units[u]`
 * its items). Linear in the items.
 */
export function tearCosts(units: readonly (readonly Plan[])[], gap: number, room: number): { across: number[]; onlyConnectors: (from: number, to: number) => boolean } {
  const items = units.flat();
  const unitOf: number[] = units.flatMap((unit, u) => unit.map(() => u));
  // Runs that fit whole: +1 where they start (the unit after their first), −1 after their last.
  const delta = new Array<number>(units.length + 1).fill(0);
  for (const c of spineConstructs(items, gap)) {
    if (c.height > room) continue;
    const from = unitOf[c.first]! + 1;
    const to = unitOf[c.last]! + 1;
    if (from < to) {
      delta[from]!++;
      delta[to]!--;
    }
  }
  const across: number[] = [];
  let open = 0;
  for (let u = 0; u < units.length; u++) across.push((open += delta[u]!));
  // Units made only of connectors, prefix-counted.
  const plain: number[] = [0];
  for (const unit of units) plain.push(plain[plain.length - 1]! + (unit.every(onlyConnector) ? 0 : 1));
  return { across, onlyConnectors: (from, to) => plain[to]! - plain[from]! === 0 };
}
