/**
 * Where a chart is cut into pages (drawing-rules P6, P7; issue 12). The top-level run of a chart
 * planned for pages (fit/flatten.ts) is grouped into parts that fit the usable height, each cut as
 * low as the page allows. Which constructs are laid out flat decides where cuts may fall: cutPages
 * tries plans with only the tall constructs flat, then also the ones a cut pushed whole past a page
 * left mostly empty (cutting inside them fills that page), then all over half or a quarter of a
 * page, and keeps the one with the fewest parts, then the fewest torn constructs (torn.ts: an
 * if/else, switch or loop that fits a part cut inside, a part of connectors only — issue 21), then
 * the fewest connector pairs; a chart still
 * more than one part above its ideal is searched further one construct at a time — an else-if menu
 * (one name against constants) as the switch it means (chain-as-switch.ts), a tall case moved last.
 * A menu's case too tall for a row gets a row of its own in its place, its block on the spine under
 * its label (switch-rows.ts); drawn as a connector with its block after the rows instead — out of
 * the cases' order — only where that saves a part (issue 21).
 */
import { LANE_CLEARANCE, PAGE_PART_HEIGHT, PAGE_PART_WIDTH } from "../../geometry/style.ts";
import type { Block, Node } from "../../tree/schema.ts";
import type { ChartPlan } from "../chart.ts";
import type { Plan } from "../plan.ts";
import { tearCosts, wholeRoom } from "./torn.ts";

export interface Cut {
  plan: ChartPlan;
  groups: Plan[][];
  /**
   * Connector pairs on the chart's top-level spine: one per inner connector there (flat forms,
   * jumps of flattened loops, returns) and one per cut the spine runs on through. Pairs inside
   * constructs drawn whole are the same in every way of cutting a chart, so they are not counted.
   */
  pairs: number;
  /**
   * Constructs it cuts inside although they fit a part whole, parts it leaves with connectors
   * only (fit/torn.ts), and switch cases drawn away from their labels (casesAway): the fewest parts
   * are cut tearing the fewest of these.
   */
  torn: number;
  /** Height of each part as planned. */
  heights: number[];
  /** Its widest part as planned (partWidths). */
  widest: number;
  /** How the plan was made: a plan made again the same way (with larger connectors) is cut alike. */
  planning: PagePlanning;
}

/** How a chart is planned for pages (chart.ts PlanChoices): which top-level constructs are laid out flat. */
export interface PagePlanning {
  /** Constructs taller than this are laid out flat. */
  flattenTaller: number;
  /** Constructs (or cascade links, by their `then` block) laid out flat whatever their height. */
  flatten: ReadonlySet<Node | Block>;
  /** A switch's rows after the first packed beside their own lane, not the chart's widest symbol (PlanCtx.rowsBesideLane). */
  rowsBesideLane?: boolean;
  /** Else-if chains of one name against constants drawn as switches (PlanCtx.chainsAsSwitch). */
  chainsAsSwitch?: boolean;
  /** Tall switch cases as connectors in their rows, their blocks after the rows (PlanCtx.casesAfterRows). */
  casesAfterRows?: boolean;
  /** With casesAfterRows: the case of a switch whose block follows the rows last (PlanCtx.lastCase). */
  lastCase?: Block;
  /** The most a switch's first row may take (PlanCtx.firstRowRoom). */
  firstRowRoom?: number;
  /**
   * The most the first part may take, below PAGE_PART_HEIGHT: the chart starts on the rest of a
   * sheet other figures began (fit-document.ts). Absent: every part has a page's room.
   */
  firstPart?: number;
}

/** The height part `k` of a cut planned so may take. */
function partRoom(planning: PagePlanning, k: number): number {
  return k === 0 && planning.firstPart !== undefined ? Math.min(planning.firstPart, PAGE_PART_HEIGHT) : PAGE_PART_HEIGHT;
}

/**
 * Heights above which top-level constructs are laid out flat, tried in order: only what cannot fit a
 * part at all (today's look), then constructs over half a page, then over a quarter.
 */
export const FLATTEN_TALLER: readonly number[] = [Infinity, PAGE_PART_HEIGHT / 2, PAGE_PART_HEIGHT / 4];

/**
 * How often a cut is refined: the constructs that a cut pushed whole to the next page, leaving at
 * least EMPTY_ROOM of the page before it empty, are laid out flat and the chart is cut again.
 */
const REFINES = 3;
const EMPTY_ROOM = PAGE_PART_HEIGHT / 4;

/**
 * Cuts a chart into the fewest parts it can, trying in order while the best needs more than
 * `ideal`: the plan of the first threshold (FLATTEN_TALLER: only what cannot fit a part laid out
 * flat); that plan refined (a menu's first row pushed past a page left mostly empty packed no
 * taller than that page's room, PagePlanning.firstRowRoom; REFINES: laid flat only where a page asks for it); the other thresholds,
 * each refined the same way; for a chart still more than one part above `ideal` without switch
 * rows, its else-if menus drawn as switches (PagePlanning.chainsAsSwitch), all of that again; then,
 * for a menu (a chart with switch rows), all of that again with the rows after the first packed
 * beside their own lane (PagePlanning.rowsBesideLane: more cases a row), and while the best is more
 * than one part above `least`, bounded searches over which constructs are laid flat (toggleSearch,
 * subsetSearch) and each case in turn moved after the other tall cases (lastCaseSearch).
 * The fewest parts win, then the fewest torn constructs, then the fewest pages before the last left
 * half empty, then the fewest connector pairs, then the fuller emptiest page, then the earlier. `first`: the first threshold's plan cut, when the caller has it already. A threshold that
 * an earlier plan without extra flat constructs comes out the same at (ChartPlan.alike) is not
 * planned: its cut would be that one again, considered already.
 */
export function cutPages(
  planFor: (planning: PagePlanning) => ChartPlan, bounds: PartBounds, thresholds: readonly number[], first?: Cut, firstPart?: number,
): Cut {
  // `first` starts the search made the same way.
  const firstAfter = first?.planning.casesAfterRows === true;
  const seen = { tallCases: false };
  // Every plan of the search keeps the first part's room (PagePlanning.firstPart).
  const room: SearchBase = firstPart === undefined ? {} : { firstPart };
  const inPlace = searchCuts(planFor, bounds, thresholds, room, seen, firstAfter ? undefined : first);
  // A menu's tall cases in their places cost parts where their blocks after the rows fill the
  // pages better: that look is searched too, and taken only for fewer parts (or as many tearing
  // fewer constructs — it counts each case it draws away from its label as torn).
  if (!seen.tallCases || inPlace.groups.length <= bounds.ideal) return inPlace;
  const after = searchCuts(planFor, bounds, thresholds, { ...room, casesAfterRows: true }, seen, firstAfter ? first : undefined);
  const parts = after.groups.length - inPlace.groups.length;
  return parts < 0 || (parts === 0 && after.torn < inPlace.torn) ? after : inPlace;
}

/** What every plan of one search shares: the tall cases of menus in their places, or after the rows; the first part's room. */
type SearchBase = Pick<PagePlanning, "casesAfterRows" | "firstPart">;

/**
 * cutPages with every plan made on `base`; `seen.tallCases` set when a plan it cut had a switch
 * case too tall for a row in its place (only then would the cases after the rows look different).
 */
function searchCuts(
  planFor: (planning: PagePlanning) => ChartPlan, { ideal, least }: PartBounds, thresholds: readonly number[], base: SearchBase,
  seen: { tallCases: boolean }, first?: Cut,
): Cut {
  let best = first ?? cutAs(planFor, { ...base, flattenTaller: thresholds[0]!, flatten: NONE });
  // Where the local search starts: the best cut of each way of packing rows and threshold, with
  // and without extra constructs laid flat.
  const bestOf = new Map<string, Cut>();
  const keep = (cut: Cut): void => {
    seen.tallCases ||= cut.plan.body.items.some((item) => item.type === "row-open" && item.tall);
    const key = `${lookOf(cut)}/${cut.planning.flattenTaller}/${cut.planning.flatten.size > 0}`;
    const own = bestOf.get(key);
    if (!own || better(cut, own)) bestOf.set(key, cut);
  };
  keep(best);
  // Rows packed beside their lane, a chain drawn as a switch, cases after the rows change the look
  // of a chart: taken only for fewer parts, or as many tearing fewer constructs.
  const consider = (cut: Cut): boolean => {
    // A chain's switch is not folded for width (fit/fold-wide.ts folds the chart's own constructs):
    // drawn whole and wider than the page, it is no way on.
    if (cut.planning.chainsAsSwitch === true && cut.widest > PAGE_PART_WIDTH) return false;
    const fewer = cut.groups.length < best.groups.length;
    const lessTorn = cut.groups.length === best.groups.length && cut.torn < best.torn;
    if (fewer || lessTorn || (lookOf(cut) === lookOf(best) && better(cut, best))) best = cut;
    keep(cut);
    return best.groups.length <= ideal;
  };
  if (best.groups.length <= ideal) return best;
  // A cut refined: laid flat where its pages ask for it; true when that reaches `ideal`.
  const refine = (from: Cut): boolean => {
    // A menu's first row pushed whole past a page left mostly empty: packed no taller than that page's room.
    const room = firstRowRoom(from);
    if (room !== null && consider(cutAs(planFor, { ...from.planning, firstRowRoom: room }))) return true;
    let refined = from;
    for (let pass = 0; pass < REFINES; pass++) {
      const more = pushedWhole(refined);
      if (more.length === 0) break;
      refined = cutAs(planFor, { ...refined.planning, flatten: new Set([...refined.planning.flatten, ...more]) });
      if (consider(refined)) return true;
    }
    return false;
  };
  // Every threshold (and its refinements) with the rows packed one way; true when that reaches `ideal`.
  const search = (start: Cut): boolean => {
    // The plans made with no extra flat constructs, by threshold.
    const byThreshold = start.planning.flatten.size === 0 ? [start] : [];
    if (refine(start)) return true;
    for (const flattenTaller of thresholds.slice(1)) {
      if (byThreshold.some(({ plan: { alike } }) => alike.from <= flattenTaller && flattenTaller < alike.below)) continue;
      const cut = cutAs(planFor, { ...start.planning, flattenTaller, flatten: NONE });
      byThreshold.push(cut);
      if (consider(cut) || refine(cut)) return true;
    }
    return false;
  };
  const opening = best;
  if (search(opening)) return best;
  // More than one part over its ideal and no menu: a menu written as an else-if chain (one name
  // against constants) drawn as the switch it means, its cases in rows like a menu's
  // (fit/chain-as-switch.ts). A chart one part over keeps its chains as drawn today.
  let menu = opening;
  if (best.groups.length > ideal + 1 && !hasRows(opening)) {
    menu = cutAs(planFor, { ...base, flattenTaller: thresholds[0]!, flatten: NONE, chainsAsSwitch: true });
    if (consider(menu) || search(menu)) return best;
  }
  // A menu (a switch on rows) of a few pages, whose plans are cheap: what follows searches which
  // cases share a row, and only there.
  if (best.groups.length > TOGGLE_MAX_PARTS || !hasRows(menu)) return best;
  const besideLane = cutAs(planFor, { ...base, flattenTaller: thresholds[0]!, flatten: NONE, rowsBesideLane: true, chainsAsSwitch: menu.planning.chainsAsSwitch });
  if (consider(besideLane) || search(besideLane)) return best;
  // Still more than one part over: one construct more or less laid flat at a time.
  if (best.groups.length > least() + 1) {
    // From the menu's cuts only: the chart drawn as today was searched already.
    const starts = [...bestOf.values()].filter((cut) => (cut.planning.chainsAsSwitch ?? false) === (menu.planning.chainsAsSwitch ?? false))
      .sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
    const budget = { plans: Math.min(TOGGLE_PLANS, Math.floor(TOGGLE_WORK / best.plan.height)) };
    for (const start of starts) if (toggleSearch(planFor, start, consider, budget) || budget.plans <= 0) break;
    // A better plan may need several constructs toggled at once, none of which helps alone: a few
    // at a time from the best start, until one part over or out of plans — for a chart two parts
    // over, where one part less is what such a set can be expected to save.
    if (best.groups.length === least() + 2) {
      const within = { plans: Math.min(SUBSET_PLANS, Math.floor(SUBSET_WORK / best.plan.height)) };
      subsetSearch(planFor, starts[0]!, consider, within, () => best.groups.length <= least() + 1);
    }
    // A case taken out of its row and drawn after the other tall cases, where its height fills
    // the pages better than in the order of the cases.
    const overOne = (): boolean => best.groups.length > least() + 1;
    if (base.casesAfterRows) for (const start of starts) if (overOne()) lastCaseSearch(planFor, start, consider, overOne);
  }
  return best;
}

/** What makes a chart's cut look different from today's: rows beside their lane, chains as switches, a case moved last. */
function lookOf(cut: Cut): string {
  const { rowsBesideLane = false, chainsAsSwitch = false, casesAfterRows = false, lastCase, firstRowRoom } = cut.planning;
  return [rowsBesideLane && "beside", chainsAsSwitch && "chains", casesAfterRows && "after", lastCase && "last", firstRowRoom !== undefined && "first-row"]
    .filter(Boolean).join("/");
}

/** Whether a cut's top-level spine holds the rows of a switch (switch-rows.ts). */
function hasRows(cut: Cut): boolean {
  return cut.plan.body.items.some(isRow);
}

/**
 * Each case of the switches on `start`'s rows in turn out of its row (laid flat) and after the
 * other tall cases (PagePlanning.lastCase), cut; each cut handed to `consider`, while `searching`.
 * One plan per case.
 */
function lastCaseSearch(
  planFor: (planning: PagePlanning) => ChartPlan, start: Cut, consider: (cut: Cut) => boolean, searching: () => boolean,
): void {
  const cases = new Set<Block>();
  for (const item of start.plan.body.items) {
    if (!isRow(item)) continue;
    for (const c of item.node.cases) cases.add(c.body);
    if (item.node.default) cases.add(item.node.default);
  }
  for (const lastCase of cases) {
    if (!searching()) return;
    const cut = cutAs(planFor, { ...start.planning, flatten: new Set([...start.planning.flatten, lastCase]), lastCase });
    if (cut.widest <= PAGE_PART_WIDTH) consider(cut);
  }
}

/**
 * Rounds of the local search from one start; the plans it may make in all, fewer for a taller chart
 * (at most TOGGLE_WORK mm of planned run in all); the most parts of a chart searched beyond the
 * thresholds (row packing, toggleSearch).
 */
const TOGGLE_ROUNDS = 4;
const TOGGLE_PLANS = 160;
const TOGGLE_WORK = 160 * 1500;
const TOGGLE_MAX_PARTS = 12;

/**
 * Local search over which constructs are laid flat, for a chart the searches above leave more than
 * one part over its ideal: from `start`, each round toggles one construct — one its plan holds on
 * the top-level spine (a case of a switch row by itself), or one laid flat already — and moves to
 * the toggle with the fewest parts, then the emptiest last part (the run nearest to needing one part
 * less), while that improves. Every cut is handed to `consider`; true when it reached the ideal.
 * All starts together make at most `budget` plans, each one linear pass.
 */
function toggleSearch(
  planFor: (planning: PagePlanning) => ChartPlan, start: Cut, consider: (cut: Cut) => boolean, budget: { plans: number },
): boolean {
  const score = (cut: Cut): number[] => [cut.groups.length, cut.heights[cut.heights.length - 1]!, cut.heights.reduce((sum, h) => sum + h, 0)];
  const less = (a: number[], b: number[]): boolean => {
    for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 0.01) return a[i]! < b[i]!;
    return false;
  };
  let current = start;
  for (let round = 0; round < TOGGLE_ROUNDS; round++) {
    let next: Cut | null = null;
    for (const toggled of togglesOf(current)) {
      if (budget.plans-- <= 0) return false;
      const cut = cutAs(planFor, { ...current.planning, flatten: toggle(current.planning.flatten, [toggled]) });
      // Laid flat, a construct may be wider than a part allows: such a cut is no way on.
      if (cut.widest > PAGE_PART_WIDTH) continue;
      if (consider(cut)) return true;
      if (less(score(cut), score(next ?? current))) next = cut;
    }
    if (!next) return false;
    current = next;
  }
  return false;
}

/**
 * The subset search after the local one (subsetSearch): at most SUBSET_SIZE constructs toggled at
 * once, at most SUBSET_PLANS plans, fewer for a taller chart (at most SUBSET_WORK mm of planned run).
 */
const SUBSET_SIZE = 4;
const SUBSET_PLANS = 400;
const SUBSET_WORK = 400 * 1500;

/**
 * Every set of 2 … SUBSET_SIZE of the constructs `start` may toggle (togglesOf), the smaller sets
 * first, each toggled at once and cut; each cut is handed to `consider`. Stops when `done` or out of
 * plans. A menu's better plan may take several cases out of their rows and one of their decisions
 * laid flat together, where no one of them alone saves a part (the local search's steps).
 */
function subsetSearch(
  planFor: (planning: PagePlanning) => ChartPlan, start: Cut, consider: (cut: Cut) => boolean, budget: { plans: number }, done: () => boolean,
): void {
  const toggles = togglesOf(start);
  const chosen: number[] = [];
  // Sets of `size` in lexicographic order of the toggles' indices; false when out of plans or done.
  const sets = (size: number, from: number): boolean => {
    if (chosen.length === size) {
      if (budget.plans-- <= 0) return false;
      const cut = cutAs(planFor, { ...start.planning, flatten: toggle(start.planning.flatten, chosen.map((i) => toggles[i]!)) });
      if (cut.widest <= PAGE_PART_WIDTH) consider(cut);
      return !done();
    }
    for (let i = from; i < toggles.length; i++) {
      chosen.push(i);
      const going = sets(size, i + 1);
      chosen.pop();
      if (!going) return false;
    }
    return true;
  };
  for (let size = 2; size <= SUBSET_SIZE; size++) if (!sets(size, 0)) return;
}

/** What the local search may toggle in a cut: the constructs laid flat, and those its top-level spine holds whole. */
function togglesOf(cut: Cut): (Node | Block)[] {
  const found = new Set<Node | Block>(cut.planning.flatten);
  for (const item of cut.plan.body.items) {
    if (isRow(item)) item.blocks.forEach((block) => found.add(block));
    else if (item.type === "if" && item.layout.kind === "step") found.add(item.node.then);
    else if ((item.type === "if" && item.layout.kind !== "exit" && item.layout.kind !== "jump") || item.type === "loop" || item.type === "switch") found.add(item.node);
  }
  return [...found];
}

/** `flatten` with each of `constructs` laid flat, or no longer laid flat where it was. */
function toggle(flatten: ReadonlySet<Node | Block>, constructs: readonly (Node | Block)[]): Set<Node | Block> {
  const toggled = new Set(flatten);
  for (const construct of constructs) if (!toggled.delete(construct)) toggled.add(construct);
  return toggled;
}

/** A switch row on a top-level spine (switch-rows.ts). */
function isRow(item: Plan): item is Extract<Plan, { type: "row" | "row-open" }> {
  return item.type === "row" || item.type === "row-open";
}

const NONE: ReadonlySet<Node | Block> = new Set();

/**
 * Widths of a chart's parts, each drawn in its own frame around its own spine: the plans of the
 * part, the terminators of the first and last part, the return lane.
 */
export function partWidths(plan: ChartPlan, groups: readonly (readonly Plan[])[]): number[] {
  if (groups.length <= 1) return [spanWidth(plan, [plan.body], true, true)];
  return groups.map((items, k) => spanWidth(plan, items, k === 0, k === groups.length - 1));
}

/** Width of a part holding `items`: the first part also holds the Start, the last the End and the return lane. */
function spanWidth(plan: ChartPlan, items: Iterable<Plan>, first: boolean, last: boolean): number {
  let left = 0;
  let right = 0;
  for (const item of items) {
    left = Math.max(left, item.left);
    right = Math.max(right, item.right);
  }
  return span(plan, left, right, first, last);
}

/** The width of a part whose items reach `left` and `right` of the spine, its Start or End included when it holds them. */
function span(plan: ChartPlan, left: number, right: number, first: boolean, last: boolean): number {
  const ends = Math.max(first ? plan.start.w / 2 : 0, last ? plan.end.w / 2 : 0);
  return Math.max(ends, left) + Math.max(ends, right) + (last && plan.returns && plan.returns.laneCount > 0 ? LANE_CLEARANCE : 0);
}

/**
 * What cutPages aims at: `ideal` — the parts at which it stops searching (the chart's unsplit
 * height in pages, or an upper bound of it); `least` (≤ ideal) — the pages the chart drawn as one
 * sheet fills (made only when asked): a menu's best cut more than one part above it is searched
 * further locally (toggleSearch).
 */
export interface PartBounds {
  ideal: number;
  least: () => number;
}

/** The plan `planFor` gives for `planning`, cut once (no search). */
export function cutAs(planFor: (planning: PagePlanning) => ChartPlan, planning: PagePlanning): Cut {
  return cutParts(planFor(planning), planning);
}

/**
 * `a` is the better cut: fewer parts; as many tearing fewer constructs (fit/torn.ts); then fewer pages before the last left less than half
 * full; then fewer connector pairs; as many of both with a fuller emptiest page (no tail of a symbol
 * or two alone).
 */
function better(a: Cut, b: Cut): boolean {
  if (a.groups.length !== b.groups.length) return a.groups.length < b.groups.length;
  if (a.torn !== b.torn) return a.torn < b.torn;
  if (halfEmpty(a) !== halfEmpty(b)) return halfEmpty(a) < halfEmpty(b);
  if (a.pairs !== b.pairs) return a.pairs < b.pairs;
  return emptiest(a) > emptiest(b);
}

const emptiest = (cut: Cut): number => Math.min(...cut.heights);

/** Pages before the last that are less than half full: a careful student fills a page before turning it. */
const halfEmpty = (cut: Cut): number => cut.heights.slice(0, -1).filter((h, k) => h < partRoom(cut.planning, k) / 2).length;

/**
 * The room a switch's first row may take when it opens a part after one left at least EMPTY_ROOM
 * empty (what that page leaves below its last item), or null: no such row, or its room set already.
 */
function firstRowRoom(cut: Cut): number | null {
  if (cut.planning.firstRowRoom !== undefined) return null;
  for (let k = 1; k < cut.groups.length; k++) {
    const first = cut.groups[k]![0];
    const left = partRoom(cut.planning, k - 1) - cut.heights[k - 1]! - cut.plan.module.gap;
    const opensSwitch = first !== undefined && isRow(first) && first.busY > cut.plan.module.stub; // the first row: its bus below the diamond
    if (opensSwitch && left >= EMPTY_ROOM) return left;
  }
  return null;
}

/**
 * The constructs that open a part after one left at least EMPTY_ROOM empty: laid out flat, the cut
 * can fall inside them and fill that page (a cascade step by its link's `then` block).
 */
function pushedWhole(cut: Cut): (Node | Block)[] {
  const found: (Node | Block)[] = [];
  cut.groups.forEach((items, k) => {
    if (k === 0 || partRoom(cut.planning, k - 1) - cut.heights[k - 1]! < EMPTY_ROOM) return;
    // The first construct of the part: a head that holds the item below it (holdsNext) opens the same unit.
    const first = items.find((item) => !holdsNext(item));
    if (!first) return;
    // A row whose one case runs on the spine: that case after the rows instead (switch-rows.ts).
    if (items[0]!.type === "row-open") {
      found.push(...items[0]!.blocks);
      return;
    }
    if (first.type === "if" && first.layout.kind === "step") found.push(first.node.then);
    else if (first.type === "row") found.push(...first.blocks); // its cases on the spine (switch-rows.ts)
    else if ((first.type === "if" && first.layout.kind !== "exit" && first.layout.kind !== "jump") || first.type === "loop" || first.type === "switch") found.push(first.node);
  });
  return found;
}

/**
 * Groups the top-level constructs into parts that fit the usable page height: the fewest parts for
 * this run, then the fewest connector pairs (fewestCuts); then a part left less than half
 * full takes over the last constructs of the part before it while that one stays the fuller, so no
 * page holds a tail of a symbol or two. A cut where the spine runs on costs a connector pair (an
 * outer one closing the part, an inner one opening the next); a cut after a construct nothing falls
 * out of (a jump into a connector) costs nothing — the next part starts at its own inner connector.
 * Some neighbours are never cut apart (`units`): a jump, or the close of a switch row whose case
 * runs on the spine (its end into the join's connector), stays with the construct leading into it
 * (no part opens with connectors only), and what holdsNext stays with the item below it (P6: no decision or loop-limit symbol ends a part
 * with its exits cut).
 */
function cutParts(plan: ChartPlan, planning: PagePlanning): Cut {
  const items = plan.body.items;
  const inner = items.filter((item) => item.type === "inner").length;
  const away = casesAway(items);
  if (plan.height <= partRoom(planning, 0) || items.length <= 1) {
    return { plan, groups: [items], pairs: inner, torn: away, heights: [plan.height], widest: Math.max(...partWidths(plan, [items])), planning };
  }
  const units: Plan[][] = [];
  items.forEach((item, i) => {
    const prev = items[i - 1];
    if (prev && (item.type === "jump" || item.type === "row-close" || holdsNext(prev))) units[units.length - 1]!.push(item);
    else units.push([item]);
  });
  const across = pairsAcross(units);
  const height = partHeights(plan, units, across);
  const fits = fitsWidth(plan, units);
  const tears = tearCosts(units, plan.module.gap, wholeRoom(plan.module.gap, plan.connector));
  // What a part [from, to) tears: the constructs the cut opening it falls inside, and itself when it holds only connectors.
  const torn = (from: number, to: number): number => (from > 0 ? tears.across[from]! : 0) + (tears.onlyConnectors(from, to) ? 1 : 0);
  const starts = fewestCuts(units, height, fits, across, torn, (from) => partRoom(planning, from === 0 ? 0 : 1));
  for (let k = 1; k < starts.length; k++) {
    const end = k + 1 < starts.length ? starts[k + 1]! : units.length;
    for (;;) {
      const from = starts[k]!;
      if (from - 1 <= starts[k - 1]! || height(from, end) >= PAGE_PART_HEIGHT / 2) break;
      const moved = height(from - 1, end);
      if (moved > PAGE_PART_HEIGHT || height(starts[k - 1]!, from - 1) < moved || !fits(from - 1, end)) break;
      // Filling the page never tears a construct the cut kept whole.
      if (torn(starts[k - 1]!, from - 1) + torn(from - 1, end) > torn(starts[k - 1]!, from) + torn(from, end)) break;
      starts[k] = from - 1;
    }
  }
  const groups = starts.map((from, k) => units.slice(from, starts[k + 1] ?? units.length).flat());
  const runOn = starts.slice(1).reduce((sum, from) => sum + across[from - 1]!, 0);
  const heights = starts.map((from, k) => height(from, starts[k + 1] ?? units.length));
  const tornIn = away + starts.reduce((sum, from, k) => sum + torn(from, starts[k + 1] ?? units.length), 0);
  return { plan, groups, pairs: inner + runOn, torn: tornIn, heights, widest: Math.max(...partWidths(plan, groups)), planning };
}

/**
 * Switch cases standing in their rows as outer connectors, their blocks after the rows
 * (PagePlanning.casesAfterRows): each a case torn from its label, out of the cases' order.
 */
function casesAway(items: readonly Plan[]): number {
  return items.reduce((n, item) => n + (item.type === "row" ? item.columns.length - item.blocks.length : 0), 0);
}

/**
 * The first unit of each part: the fewest parts, then the fewest torn constructs (`torn` of each
 * part, fit/torn.ts), then the fewest parts before the last less than half full (issue 21: a cut
 * after a jump costs no pair, and left the end of a case alone on a page a third full), then the
 * fewest cuts where the spine runs on (each costs a connector pair; a cut after a jump costs none),
 * then each part ending as low as that allows. A part opening at unit `from` takes at most
 * `room(from)`, and is less than half full below half of it. A unit taller than a page stands alone. Parts are searched back from each end while they
 * can still fit, so this stays linear in the units.
 */
function fewestCuts(
  units: readonly Plan[][], height: (from: number, to: number) => number, fits: (from: number, to: number) => boolean, across: readonly number[],
  torn: (from: number, to: number) => number, room: (from: number) => number,
): number[] {
  const runsOn = (from: number): number => (from > 0 ? across[from - 1]! : 0);
  // best[to]: the best cutting of units [0, to), its last part opening at `from`; `sparse`: its parts
  // before the chart's last less than half full (a careful student fills a page before turning it).
  type Cutting = { parts: number; torn: number; sparse: number; pairs: number; from: number };
  const best: Cutting[] = [{ parts: 0, torn: 0, sparse: 0, pairs: 0, from: 0 }];
  const sparse = (from: number, to: number, h: number): number => (to < units.length && h < room(from) / 2 ? 1 : 0);
  const before = (a: Cutting, b: Cutting): boolean =>
    a.parts !== b.parts ? a.parts < b.parts : a.torn !== b.torn ? a.torn < b.torn : a.sparse !== b.sparse ? a.sparse < b.sparse : a.pairs < b.pairs;
  for (let to = 1; to <= units.length; to++) {
    let choice: Cutting | null = null;
    for (let from = to - 1; from >= 0; from--) {
      const alone = from === to - 1;
      const h = height(from, to);
      // Far past a page no earlier opening fits either.
      if (!alone && h > 2 * PAGE_PART_HEIGHT) break;
      if (!alone && (h > room(from) || !fits(from, to))) continue;
      const prev = best[from]!;
      const next: Cutting = { parts: prev.parts + 1, torn: prev.torn + torn(from, to), sparse: prev.sparse + sparse(from, to, h), pairs: prev.pairs + runsOn(from), from };
      if (!choice || before(next, choice)) choice = next;
    }
    best.push(choice!);
  }
  const starts: number[] = [];
  for (let to = units.length; to > 0; to = best[to]!.from) starts.push(best[to]!.from);
  return starts.reverse();
}

/**
 * The lines a cut after each unit interrupts, one connector pair each: the spine where the flow runs
 * on, and the lane of a switch row whose case runs on the spine beside it (switch-rows.ts RowOpenPlan).
 */
function pairsAcross(units: readonly Plan[][]): number[] {
  let lane = false;
  return units.map((unit) => {
    for (const item of unit) {
      if (item.type === "row-open") lane = item.place.at !== "last";
      else if (item.type === "row-close") lane = false;
    }
    return (unit.at(-1)!.falls ? 1 : 0) + (lane ? 1 : 0);
  });
}

/** Height of a part holding units [from, to): its opening (Start, page connector or nothing), the units, its closing. */
function partHeights(plan: ChartPlan, units: readonly Plan[][], across: readonly number[]): (from: number, to: number) => number {
  const { gap } = plan.module;
  // below[u]: the units before u, each with the gap above it — so a range's height is one
  // subtraction (the cut search asks of many ranges).
  const below = [0];
  for (const unit of units) below.push(below.at(-1)! + gap + unit.reduce((sum, item) => sum + item.height, 0) + gap * (unit.length - 1));
  const last = (u: number): Plan => units[u]![units[u]!.length - 1]!;
  return (from, to) => {
    // The Start terminator, the inner connector opening the part, or nothing after a jump.
    const opening = from === 0 ? plan.start.h : last(from - 1).falls ? plan.connector : -gap;
    const after = to === units.length ? plan.tailHeight : across[to - 1]! > 0 ? gap + plan.connector : 0;
    return opening + (below[to]! - below[from]!) + after;
  };
}

/**
 * Whether units [from, to) on one part keep within the page width (spanWidth) — a switch row packed
 * beside its own lane only (switch-rows.ts) must not share a part with a symbol wider than that
 * lane leaves room for.
 */
function fitsWidth(plan: ChartPlan, units: readonly Plan[][]): (from: number, to: number) => boolean {
  // Each unit's reach, once: the cut search asks of many ranges (it used to flatten each one).
  const lefts = units.map((unit) => unit.reduce((m, item) => Math.max(m, item.left), 0));
  const rights = units.map((unit) => unit.reduce((m, item) => Math.max(m, item.right), 0));
  return (from, to) => {
    let left = 0;
    let right = 0;
    for (let u = from; u < to; u++) {
      left = Math.max(left, lefts[u]!);
      right = Math.max(right, rights[u]!);
    }
    return span(plan, left, right, from === 0, to === units.length) <= PAGE_PART_WIDTH;
  };
}

/**
 * Items that must not end a part: the head of a flat form (its decision or opening loop limit) and
 * an inner connector (a part ending at a connector that leads straight to a page connector says
 * nothing).
 */
function holdsNext(item: Plan): boolean {
  return (
    (item.type === "if" && item.layout.kind === "exit") || item.type === "fork" || item.type === "inner" || item.type === "row-open" ||
    (item.type === "shape" && item.kind === "loop_begin")
  );
}
