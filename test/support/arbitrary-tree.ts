/**
 * fast-check arbitraries of random VALID chart trees (engine/tree/schema.ts).
 *
 * The tree is built from a sequence of random choices (a list of integers that fast-check generates
 * and shrinks): every decision reads the next number, and a used-up list reads as 0, which always
 * means "the simplest option" (stop the block, plain process node, short text). Shrinking the list
 * therefore shrinks the tree, while the builder keeps every tree valid:
 *  - break/continue only inside loops (a break/continue in a switch case inside a loop leaves/
 *    continues that loop, as engine/tree/validate.ts defines);
 *  - no dead code: a block ends after a statement that cannot complete (return, break, continue,
 *    goto, an if whose branches all leave, an exitless infinite loop …), unless a goto label follows;
 *  - goto (connector, jump: true) only forwards, to a label connector placed right after the
 *    statement that contains the goto in the same or an enclosing block; every label has a goto;
 *  - do-while and infinite-loop bodies always reach their end (or contain a `continue`), so the
 *    condition / loop end is reachable;
 *  - `infloop` normally has at least one reachable `break` at its own level; the rare variant
 *    without exit has none (only `continue`, returns and gotos);
 *  - switch: 1+ cases, optional default, fallthrough only on a non-last case whose body completes;
 *  - `for` conditions `i := 1, n[, step]` or `x ∈ xs`; texts of varied length (some 60+ chars),
 *    Latin and Cyrillic, multi-word, an occasional long unbroken identifier;
 *  - 1–3 functions, exactly one `main: true`.
 * Node count ≤ maxNodes and nesting depth ≤ maxDepth (top-level statements have depth 1).
 */
import fc from "fast-check";
import type { Block, ChartTree, Node, SwitchCase } from "../../engine/tree/schema.ts";

export interface ArbTreeOptions {
  /** Maximum nesting depth of nodes (top-level statements have depth 1). Default 8. */
  maxDepth?: number;
  /** Maximum number of nodes of the whole tree (all functions). Default 60. */
  maxNodes?: number;
  /**
   * Aim for about this many nodes (≤ maxNodes): blocks keep growing until it is reached. Default:
   * no aim, sizes spread from tiny to about maxNodes.
   */
  targetNodes?: number;
  /** Bias towards compound statements and deep nesting. Default false. */
  deep?: boolean;
  /** Functions per tree. Default 1–3. */
  minFunctions?: number;
  maxFunctions?: number;
}

export function arbChartTree(options: ArbTreeOptions = {}): fc.Arbitrary<ChartTree> {
  const cfg = resolve(options);
  // Each node reads a handful of choices; allow enough for the target size.
  const length = Math.max(40, Math.ceil((cfg.targetNodes ?? cfg.maxNodes) * 14));
  const minLength = cfg.targetNodes !== undefined ? Math.floor(length * 0.9) : 0;
  return fc
    .array(fc.noBias(fc.integer({ min: 0, max: 0xffff })), { minLength, maxLength: length, size: "max" })
    .map((choices) => buildChartTree(choices, cfg));
}

function countNodes(n: Node): number {
  return treeStats([{ name: "", block: { stmts: [n] } }]).nodes;
}

/** The node count and the nesting depth of a tree (as arbChartTree counts them). */
export function treeStats(tree: ChartTree): { nodes: number; depth: number } {
  let nodes = 0;
  let depth = 0;
  const block = (b: Block | undefined, d: number): void => {
    for (const n of b?.stmts ?? []) node(n, d);
  };
  const node = (n: Node, d: number): void => {
    nodes++;
    depth = Math.max(depth, d);
    switch (n.kind) {
      case "if":
        block(n.then, d + 1);
        block(n.else, d + 1);
        break;
      case "for":
      case "while":
        block(n.body, d + 1);
        block(n.else, d + 1);
        break;
      case "dowhile":
      case "infloop":
        block(n.body, d + 1);
        break;
      case "switch":
        for (const c of n.cases) block(c.body, d + 1);
        block(n.default, d + 1);
        break;
      default:
        break;
    }
  };
  for (const f of tree) block(f.block, 1);
  return { nodes, depth };
}

// ------------------------------------------------------------------------------------------------

interface Cfg {
  maxDepth: number;
  maxNodes: number;
  targetNodes: number | undefined;
  deep: boolean;
  minFunctions: number;
  maxFunctions: number;
}

function resolve(o: ArbTreeOptions): Cfg {
  const maxNodes = Math.max(1, o.maxNodes ?? 60);
  return {
    maxDepth: Math.max(1, o.maxDepth ?? 8),
    maxNodes,
    targetNodes: o.targetNodes === undefined ? undefined : Math.min(o.targetNodes, maxNodes),
    deep: o.deep ?? false,
    minFunctions: Math.max(1, o.minFunctions ?? 1),
    maxFunctions: Math.max(o.minFunctions ?? 1, o.maxFunctions ?? 3),
  };
}

class Chooser {
  private i = 0;
  constructor(private readonly c: readonly number[]) {}
  exhausted(): boolean {
    return this.i >= this.c.length;
  }
  /** 0 … n−1; 0 once the choices are used up. */
  int(n: number): number {
    if (n <= 1) return 0;
    const v = this.c[this.i++];
    return v === undefined ? 0 : v % n;
  }
  /** True with probability pct % — false once the choices are used up. */
  chance(pct: number): boolean {
    return this.int(100) >= 100 - pct;
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }
  /** Index by weight; index 0 is the fallback. */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = this.int(total);
    for (let i = 0; i < weights.length; i++) {
      if (r < weights[i]!) return i;
      r -= weights[i]!;
    }
    return 0;
  }
}

interface Flow {
  /** Control can reach the statement after this one. */
  completes: boolean;
  /** Contains a reachable break / continue of the innermost enclosing loop. */
  breaks: boolean;
  continues: boolean;
}

interface Ctx {
  depth: number; // depth of the statements being generated
  canBreak: boolean;
  canContinue: boolean;
  frames: Frame[]; // enclosing blocks, innermost last
}

interface Frame {
  label: string | null; // a label to insert after the current statement
}

const SIMPLE_WORDS = [
  "x", "y", "i", "j", "n", "k", "sum", "count", "total", "a[i]", "b[j]", "result", "value", "max",
  "сума", "кількість", "елемент", "масиву", "значення", "середнє", "обчислити", "максимум",
  "лічильник", "рядок", "файл", "дані", "список", "температура", "довжина", "ширина",
];
const OPERATORS = ["+", "-", "*", "/", "mod", "div"];
const RELATIONS = ["<", ">", "=", "≠", "≤", "≥"];
const LONG_IDENTIFIERS = [
  "total_amount_of_processed_records", "кількість_оброблених_записів_у_файлі",
  "calculateAverageTemperatureForTheWholeMonth",
];
const FUNCTION_NAMES = ["main", "обчислити_суму", "f", "process_data", "знайти_максимум", "g"];

class Builder {
  nodes = 0;
  /** Size to grow the current function to (targetNodes split between the functions). */
  fnTarget: number | undefined;
  private labelCount = 0;
  constructor(
    private readonly ch: Chooser,
    private readonly cfg: Cfg,
  ) {}

  private spend(n: number): boolean {
    if (this.nodes + n > this.cfg.maxNodes) return false;
    this.nodes += n;
    return true;
  }

  // ---- texts ----
  private word(): string {
    return this.ch.chance(3) ? this.ch.pick(LONG_IDENTIFIERS) : this.ch.pick(SIMPLE_WORDS);
  }
  private expr(): string {
    const size = this.ch.weighted([6, 3, 1]); // short, medium, long (60+ chars)
    let s = this.word();
    if (size === 0) {
      if (this.ch.chance(50)) s += ` ${this.ch.pick(OPERATORS)} ${this.word()}`;
      return s;
    }
    const minLen = size === 1 ? 20 : 60;
    let guard = 0;
    while (s.length < minLen && guard++ < 40) s += ` ${this.ch.pick(OPERATORS)} ${this.word()}`;
    while (s.length < minLen) s += " + 1";
    return s;
  }
  private statementText(): string {
    switch (this.ch.int(4)) {
      case 1:
        return `${this.word()} := ${this.expr()}`;
      case 2:
        return `${this.ch.pick(["Обчислити", "Відсортувати", "Compute", "Знайти"])} ${this.expr()}`;
      case 3:
        return `${this.word()} ${this.ch.pick(["+=", "-=", ":="])} ${this.expr()}`;
      default:
        return `${this.ch.pick(["x", "i", "s"])} := ${this.ch.int(100)}`;
    }
  }
  private cond(): string {
    const base = `${this.expr()} ${this.ch.pick(RELATIONS)} ${this.word()}`;
    return this.ch.chance(15) ? `${base} ${this.ch.pick(["і", "або", "and", "or"])} ${this.expr()} ${this.ch.pick(RELATIONS)} 0` : base;
  }
  private forCond(): string {
    if (this.ch.chance(30)) return `${this.ch.pick(["x", "item", "елемент"])} ∈ ${this.ch.pick(["xs", "items", "список", "a"])}`;
    const v = this.ch.pick(["i", "j", "k", "лічильник"]);
    const end = this.ch.chance(20) ? this.expr() : this.ch.pick(["n", "10", "len(a) - 1", "n div 2"]);
    const step = this.ch.chance(20) ? `, ${this.ch.pick(["2", "-1", "крок"])}` : "";
    return `${v} := ${this.ch.pick(["0", "1", "a"])}, ${end}${step}`;
  }

  // ---- structure ----
  block(ctx: Ctx, pct: number): { block: Block; flow: Flow; completesAt: boolean[] } {
    const stmts: Node[] = [];
    const completesAt: boolean[] = []; // completesAt[i]: control reaches position i+1
    const flow: Flow = { completes: true, breaks: false, continues: false };
    const frame: Frame = { label: null };
    const frames = [...ctx.frames, frame];
    while (this.nodes < this.cfg.maxNodes && !this.ch.exhausted() && this.ch.chance(this.continuePct(ctx.depth, pct, stmts.length))) {
      const r = this.stmt({ ...ctx, frames });
      if (!r) break;
      const target = this.fnTarget;
      if (ctx.depth === 1 && !r.flow.completes && frame.label === null && target !== undefined && this.nodes < target) {
        // aiming at a size: a top-level statement that ends the function would stop growth; drop it
        this.nodes -= countNodes(r.node);
        continue;
      }
      stmts.push(r.node);
      completesAt.push(r.flow.completes);
      flow.breaks ||= r.flow.breaks;
      flow.continues ||= r.flow.continues;
      if (frame.label !== null) {
        stmts.push({ kind: "connector", text: frame.label });
        completesAt.push(true);
        frame.label = null;
      } else if (!r.flow.completes) {
        flow.completes = false;
        break;
      }
    }
    return { block: { stmts }, flow, completesAt };
  }

  private continuePct(depth: number, pct: number, len: number): number {
    const target = this.fnTarget;
    if (target !== undefined && this.nodes < target) return depth <= 1 ? 100 : Math.max(pct, 60);
    if (target !== undefined) return 0;
    return len === 0 ? Math.max(pct, 55) : pct;
  }

  private stmt(ctx: Ctx): { node: Node; flow: Flow } | null {
    const d = ctx.depth;
    const compoundOk = d + 2 <= this.cfg.maxDepth;
    const deep = this.cfg.deep ? 3 : 1;
    // index 0 is the fallback (plain process)
    const kinds = [
      "process", "io", "call", "terminal", "if", "for", "while", "dowhile", "infloop", "switch",
      "break", "continue", "goto",
    ] as const;
    const w = [
      30, 8, 6, 3,
      compoundOk ? 12 * deep : 0,
      compoundOk ? 5 * deep : 0,
      compoundOk ? 5 * deep : 0,
      compoundOk ? 3 * deep : 0,
      compoundOk ? 2 * deep : 0,
      compoundOk ? 3 * deep : 0,
      ctx.canBreak ? 3 : 0,
      ctx.canContinue ? 2 : 0,
      1,
    ];
    const kind = kinds[this.ch.weighted(w)]!;
    const simple = (node: Node): { node: Node; flow: Flow } => ({ node, flow: { completes: true, breaks: false, continues: false } });
    const inner = { ...ctx, depth: d + 1 };
    switch (kind) {
      case "process":
        return this.spend(1) ? simple({ kind: "process", text: this.statementText() }) : null;
      case "io": {
        if (!this.spend(1)) return null;
        const word = this.ch.pick(["Ввід", "Вивід"]);
        const list = this.ch.chance(20) ? `${this.expr()}, ${this.expr()}` : this.expr();
        return simple({ kind: "io", text: `${word} ${list}` });
      }
      case "call": {
        if (!this.spend(1)) return null;
        const args = this.ch.chance(30) ? `${this.expr()}, ${this.word()}` : this.word();
        return simple({ kind: "call", text: `${this.ch.pick(FUNCTION_NAMES)}(${args})` });
      }
      case "terminal": {
        if (!this.spend(1)) return null;
        const text = this.ch.pick(["Повернути ", "return ", "raise ValueError(", ""]);
        const t = text === "raise ValueError(" ? `${text}"${this.expr()}")` : text === "" ? "Повернути" : `${text}${this.expr()}`;
        return { node: { kind: "terminal", text: t }, flow: { completes: false, breaks: false, continues: false } };
      }
      case "break":
        if (!this.spend(1)) return null;
        return { node: { kind: "break" }, flow: { completes: false, breaks: true, continues: false } };
      case "continue":
        if (!this.spend(1)) return null;
        return { node: { kind: "continue" }, flow: { completes: false, breaks: false, continues: true } };
      case "goto": {
        if (!this.spend(2)) return null; // the goto and its label
        const frame = ctx.frames[ctx.frames.length - 1 - this.ch.int(ctx.frames.length)]!;
        if (frame.label === null) frame.label = `L${++this.labelCount}`;
        return { node: { kind: "connector", text: frame.label, jump: true }, flow: { completes: false, breaks: false, continues: false } };
      }
      case "if": {
        if (!this.spend(1)) return null;
        const cond = this.cond();
        const then = this.block(inner, 55);
        const hasElse = this.ch.chance(50);
        const els = hasElse ? this.block(inner, 55) : null;
        const node: Node = { kind: "if", cond, then: then.block };
        if (els) node.else = els.block;
        return {
          node,
          flow: {
            completes: then.flow.completes || !els || els.flow.completes,
            breaks: then.flow.breaks || !!els?.flow.breaks,
            continues: then.flow.continues || !!els?.flow.continues,
          },
        };
      }
      case "switch": {
        if (!this.spend(1)) return null;
        const cond = this.ch.chance(80) ? this.word() : this.expr();
        const sw = inner; // a break in a case leaves the enclosing loop (validate.ts)
        const n = 1 + this.ch.weighted([4, 3, 2, 1]) + (this.ch.chance(5) ? 6 : 0);
        const cases: SwitchCase[] = [];
        let completes = false;
        let breaks = false;
        let continues = false;
        for (let i = 0; i < n && this.nodes < this.cfg.maxNodes; i++) {
          const label = this.ch.chance(10) ? `"${this.expr()}"` : this.ch.chance(20) ? `'${String.fromCharCode(97 + i)}'` : String(i + 1);
          const body = this.block(sw, 50);
          breaks ||= body.flow.breaks;
          continues ||= body.flow.continues;
          const c: SwitchCase = { label, body: body.block };
          if (i < n - 1 && body.flow.completes && this.ch.chance(20)) c.fallthrough = true;
          else if (body.flow.completes) completes = true;
          cases.push(c);
        }
        if (cases.length === 0) cases.push({ label: "1", body: { stmts: [] } });
        const last = cases[cases.length - 1]!;
        if (last.fallthrough) {
          delete last.fallthrough;
          completes = true;
        }
        const node: Node = { kind: "switch", cond, cases };
        if (this.ch.chance(50)) {
          const def = this.block(sw, 50);
          node.default = def.block;
          completes ||= def.flow.completes;
          breaks ||= def.flow.breaks;
          continues ||= def.flow.continues;
        } else {
          completes = true;
        }
        return { node, flow: { completes, breaks, continues } };
      }
      case "for":
      case "while": {
        if (!this.spend(1)) return null;
        const cond = kind === "for" ? this.forCond() : this.cond();
        const body = this.block({ ...inner, canBreak: true, canContinue: true }, 55);
        const node: Extract<Node, { kind: "for" | "while" }> = { kind, cond, body: body.block };
        let completes = true;
        if (this.ch.chance(15)) {
          const els = this.block(inner, 50); // breaks/continues here belong to the outer loop
          node.else = els.block;
          completes = els.flow.completes || body.flow.breaks;
          return { node, flow: { completes, breaks: els.flow.breaks, continues: els.flow.continues } };
        }
        return { node, flow: { completes, breaks: false, continues: false } };
      }
      case "dowhile": {
        if (!this.spend(3)) return null; // 2 held back for ensureEndReachable
        const cond = this.cond();
        const body = this.block({ ...inner, canBreak: true, canContinue: true }, 55);
        this.nodes -= 2;
        this.ensureEndReachable(body);
        const node: Node = { kind: "dowhile", cond, body: body.block };
        if (this.ch.chance(30)) node.until = true;
        return { node, flow: { completes: true, breaks: false, continues: false } };
      }
      case "infloop": {
        if (!this.spend(5)) return null; // 4 held back for the inserted ifs
        const noExit = this.ch.chance(15);
        const body = this.block({ ...inner, canBreak: !noExit, canContinue: true }, 60);
        this.nodes -= 4;
        this.ensureEndReachable(body);
        if (!noExit && !body.flow.breaks) {
          // an `if … then break` where control can get to
          const spots = [0];
          body.completesAt.forEach((c, i) => {
            if (c) spots.push(i + 1);
          });
          const at = spots[this.ch.int(spots.length)]!;
          body.block.stmts.splice(at, 0, { kind: "if", cond: this.cond(), then: { stmts: [{ kind: "break" }] } });
          body.completesAt.splice(at, 0, true);
          this.nodes += 2;
          body.flow.breaks = true;
        }
        return { node: { kind: "infloop", body: body.block }, flow: { completes: body.flow.breaks, breaks: false, continues: false } };
      }
    }
  }

  /** A do-while/infloop body must let control reach the loop end: add `if … then continue` at its top. */
  private ensureEndReachable(body: { block: Block; flow: Flow; completesAt: boolean[] }): void {
    if (body.flow.completes || body.flow.continues) return;
    body.block.stmts.unshift({ kind: "if", cond: this.cond(), then: { stmts: [{ kind: "continue" }] } });
    body.completesAt.unshift(true);
    body.flow.continues = true;
    this.nodes += 2;
  }
}

/** Builds one tree from a list of choices (what arbChartTree maps its random integers through). */
export function buildChartTree(choices: readonly number[], options: ArbTreeOptions = {}): ChartTree {
  const cfg = resolve(options);
  const ch = new Chooser(choices);
  const b = new Builder(ch, cfg);
  const count = cfg.minFunctions + ch.int(cfg.maxFunctions - cfg.minFunctions + 1);
  const mainAt = ch.int(count);
  const tree: ChartTree = [];
  const used = new Set<string>();
  for (let f = 0; f < count; f++) {
    let name = f === mainAt ? "main" : ch.pick(FUNCTION_NAMES.slice(1));
    while (used.has(name)) name = `${name}_${f}`;
    used.add(name);
    // each function grows to its share of the target size
    const target = cfg.targetNodes;
    if (target !== undefined) b.fnTarget = b.nodes + Math.ceil((target - b.nodes) / (count - f));
    const { block } = b.block({ depth: 1, canBreak: false, canContinue: false, frames: [] }, 88);
    const fn: ChartTree[number] = { name, block: ch.chance(50) ? { kind: "block", stmts: block.stmts } : block };
    if (f === mainAt) fn.main = true;
    else if (ch.chance(30)) fn.main = false;
    tree.push(fn);
  }
  return tree;
}
