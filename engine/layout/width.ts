/**
 * The common symbol width of a chart (drawing-rules G3: the same b for all symbols where possible).
 * A symbol that needs 2a makes every symbol of its chart 2a wide; wider needs (up to half a page)
 * stay individual, so one long formula does not blow up the whole chart.
 */
import type { ChartFunction, Node } from "../tree/schema.ts";
import type { ShapeKind } from "../geometry/types.ts";
import type { ResolvedOptions } from "../options.ts";
import type { Sizer } from "./size.ts";
import { formatForSpec } from "./for-text.ts";

function textOf(node: Node, options: ResolvedOptions): [ShapeKind, string] | null {
  switch (node.kind) {
    case "process":
    case "io":
    case "call":
      return [node.kind, node.text];
    case "terminal":
      return ["terminator", node.text];
    case "if":
    case "while":
    case "dowhile":
    case "switch":
      return ["decision", node.cond];
    case "for":
      return ["hexagon", formatForSpec(node.cond, options.forFormat, options.texts)];
    default:
      return null;
  }
}

function children(node: Node): Node[] {
  switch (node.kind) {
    case "if":
      return [...node.then.stmts, ...(node.else?.stmts ?? [])];
    case "for":
    case "while":
      return [...node.body.stmts, ...(node.else?.stmts ?? [])];
    case "dowhile":
    case "infloop":
      return node.body.stmts;
    case "switch":
      return [...node.cases.flatMap((c) => c.body.stmts), ...(node.default?.stmts ?? [])];
    default:
      return [];
  }
}

/** Every symbol text of a chart, depth first, until `visit` returns false. */
function eachSymbol(fn: ChartFunction, terminators: readonly string[], options: ResolvedOptions, visit: (kind: ShapeKind, text: string) => boolean): void {
  for (const text of terminators) if (!visit("terminator", text)) return;
  const stack: Node[] = [...fn.block.stmts];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const labelled = textOf(node, options);
    if (labelled && !visit(labelled[0], labelled[1])) return;
    stack.push(...children(node));
  }
}

export function commonWidth(fn: ChartFunction, terminators: readonly string[], options: ResolvedOptions, sizer: Sizer): number {
  const { b, bWide } = sizer.module;
  let width = b;
  eachSymbol(fn, terminators, options, (kind, text) => {
    const w = sizer.shape(kind, text).w;
    if (w <= bWide && w > width) width = w;
    return width < bWide;
  });
  return width;
}

/**
 * The widest symbol of a chart at its common width `common`: how far a symbol on the spine may
 * reach to the left of it, so what a switch's rows beside the spine may take (switch-rows.ts).
 */
export function widestSymbol(fn: ChartFunction, terminators: readonly string[], options: ResolvedOptions, sizer: Sizer, common: number): number {
  let widest = common;
  eachSymbol(fn, terminators, options, (kind, text) => {
    widest = Math.max(widest, sizer.shape(kind, text, common).w);
    return true;
  });
  return widest;
}
