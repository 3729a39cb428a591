/** Statement lists of Python blocks and the signature of the block builder passed to handlers. */
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";
import type { Block } from "../../tree/schema.ts";
import type { BuildContext } from "./context.ts";

/** Builds a chart block from statements whose nodes sit at nesting depth `depth` (top level = 1). */
export type BlockBuilder = (stmts: TsNode[], ctx: BuildContext, depth: number) => Block;

/** The statements of a block (or module / clause body); comments and separators dropped. */
export function blockStatements(block: TsNode | null | undefined): TsNode[] {
  if (!block) return [];
  return block.namedChildren.filter((c) => c.type !== "comment");
}
