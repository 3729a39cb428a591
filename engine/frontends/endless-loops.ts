/**
 * Endless loops whose exit test stands at an end of the body, drawn as the loop they are (issue 20),
 * in every language alike on the finished tree:
 *  - `while True: if c: break; …` / `for (;;) { if (c) break; … }` is a pre-test loop: «поки не c»,
 *    written as the negated condition (`x = 1` → `x ≠ 1`);
 *  - `while (1) { …; if (c) break; }` is a post-test loop repeated until `c` (the Python and Java/C#
 *    front-ends find this one themselves; C, C++ and Pascal `while true do` get it here) — unless the
 *    body has a `continue` of the loop, which in the endless loop skips the test.
 * Any other endless loop stays a loop-limit pair whose closing symbol says «до виходу» (layout).
 * Runs after the own-calls pass: a test that needs a call computed first is not at the body's start.
 */
import type { Locale } from "../options.ts";
import { LOGICAL_WORDS } from "../text/notation.ts";
import { childBlocks } from "../tree/blocks.ts";
import type { Block, ChartTree, Node } from "../tree/schema.ts";
import { shortCircuit } from "./short-circuit.ts";

type If = Extract<Node, { kind: "if" }>;

/** `if c: break` with nothing else: its condition. */
function exitTest(node: Node | undefined): If | undefined {
  return node?.kind === "if" && !node.else && node.then.stmts.length === 1 && node.then.stmts[0]!.kind === "break" ? node : undefined;
}

const LOOPS = new Set<Node["kind"]>(["for", "while", "dowhile", "infloop"]);

/** Does the block hold a `continue` of the loop it belongs to (not of a loop nested in it)? */
function continues(block: Block): boolean {
  return block.stmts.some((node) => node.kind === "continue" || (!LOOPS.has(node.kind) && childBlocks(node).some(continues)));
}

/** The comparison a negation turns into its opposite. */
const OPPOSITE: Readonly<Record<string, string>> = { "=": "≠", "≠": "=", "<": "≥", "≥": "<", ">": "≤", "≤": ">", "∈": "∉", "∉": "∈" };

/** Top-level comparison operators of a condition: [index, operator]. */
function comparisons(cond: string): [number, string][] {
  const found: [number, string][] = [];
  let depth = 0;
  for (let i = 0; i < cond.length; i++) {
    const ch = cond[i]!;
    if (ch === '"' || ch === "'") {
      const close = cond.indexOf(ch, i + 1);
      if (close < 0) return [];
      i = close;
    } else if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch)) depth--;
    else if (depth === 0 && ch in OPPOSITE && cond[i - 1] === " " && cond[i + 1] === " ") found.push([i, ch]);
  }
  return found;
}

/** The condition's negation as a student writes it: `x = 1` → `x ≠ 1`, `не ok` → `ok`, else `не (c)`. */
export function negated(cond: string, locale: Locale): string {
  const not = LOGICAL_WORDS[locale].not;
  if (shortCircuit(cond, locale) === undefined) {
    const found = comparisons(cond);
    if (found.length === 1) {
      const [at, op] = found[0]!;
      return `${cond.slice(0, at)}${OPPOSITE[op]}${cond.slice(at + 1)}`;
    }
    if (cond.startsWith(`${not} `) && comparisons(cond).length === 0 && !cond.includes(" ", not.length + 1)) return cond.slice(not.length + 1);
    if (found.length === 0 && !cond.includes(" ")) return `${not} ${cond}`;
  }
  return `${not} (${cond})`;
}

function rewriteBlock(block: Block, locale: Locale): void {
  block.stmts = block.stmts.map((node) => {
    for (const inner of childBlocks(node)) rewriteBlock(inner, locale);
    if (node.kind !== "infloop") return node;
    const stmts = node.body.stmts;
    const first = exitTest(stmts[0]);
    const at = <T extends Node>(n: T): T => (node.loc ? { ...n, loc: node.loc } : n);
    if (first) return at<Node>({ kind: "while", cond: negated(first.cond, locale), body: { stmts: stmts.slice(1) } });
    const last = exitTest(stmts.at(-1));
    const body: Block = { stmts: stmts.slice(0, -1) };
    if (last && !continues(body)) return at<Node>({ kind: "dowhile", cond: last.cond, until: true, body });
    return node;
  });
}

/** The tree with each endless loop whose test opens or closes its body made that loop (in place). */
export function endlessLoopsTested(tree: ChartTree, locale: Locale): ChartTree {
  for (const chart of tree) rewriteBlock(chart.block, locale);
  return tree;
}
