/**
 * Planning for pages: the top-level constructs a page cut may have to go through are laid out flat
 * on the spine, so cuts fall between symbols of the top-level spine only (P6). Infinite loops always
 * (their back line spans the whole body) in the loop-limit form (C9); loops taller than the fit
 * stage's threshold in the loop-limit form too; an if or a switch taller than it with its branches
 * one after the other, joined by connector pairs — an else-if chain (or an if folded for width) as
 * the steps of its cascade, each `yes` body beside its diamond. The threshold is at most what surely fits a part,
 * lower when the fit stage wants cuts inside big constructs to fill pages (fit/cut-pages.ts).
 */
import type { Node } from "../../tree/schema.ts";
import { PAGE_PART_HEIGHT } from "../../geometry/style.ts";
import { planFlatIf, planFlatSwitch } from "../branches.ts";
import { planFlatLoop } from "../loops.ts";
import { planFlatCascade } from "../cascade.ts";
import { planFlatSwitchRows } from "../switch-rows.ts";
import { countsOf, planNode, plansPages, type Plan, type PlanCtx } from "../plan.ts";
import type { Scope } from "../scope.ts";
import { chainAsSwitch } from "./chain-as-switch.ts";

plansPages((node, scope, ctx) => planForPages((ctx.chainsAsSwitch && node.kind === "if" && chainAsSwitch(node)) || node, scope, ctx));

/**
 * A top-level construct of a chart cut into pages, as one plan or a flat run of plans. A construct
 * is planned normally first; when it has to be flattened, what that planning counted (returns to
 * the one End, loop numbers, the enclosing loop's jumps) is undone.
 */
function planForPages(node: Node, scope: Scope, ctx: PlanCtx): Plan[] {
  if (node.kind === "infloop") return planFlatLoop(node, scope, ctx)!;
  if (node.kind !== "if" && node.kind !== "switch" && node.kind !== "while" && node.kind !== "for" && node.kind !== "dowhile") {
    return [planNode(node, scope, ctx)];
  }
  const room = roomOnAPart(ctx);
  const limit = Math.min(ctx.flattenTaller, room);
  // A construct a cut wants to go through (ctx.flatten) is laid out flat whatever its height.
  if (!ctx.flatten.has(node)) {
    // The normal height is known when an enclosing construct was planned normally before it was
    // laid flat: deciding from it keeps nested flattening linear (no subtree planned twice per level).
    const known = ctx.heights.get(node);
    if (known !== undefined && fitsUnder(known, limit, room, ctx)) return [planNode(node, scope, ctx)];
    if (known === undefined) {
      const beforeNormal = countsOf(scope, ctx);
      const plan = planNode(node, scope, ctx);
      if (fitsUnder(plan.height, limit, room, ctx)) return [plan];
      beforeNormal();
    }
  }
  if (node.kind === "if") {
    // An else-if chain (or an if folded for width) as the steps of its cascade.
    if (ctx.fold.get(node) === "cascade" || isChain(node)) return planFlatCascade(node, scope, ctx, usedAsIs(limit, room, ctx));
    return planFlatIf(node, scope, ctx);
  }
  // A switch in whole rows per cut when its rows fit a part, else one case after another.
  if (node.kind === "switch") return planFlatSwitchRows(node, scope, ctx, usedAsIs(limit, room, ctx)) ?? planFlatSwitch(node, scope, ctx);
  const before = countsOf(scope, ctx);
  const flat = planFlatLoop(node, scope, ctx);
  if (flat) return flat;
  before(); // the flat form does not fit (nothing reaches its closing symbol): keep the normal plan
  return [planNode(node, scope, ctx)];
}

/**
 * Whether a construct of `height` stays whole under `limit` (= min(flattenTaller, room)), narrowing
 * ctx.alike to the thresholds that decide it the same way: staying whole needs flattenTaller ≥
 * height; laid flat, flattenTaller < height — unless it is taller than the room, which lays it flat
 * whatever the threshold.
 */
function fitsUnder(height: number, limit: number, room: number, ctx: PlanCtx): boolean {
  const fits = height <= limit;
  if (fits) ctx.alike.from = Math.max(ctx.alike.from, height);
  else if (height <= room) ctx.alike.below = Math.min(ctx.alike.below, height);
  return fits;
}

/** `limit` handed on to a flat form: the same plan needs the same limit (any threshold ≥ room, or this one). */
function usedAsIs(limit: number, room: number, ctx: PlanCtx): number {
  if (limit === room) ctx.alike.from = Math.max(ctx.alike.from, room);
  else {
    ctx.alike.from = Math.max(ctx.alike.from, limit);
    ctx.alike.below = Math.min(ctx.alike.below, limit);
  }
  return limit;
}

/** An if whose else is another if: an else-if chain. */
function isChain(node: Extract<Node, { kind: "if" }>): boolean {
  return node.else?.stmts.length === 1 && node.else.stmts[0]!.kind === "if";
}

/**
 * The tallest construct that surely fits a part: a part may have to open with a page connector and
 * close with an outer connector (or a jump), and needs that room besides.
 */
function roomOnAPart(ctx: PlanCtx): number {
  const { gap, stub } = ctx.sizer.module;
  return PAGE_PART_HEIGHT - (ctx.connector + gap) - (gap + stub + ctx.connector);
}
