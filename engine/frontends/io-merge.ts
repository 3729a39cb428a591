/**
 * Input as a student writes it (issue 20): a prompt printed just before its read is part of that
 * input, and reads that follow one another are one input — `print("xp = ")`, `xp = float(input())`,
 * `xk = float(input("xk = "))` is the one symbol `Ввід xp, xk`.
 *
 * Exactly: an output of string literals only that asks — its text ends with `:`, `=`, `?` or `>`
 * (`"xp = "`, `"Кількість: "`) — directly followed (nothing between, same block) by an input with
 * targets, is dropped: the prompt's text is not in the chart. An output that prints a value
 * (`printf("a[%d] = ", i)`), that does not ask (a menu, `"1 - додати, 0 - вихід"`) or is not
 * followed by a read stays an output. Inputs with
 * targets that directly follow one another merge into the first one's symbol. Runs on the front-ends'
 * texts, so every language merges the same way; `verbatim` leaves every statement its own symbol.
 */
import type { ResolvedOptions } from "../options.ts";
import { allBlocks } from "../tree/blocks.ts";
import type { ChartTree, Node } from "../tree/schema.ts";
import { promptPattern } from "./io-text.ts";

/** The last literal of a prompt ends with a sign that asks for a value. */
const ASKS = /[:=?>]\s*["']$/;

export function mergeInputs(tree: ChartTree, options: ResolvedOptions): void {
  if (options.verbatim) return;
  const { inWord, anyInput } = options.texts;
  const inPrefix = `${inWord} `;
  const prompt = promptPattern(options.texts);
  const isRead = (node: Node | undefined): node is Extract<Node, { kind: "io" }> =>
    node?.kind === "io" && node.text.startsWith(inPrefix) && node.text !== `${inPrefix}${anyInput}`;
  const isPrompt = (node: Node): boolean => node.kind === "io" && prompt.test(node.text) && ASKS.test(node.text);

  for (const chart of tree) {
    for (const block of allBlocks(chart.block)) {
      const out: Node[] = [];
      const stmts = block.stmts;
      for (let i = 0; i < stmts.length; i++) {
        const node = stmts[i]!;
        if (isPrompt(node) && isRead(stmts[i + 1])) continue;
        const last = out[out.length - 1];
        if (isRead(node) && isRead(last)) {
          out[out.length - 1] = { ...last, text: `${last.text}, ${node.text.slice(inPrefix.length)}` };
          continue;
        }
        out.push(node);
      }
      block.stmts = out;
    }
  }
}
