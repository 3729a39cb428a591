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

function commonWidth(fn: ChartFunction, terminators: readonly string[], options: ResolvedOptions, sizer: Sizer): number {
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
function widestSymbol(fn: ChartFunction, terminators: readonly string[], options: ResolvedOptions, sizer: Sizer, common: number): number {
  let widest = common;
  eachSymbol(fn, terminators, options, (kind, text) => {
    widest = Math.max(widest, sizer.shape(kind, text, common).w);
    return true;
  });
  return widest;
}

/** The common width of a chart in a sizer and, once asked for, its widest symbol at that width. */
interface ChartWidths {
  options: ResolvedOptions;
  common: number;
  widest?: number;
}

/**
 * Every candidate the fit stage plans in one sizer has the same common width and widest symbol
 * (they depend on the texts, the options and the module's sizes only, not on folds or cuts): walked
 * once per chart and sizer rather than once per plan — on a cold start each walk runs interpreted.
 */
const known = new WeakMap<ChartFunction, WeakMap<Sizer, ChartWidths>>();

function widthsOf(fn: ChartFunction, terminators: readonly string[], options: ResolvedOptions, sizer: Sizer): ChartWidths {
  let bySizer = known.get(fn);
  if (!bySizer) known.set(fn, (bySizer = new WeakMap()));
  let widths = bySizer.get(sizer);
  if (!widths || widths.options !== options) bySizer.set(sizer, (widths = { options, common: commonWidth(fn, terminators, options, sizer) }));
  return widths;
}

/** commonWidth and (`widest`) widestSymbol of a chart, each walked once per chart, sizer and options. */
export function chartWidths(
  fn: ChartFunction, terminators: readonly string[], options: ResolvedOptions, sizer: Sizer, widest: boolean,
): { common: number; widest: number } {
  const widths = widthsOf(fn, terminators, options, sizer);
  if (!widest) return { common: widths.common, widest: widths.common };
  widths.widest ??= widestSymbol(fn, terminators, options, sizer, widths.common);
  return { common: widths.common, widest: widths.widest };
}
