/** The blocks a node holds, in drawing order: what every pass over a whole chart tree descends into. */
import type { Block, Node } from "./schema.ts";

export function childBlocks(node: Node): Block[] {
  switch (node.kind) {
    case "if":
      return node.else ? [node.then, node.else] : [node.then];
    case "for":
    case "while":
      return node.else ? [node.body, node.else] : [node.body];
    case "dowhile":
    case "infloop":
      return [node.body];
    case "switch":
      return node.default ? [...node.cases.map((c) => c.body), node.default] : node.cases.map((c) => c.body);
    default:
      return [];
  }
}

/** Every block of a chart, outermost first. */
export function* allBlocks(block: Block): Generator<Block> {
  yield block;
  for (const node of block.stmts) for (const inner of childBlocks(node)) yield* allBlocks(inner);
}

/** Replaces every text of a block in place — symbol texts, conditions, case labels — at any depth. */
export function mapTexts(block: Block, map: (text: string) => string): void {
  for (const inner of allBlocks(block)) {
    for (const node of inner.stmts) {
      if ("text" in node) node.text = map(node.text);
      if ("cond" in node) node.cond = map(node.cond);
      if (node.kind === "switch") for (const c of node.cases) c.label = map(c.label);
    }
  }
}
