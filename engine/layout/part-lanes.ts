/**
 * Lanes for a flat loop's jumps within one part (drawing-rules P1, C10, C11). A loop laid out flat
 * for pages plans its break and continue as connector pairs, since a cut may fall between a jump and
 * its target. Where the cut did not — the jumps and the target's inner connector stand on one part —
 * a strict teacher asks why a line was not drawn: each such jump is drawn as a line to a lane right
 * of everything the part holds from the first jump down to the target, the lane joining the spine
 * where the inner connector's line would have (T-junction). Only when every jump of the target can
 * take that lane (JumpTarget.laneable), the lane keeps the part within the page width, and no other
 * such lane runs beside it at the same height (one lane at a time never crosses another).
 */
import { LANE_CLEARANCE, PAGE_PART_WIDTH } from "../geometry/style.ts";
import type { InnerPlan, PartRoutes, Plan } from "./plan.ts";
import type { JumpTarget } from "./scope.ts";

export class PartLanes implements PartRoutes {
  /** The top-level item of the part being drawn. */
  private current = 0;
  /** Per target met on this part: the lane's x from the spine, or null (its jumps keep their pairs). */
  private readonly lanes = new Map<JumpTarget, number | null>();
  /** The target whose lane runs down now (decided, its inner connector not drawn yet). */
  private running: JumpTarget | null = null;

  /** The part's top-level plans. */
  private readonly items: readonly Plan[];
  /** How far the part reaches left of its spine. */
  private readonly left: number;

  constructor(items: readonly Plan[], left: number) {
    this.items = items;
    this.left = left;
  }

  /** The top-level item drawn next. */
  drawing(index: number): void {
    this.current = index;
  }

  /**
   * The lane a jump to `target` runs to (x from the spine), or null for its connector pair. Decided
   * at the target's first jump on the part, from the items between it and the target's inner connector.
   */
  laneOf(target: JumpTarget): number | null {
    const known = this.lanes.get(target);
    if (known !== undefined) return known;
    const lane = this.decide(target);
    this.lanes.set(target, lane);
    if (lane !== null) this.running = target;
    return lane;
  }

  /** The lane that arrives at `inner` instead of its connector pair, or null. */
  joining(inner: InnerPlan): number | null {
    const lane = this.lanes.get(inner.target) ?? null;
    if (lane !== null && this.running === inner.target) this.running = null;
    return lane;
  }

  private decide(target: JumpTarget): number | null {
    // Every jump of the target on this part (none drawn into a connector before), each free to go right.
    if (target.letter !== null || target.laneable !== target.connectorCount || this.running !== null) return null;
    const end = this.items.findIndex((item, i) => i > this.current && item.type === "inner" && item.target === target);
    if (end < 0) return null;
    let right = 0;
    for (let i = this.current; i <= end; i++) right = Math.max(right, this.items[i]!.right);
    const lane = right + LANE_CLEARANCE;
    return this.left + lane <= PAGE_PART_WIDTH ? lane : null;
  }
}
