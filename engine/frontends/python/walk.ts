/** Python statements → chart nodes: the dispatcher and the block builder (with the depth guard). */
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";
import type { Block, Node } from "../../tree/schema.ts";
import type { BlockBuilder } from "./blocks.ts";
import { assertStatement, ifStatement, matchStatement, tryStatement, withStatement } from "./compound.ts";
import { at, checkDepth, PY_SHAPES, type BuildContext } from "./context.ts";
import { unreadStatement } from "../recovery.ts";
import { exprText } from "./expressions/text.ts";
import { forStatement, whileStatement } from "./loops.ts";
import { expressionStatement, printedValue, raiseStatement, returnStatement } from "./simple.ts";
import { outputText } from "../io-text.ts";
import { decideTernary, type TernaryParts } from "../ternary.ts";
import { shortReturns } from "../chart-context.ts";

/** Statements that never produce a symbol. */
const SILENT = new Set([
  "pass_statement", "import_statement", "import_from_statement", "future_import_statement",
  "global_statement", "nonlocal_statement", "function_definition", "class_definition",
  "decorated_definition", "comment",
]);

/** Is this `if __name__ == "__main__":` (no elif/else)? Its body counts as main code. */
export function isMainGuard(stmt: TsNode): boolean {
  if (stmt.type !== "if_statement") return false;
  if (stmt.namedChildren.some((c) => c.type === "elif_clause" || c.type === "else_clause")) return false;
  const cond = stmt.childForFieldName("condition");
  if (cond?.type !== "comparison_operator") return false;
  const text = cond.text.replace(/\s+/g, "").replace(/'/g, '"');
  return text === '__name__=="__main__"' || text === '"__main__"==__name__';
}

/** Nodes for one statement at nesting depth `depth`. */
/** `a if c else b`: the parts are the first, second and third named children. */
function pythonTernary(node: TsNode): TernaryParts | undefined {
  if (node.type !== "conditional_expression") return undefined;
  const [whenTrue, cond, whenFalse] = node.namedChildren.filter((c) => c.type !== "comment");
  return whenTrue && cond && whenFalse ? { cond, whenTrue, whenFalse } : undefined;
}

/** Every `a if c else b` holds `if`. */
const PYTHON_MARKS = ["if"];

/** The symbols of one statement; a ternary deciding its value becomes a decision (ternary.ts). */
export function statementNodes(stmt: TsNode, ctx: BuildContext, depth: number): Node[] {
  const unread = SILENT.has(stmt.type) ? undefined : unreadStatement(stmt, PY_SHAPES, ctx);
  if (unread) return [at(ctx, stmt, unread)];
  const nodes = plainStatementNodes(stmt, ctx, depth);
  const make = <T extends Node>(n: T): T => at(ctx, stmt, n);
  return shortReturns(decideTernary(stmt, nodes, { marks: PYTHON_MARKS, parts: pythonTernary, text: (n) => exprText(n, ctx) }, make), ctx, make);
}

function plainStatementNodes(stmt: TsNode, ctx: BuildContext, depth: number): Node[] {
  if (SILENT.has(stmt.type)) return [];
  switch (stmt.type) {
    case "expression_statement": {
      const node = expressionStatement(stmt, ctx);
      return node ? [node] : [];
    }
    case "return_statement":
      return returnStatement(stmt, ctx);
    case "raise_statement":
      return [raiseStatement(stmt, ctx)];
    case "break_statement":
      return [at(ctx, stmt, { kind: "break" })];
    case "continue_statement":
      return [at(ctx, stmt, { kind: "continue" })];
    case "if_statement":
      if (ctx.isMain && depth === 1 && isMainGuard(stmt)) {
        return buildBlock(statementsOf(stmt.childForFieldName("consequence")), ctx, depth).stmts;
      }
      return [ifStatement(stmt, ctx, depth, buildBlock)];
    case "for_statement":
      return [forStatement(stmt, ctx, depth, buildBlock)];
    case "while_statement":
      return [whileStatement(stmt, ctx, depth, buildBlock)];
    case "try_statement":
      return tryStatement(stmt, ctx, depth, buildBlock);
    case "with_statement":
      return withStatement(stmt, ctx, depth, buildBlock);
    case "match_statement":
      return [matchStatement(stmt, ctx, depth, buildBlock)];
    case "assert_statement":
      return [assertStatement(stmt, ctx)];
    case "print_statement": {
      // Python 2 `print a, b` → output, like print(a, b).
      const args: string[] = [];
      for (const c of stmt.namedChildren) if (c.type !== "comment" && c.type !== "chevron") args.push(...printedValue(c, ctx));
      return [at(ctx, stmt, { kind: "io", text: outputText(ctx.texts, args) })];
    }
    default:
      // del, exec, print (Python 2), type aliases, anything unknown: a process with the text.
      return [at(ctx, stmt, { kind: "process", text: exprText(stmt, ctx) })];
  }
}

function statementsOf(block: TsNode | null): TsNode[] {
  if (!block) return [];
  return block.namedChildren.filter((c) => c.type !== "comment");
}

/** A chart block from statements sitting at nesting depth `depth` (top level of a chart = 1). */
export const buildBlock: BlockBuilder = (stmts, ctx, depth): Block => {
  if (stmts.length > 0) checkDepth(depth);
  const out: Node[] = [];
  for (const stmt of stmts) out.push(...statementNodes(stmt, ctx, depth));
  return { stmts: out };
};
