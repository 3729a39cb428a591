/** C/C++ statements → chart nodes: the dispatcher, the block builder, if/else, try/catch, goto. */
import type { Block, Node } from "../../tree/schema.ts";
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";
import { decideTernary, fieldTernary } from "../ternary.ts";
import { shortReturns } from "../chart-context.ts";
import { bodyStatements, flatten } from "./blocks.ts";
import { at, checkDepth, emptyBlock, type BlockBuilder, type BuildContext } from "./context.ts";
import { macroLoopKind, macroStatementCall } from "./macros.ts";
import { continueNodes, doStatement, forStatement, rangeFor, whileStatement } from "./loops.ts";
import { declaration, expressionStatement, returnStatement, throwStatement } from "./simple.ts";
import { breakNodes, switchStatement } from "./switch.ts";
import { condText, exprText } from "./text.ts";

/** Statements that never produce a symbol. */
const SILENT = new Set([
  "type_definition", "struct_specifier", "union_specifier", "enum_specifier", "class_specifier",
  "using_declaration", "alias_declaration", "namespace_alias_definition", "static_assert_declaration",
  "template_declaration", "empty_statement", "comment", "access_specifier",
]);

function ifStatement(stmt: TsNode, ctx: BuildContext, depth: number): Node {
  const node = at(ctx, stmt, {
    kind: "if",
    cond: condText(stmt.childForFieldName("condition"), ctx),
    then: emptyBlock(),
  }) as Extract<Node, { kind: "if" }>;
  node.then = buildBlock(bodyStatements(stmt.childForFieldName("consequence")), ctx, depth + 1);
  const alternative = stmt.childForFieldName("alternative");
  if (alternative) node.else = buildBlock(bodyStatements(alternative), ctx, depth + 1);
  return node;
}

/** Exception type of a catch clause: `std::exception` for `(const std::exception& e)`, "" for `(...)`. */
function catchType(clause: TsNode, ctx: BuildContext): string {
  const params = clause.childForFieldName("parameters");
  const param = params?.namedChildren.find((c) => c.type === "parameter_declaration" || c.type === "optional_parameter_declaration");
  const type = param?.childForFieldName("type");
  return type ? exprText(type, ctx) : "";
}

/** try → body, then an `if` chain over the handlers (as the Python front-end does). */
function tryStatement(stmt: TsNode, ctx: BuildContext, depth: number): Node[] {
  const out: Node[] = [...buildBlock(bodyStatements(stmt.childForFieldName("body")), ctx, depth).stmts];
  const handlers = stmt.namedChildren.filter((c) => c.type === "catch_clause");
  const word = ctx.texts.exceptionWord;
  let root: Node | undefined;
  let current: Extract<Node, { kind: "if" }> | undefined;
  let level = depth;
  for (const handler of handlers) {
    const type = catchType(handler, ctx);
    const node = at(ctx, handler, { kind: "if", cond: type ? `${word} ${type}` : word, then: emptyBlock() }) as Extract<
      Node,
      { kind: "if" }
    >;
    node.then = buildBlock(bodyStatements(handler.childForFieldName("body")), ctx, level + 1);
    if (current) current.else = { stmts: [node] };
    else root = node;
    current = node;
    level++;
  }
  if (current) current.else = emptyBlock();
  if (root) out.push(root);
  return out;
}

/**
 * A "function definition" inside a body is a macro with a block the parser misread
 * (`BLOCK(x) { … }` → type `BLOCK`, declarator `(x)`): a loop when the macro is a loop macro,
 * else a process followed by the block's statements.
 */
function macroBlock(stmt: TsNode, ctx: BuildContext, depth: number): Node[] {
  const type = stmt.childForFieldName("type");
  const declarator = stmt.childForFieldName("declarator");
  const head = `${type ? exprText(type, ctx) : ""}${declarator ? exprText(declarator, ctx) : ""}`.replace(/\s+\(/, "(");
  const body = bodyStatements(stmt.childForFieldName("body"));
  const name = type?.text ?? (declarator?.type === "function_declarator" ? declarator.childForFieldName("declarator")?.text : "");
  const macro = ctx.macros.get(name ?? "") ?? "";
  const kind = /^for\s*\(/.test(macro) ? "for" : /^while\s*\(/.test(macro) ? "while" : undefined;
  if (kind) {
    const loop = at(ctx, stmt, { kind, cond: head, body: emptyBlock() });
    ctx.frames.push({ kind: "loop" });
    try {
      loop.body = buildBlock(body, ctx, depth + 1);
    } finally {
      ctx.frames.pop();
    }
    return [loop];
  }
  return [at(ctx, stmt, { kind: "process", text: head }), ...buildBlock(body, ctx, depth + 1).stmts];
}

function labelName(stmt: TsNode): string {
  return stmt.childForFieldName("label")?.text ?? "";
}

/** Nodes for one statement at nesting depth `depth`. */
const cTernary = fieldTernary("conditional_expression");
const C_MARKS = ["?"];

/** The symbols of one statement; a ternary deciding its value becomes a decision (ternary.ts). */
export function statementNodes(stmt: TsNode, ctx: BuildContext, depth: number): Node[] {
  const nodes = plainStatementNodes(stmt, ctx, depth);
  const make = <T extends Node>(n: T): T => at(ctx, stmt, n);
  return shortReturns(decideTernary(stmt, nodes, { marks: C_MARKS, parts: cTernary, text: (n) => exprText(n, ctx), cond: (n) => condText(n, ctx) }, make), ctx, make);
}

function plainStatementNodes(stmt: TsNode, ctx: BuildContext, depth: number): Node[] {
  if (SILENT.has(stmt.type) || stmt.type.startsWith("preproc_")) return [];
  switch (stmt.type) {
    case "compound_statement":
      return buildBlock(flatten(stmt.namedChildren), ctx, depth + 1).stmts;
    case "expression_statement": {
      const node = expressionStatement(stmt, ctx);
      return node ? [node] : [];
    }
    case "declaration": {
      const node = declaration(stmt, ctx);
      return node ? [node] : [];
    }
    case "return_statement":
    case "co_return_statement":
      return returnStatement(stmt, ctx);
    case "throw_statement":
      return [throwStatement(stmt, ctx)];
    case "break_statement":
      return breakNodes(stmt, ctx);
    case "continue_statement":
      return continueNodes(stmt, ctx);
    case "goto_statement":
      return [at(ctx, stmt, { kind: "connector", text: labelName(stmt), jump: true })];
    case "labeled_statement": {
      const label = at(ctx, stmt, { kind: "connector", text: labelName(stmt) });
      const inner = stmt.namedChildren.filter((c) => c.field !== "label" && c.type !== "comment");
      return [label, ...buildBlock(flatten(inner), ctx, depth).stmts];
    }
    case "if_statement":
      return [ifStatement(stmt, ctx, depth)];
    case "while_statement":
      return [whileStatement(stmt, ctx, depth, buildBlock)];
    case "do_statement":
      return [doStatement(stmt, ctx, depth, buildBlock)];
    case "for_statement":
      return forStatement(stmt, ctx, depth, buildBlock, declaration);
    case "for_range_loop":
      return [rangeFor(stmt, ctx, depth, buildBlock)];
    case "switch_statement":
      return switchStatement(stmt, ctx, depth, buildBlock);
    case "try_statement":
      return tryStatement(stmt, ctx, depth);
    case "function_definition":
      return macroBlock(stmt, ctx, depth);
    default:
      // Anything unknown: a process with the normalised source text.
      return [at(ctx, stmt, { kind: "process", text: exprText(stmt, ctx) })];
  }
}

/** A chart block from statements sitting at nesting depth `depth` (top level of a chart = 1). */
export const buildBlock: BlockBuilder = (stmts, ctx, depth): Block => {
  if (stmts.length > 0) checkDepth(depth);
  const out: Node[] = [];
  for (let i = 0; i < stmts.length; i++) {
    const stmt = stmts[i]!;
    const macro = macroStatementCall(stmt, ctx.macros);
    if (macro) {
      // `FOR(i, n) { … }`: a loop macro followed by its body.
      const next = stmts[i + 1];
      const kind = macroLoopKind(macro, ctx.macros);
      if (kind && next) {
        const loop = at(ctx, stmt, { kind, cond: exprText(macro, ctx), body: emptyBlock() });
        ctx.frames.push({ kind: "loop" });
        try {
          loop.body = buildBlock(bodyStatements(next), ctx, depth + 1);
        } finally {
          ctx.frames.pop();
        }
        out.push(loop);
        i++;
        continue;
      }
      out.push(at(ctx, stmt, { kind: "process", text: exprText(macro, ctx) }));
      continue;
    }
    out.push(...statementNodes(stmt, ctx, depth));
  }
  return { stmts: out };
};
