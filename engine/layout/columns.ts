/**
 * The columns of a switch's bus (D5), shared by its one-row form (branches.ts) and its rows
 * (switch-rows.ts): drawing the cases side by side off the bus, and collecting them to the spine.
 */
import { drawBlockAt, type DrawCtx, type SeqPlan } from "./plan.ts";
import { lineTo, type Canvas, type OpenEdge } from "./canvas.ts";
import { down } from "./simple.ts";
import { withLabel } from "./labels.ts";

/** One case of a switch's bus (the default last): its block, value, x of its spine relative to the switch's. */
export interface SwitchColumn {
  plan: SeqPlan;
  label: string;
  x: number;
  fallthrough: boolean;
}

/**
 * The columns of a switch's bus at `busY`, each labelled with its value right of its line, its
 * block from `colTop`: the first column continues `first` (which reaches the bus at its x), the
 * others branch off the bus to the right. Returns each column's line leaving its block (null when
 * nothing falls out).
 */
export function drawColumns(
  columns: readonly SwitchColumn[], cx: number, busY: number, colTop: number, first: OpenEdge, ctx: DrawCtx,
): (OpenEdge | null)[] {
  const { canvas } = ctx;
  const entries = columns.map((col, k) => {
    const x = cx + col.x;
    const edge = k === 0 ? first : lineTo(canvas.open(null, { x: cx + columns[k - 1]!.x, y: busY }, "right"), x, busY);
    withLabel(canvas.sizer, edge, col.label, "below-right", { x, y: busY });
    return down(edge, colTop);
  });
  return columns.map((col, k) => drawBlockAt(col.plan, cx + col.x, colTop, entries[k]!, ctx));
}

/**
 * The ends of a bus's columns back to the spine at `collectY` (`outs[0]` is the column under the
 * spine): the rightmost carries the collector line to the spine (arrowhead, L2), the others drop
 * onto it. Returns the line leaving down the spine, null when no column falls out.
 */
export function collectToSpine(outs: readonly (OpenEdge | null)[], cx: number, collectY: number, canvas: Canvas): OpenEdge | null {
  const joining = outs.map((out, k) => ({ k, out })).filter((j) => j.out !== null);
  if (joining.length === 0) return null;
  const main = joining[0]!.k === 0 ? joining[0]!.out! : null;
  const rest = joining.filter((j) => j.k !== 0);
  if (main) down(main, collectY);
  rest.forEach((j, i) => {
    const out = j.out!;
    down(out, collectY);
    if (i === rest.length - 1) {
      lineTo(out, cx, collectY);
      canvas.close(out, null, true);
    } else {
      canvas.close(out, null, false);
    }
  });
  return main ?? canvas.open(null, { x: cx, y: collectY });
}
