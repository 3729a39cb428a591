/**
 * Where jumps go. A break/continue/return is drawn as a line to an outer lane when that line can
 * cross nothing on its way, and as a connector pair otherwise (drawing-rules L4, P1). Whether the
 * way is free is a property of the structure alone — a jump in the left column of an if/else has the
 * right column between it and a right-hand lane — so it is decided while planning, top-down, before
 * any size is known.
 */
import type { Block, Node } from "../tree/schema.ts";
import type { OpenEdge } from "./canvas.ts";

export type LoopKind = "while" | "for" | "dowhile" | "infloop";

/** A jump's way to its target: a line to the target's lane, or a connector pair. */
export type Route = "lane" | "connector";

/** One target of jumps (a loop for break/continue, the chart's single End for returns). */
export interface JumpTarget {
  laneCount: number;
  connectorCount: number;
  /** Filled while drawing: the lines of lane jumps, waiting to be routed to the lane. */
  pendingLanes: OpenEdge[];
  /** Designation of this target's connector pair, given when its first outer connector is drawn. */
  letter: string | null;
  /**
   * Of its connector jumps, those a lane could replace (nothing lies between them and a lane on the
   * right): a flat loop's jumps, drawn as lanes when they and the target's inner connector stand on
   * one part (part-lanes.ts).
   */
  laneable: number;
}

export interface LoopTarget {
  kind: LoopKind;
  hasElse: boolean;
  /**
   * Laid out flat for pages (the loop-limit form, loops.ts planFlatLoop): its jumps are planned as
   * connector pairs, as the loop may be cut; each arrives on the right of the spine (the break below
   * the closing symbol, the continue above it), so a lane on the right can replace the pair.
   */
  flat: boolean;
  breaks: JumpTarget;
  continues: JumpTarget;
}

export interface Scope {
  loop: LoopTarget | null;
  returns: JumpTarget | null; // null unless singleEnd: then returns are jumps to the one End
  forceReturnConnectors: boolean;
  /** Something lies to the right of this point, between it and the innermost loop's right lanes. */
  blockedRight: boolean;
  /** …to the left, between it and the innermost loop's back lane. */
  blockedLeft: boolean;
  /** …to the right, between it and the chart's return lane (any enclosing loop blocks it). */
  returnBlocked: boolean;
}

export function newTarget(): JumpTarget {
  return { laneCount: 0, connectorCount: 0, pendingLanes: [], letter: null, laneable: 0 };
}

export function newLoop(kind: LoopKind, hasElse: boolean, flat = false): LoopTarget {
  return { kind, hasElse, flat, breaks: newTarget(), continues: newTarget() };
}

/** The side a lane-routed jump leaves towards, or null when it never uses a lane. */
export function jumpSide(kind: "break" | "continue" | "return", scope: Scope): "left" | "right" | null {
  if (kind === "return") return scope.returns ? "right" : null;
  const loop = scope.loop;
  if (!loop) return null;
  if (loop.flat) return "right";
  if (kind === "break") return loop.hasElse ? null : "right";
  return loop.kind === "while" || loop.kind === "for" ? "left" : null;
}

export function routeFor(kind: "break" | "continue" | "return", scope: Scope): Route {
  const side = jumpSide(kind, scope);
  if (side === null) return "connector";
  if (kind === "return") return scope.returnBlocked || scope.forceReturnConnectors ? "connector" : "lane";
  if (scope.loop!.flat) return "connector";
  return side === "right" ? (scope.blockedRight ? "connector" : "lane") : scope.blockedLeft ? "connector" : "lane";
}

/** A flat loop's break or continue with nothing between it and a lane on the right (JumpTarget.laneable). */
export function laneableInPart(kind: "break" | "continue" | "return", scope: Scope): boolean {
  return kind !== "return" && scope.loop?.flat === true && !scope.blockedRight;
}

/**
 * Which sides the jumps of a block head to, looking through nested ifs and switches but not into
 * nested loops for break/continue (those belong to the inner loop). Used to put a branch with a
 * break on the right, next to the lane it goes to.
 */
export function headings(block: Block, scope: Scope): { left: boolean; right: boolean } {
  const found = { left: false, right: false };
  const visit = (nodes: Node[], inLoop: boolean): void => {
    for (const node of nodes) {
      switch (node.kind) {
        case "break":
        case "continue":
          if (!inLoop) mark(jumpSide(node.kind, scope));
          break;
        case "terminal":
          mark(jumpSide("return", scope));
          break;
        case "if":
          visit(node.then.stmts, inLoop);
          if (node.else) visit(node.else.stmts, inLoop);
          break;
        case "switch":
          for (const c of node.cases) visit(c.body.stmts, inLoop);
          if (node.default) visit(node.default.stmts, inLoop);
          break;
        case "for":
        case "while":
          visit(node.body.stmts, true);
          if (node.else) visit(node.else.stmts, inLoop);
          break;
        case "dowhile":
        case "infloop":
          visit(node.body.stmts, true);
          break;
        default:
          break;
      }
    }
  };
  const mark = (side: "left" | "right" | null): void => {
    if (side) found[side] = true;
  };
  visit(block.stmts, false);
  return found;
}
