/**
 * The text linter of issue 13: what a strict teacher marks down in the texts of a chart, checked on
 * the laid-out geometry (what the student hands in) against the chart tree (what the front-end
 * meant to say). Each finding names the chart, the symbol and the rule:
 *
 *  - `cut`: a line break inside an identifier, number or string literal (T5), or a line that holds
 *    only a closing `)` / `]` / `>`;
 *  - `empty-io`: an input/output symbol with nothing after its word (`Вивід`);
 *  - `tall`: a symbol taller than the chart's module a (a terminator than a/2) and taller than half
 *    its width though narrower than half a page: a long text grows a symbol downwards only within
 *    the proportion b ≥ 2 × height (layout/size.ts, issue 20), never into a tall narrow block;
 *  - `escape`: a raw escape sequence (`\n`, `\t`, `\"` …) shown as code;
 *  - `semicolon`: a statement text ending in `;`;
 *  - `preprocessor`: preprocessor text (`#if`, `#ifdef`, `{$ifdef}` …) in a symbol;
 *  - `caption`: two charts of one render with the same caption.
 */
import type { Geometry, Shape } from "../../engine/geometry/types.ts";
import { A, MAX_SHAPE_WIDTH, TERMINATOR_HEIGHT } from "../../engine/geometry/style.ts";
import type { ResolvedOptions } from "../../engine/options.ts";
import type { Block, ChartTree, Node } from "../../engine/tree/schema.ts";

export type LintRule = "cut" | "empty-io" | "tall" | "escape" | "semicolon" | "preprocessor" | "caption";

export interface LintFinding {
  rule: LintRule;
  chart: string;
  text: string;
}

const EPS = 1e-6;
const WORD = /[\p{L}\p{N}_]/u;
const ESCAPE = /\\[abfnrtv0"'\\]|\\x[0-9a-f]{2}|\\u[0-9a-f]{4}/i;
const PREPROCESSOR = /(^|\s)#\s*(if|ifdef|ifndef|elif|else|endif|define|undef|pragma|region|endregion)\b|\{\$\s*(if|ifdef|ifndef|else|endif|define)/i;
const LONE_CLOSER = /^[)\]>}]+;?$/;

/** Every text the front-end put into the tree, whitespace-normalised (the lines of a shape come from one of them). */
export function treeTexts(tree: ChartTree): string[] {
  const out: string[] = [];
  const visitBlock = (b: Block | undefined) => b?.stmts.forEach(visit);
  const visit = (n: Node) => {
    if ("text" in n) out.push(n.text);
    if ("cond" in n) out.push(n.cond);
    if (n.kind === "if") { visitBlock(n.then); visitBlock(n.else); }
    else if (n.kind === "for" || n.kind === "while") { visitBlock(n.body); visitBlock(n.else); }
    else if (n.kind === "dowhile" || n.kind === "infloop") visitBlock(n.body);
    else if (n.kind === "switch") {
      for (const c of n.cases) { out.push(c.label); visitBlock(c.body); }
      visitBlock(n.default);
    }
  };
  for (const f of tree) { out.push(f.name); visitBlock(f.block); }
  return out.map(normalise);
}

const normalise = (s: string) => s.replace(/\s+/g, " ").trim();
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The separators the wrapper used between the lines of `lines` when it wrapped `source` (" " where
 * it broke at a space, "" elsewhere), or undefined when the lines do not come from `source`.
 */
function separators(lines: string[], source: string): string[] | undefined {
  const re = new RegExp("^" + lines.map((l) => escapeRe(normalise(l))).join("( ?)") + "$", "u");
  const m = re.exec(source);
  return m ? m.slice(1) : undefined;
}

/**
 * Unclosed double quote on a line: a string literal runs on into the next line. Read left to right,
 * so a `"` inside a single-quoted literal (a C char `'"'`, a Pascal or Python string `'він сказав: "'`)
 * is not taken for one; a lone `'` is an apostrophe (`від'ємних`) and is passed over.
 */
function opensString(line: string): boolean {
  const text = line.replace(/\\./g, "");
  for (let i = 0; i < text.length; i++) {
    const quote = text[i];
    if (quote !== '"' && quote !== "'") continue;
    const close = text.indexOf(quote, i + 1);
    if (close < 0) {
      if (quote === '"') return true;
      continue;
    }
    i = close;
  }
  return false;
}

function cutFindings(shape: Shape, sources: string[]): string[] {
  const problems: string[] = [];
  const lines = shape.text;
  for (const line of lines) if (lines.length > 1 && LONE_CLOSER.test(line.trim())) problems.push(`line of only "${line}"`);
  if (lines.length < 2) return problems;
  for (const line of lines) if (opensString(line)) problems.push(`string literal cut at "${line}"`);
  const seps = sources.map((s) => separators(lines, s)).find((s) => s !== undefined);
  if (!seps) return problems;
  for (let i = 0; i < seps.length; i++) {
    const left = lines[i]!.at(-1);
    const right = lines[i + 1]![0];
    if (seps[i] === "" && WORD.test(left ?? "") && WORD.test(right ?? "")) {
      problems.push(`word cut between "${lines[i]}" and "${lines[i + 1]}"`);
    }
  }
  return problems;
}

/** All findings for one render: its chart tree and the geometry laid out from it. */
export function lintCharts(tree: ChartTree, geometry: Geometry, options: ResolvedOptions): LintFinding[] {
  const findings: LintFinding[] = [];
  const sources = treeTexts(tree);
  const ioWords = new Set([options.texts.inWord, options.texts.outWord]);
  const captions = new Map<string, number>();
  for (const chart of geometry.charts) {
    // Figure numbers always differ: two charts with the same title are what a reader cannot tell apart.
    const title = chart.caption.text.replace(String(chart.figure), "");
    captions.set(title, (captions.get(title) ?? 0) + 1);
    const add = (rule: LintRule, text: string) => findings.push({ rule, chart: chart.name, text });
    for (const part of chart.parts) {
      for (const shape of part.shapes) {
        const text = shape.text.join(" ");
        const one = `${shape.kind} "${shape.text.join(" / ")}"`;
        for (const problem of cutFindings(shape, sources)) add("cut", `${one}: ${problem}`);
        if (shape.kind === "io" && (text.trim() === "" || ioWords.has(text.trim()))) add("empty-io", one);
        // The chart's own module a (20, or 15 when page fit chose it): G3 holds per chart.
        const a = chart.module ?? A;
        const limit = shape.kind === "terminator" ? a * (TERMINATOR_HEIGHT / A) : a;
        const proportioned = shape.h <= shape.w / 2 + EPS || shape.w >= MAX_SHAPE_WIDTH - EPS;
        if (shape.kind !== "comment" && shape.h > limit + EPS && !proportioned) add("tall", `${one}: ${shape.w} × ${shape.h} mm`);
        if (ESCAPE.test(text)) add("escape", one);
        if (shape.text.some((l) => /;\s*$/.test(l))) add("semicolon", one);
        if (PREPROCESSOR.test(text)) add("preprocessor", one);
      }
    }
  }
  for (const [caption, count] of captions) if (count > 1) findings.push({ rule: "caption", chart: "", text: `${caption} ×${count}` });
  return findings;
}
