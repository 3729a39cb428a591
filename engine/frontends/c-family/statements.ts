/** C/C++ statements → chart nodes: the dispatcher, the block builder, if/else, try/catch, goto. */
import type { Block, Node } from "../../tree/schema.ts";
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";
import { decideTernary, fieldTernary } from "../ternary.ts";
import { shortReturns } from "../chart-context.ts";
import { bodyStatements, flatten } from "./blocks.ts";
import { at, checkDepth, C_SHAPES, emptyBlock, type BlockBuilder, type BuildContext } from "./context.ts";
import { unreadStatement } from "../recovery.ts";
import { macroStatementCall } from "./macros.ts";
import { continueNodes, doStatement, forStatement, rangeFor, whileStatement } from "./loops.ts";
import { declaration, expressionStatement, returnStatement, throwStatement } from "./simple.ts";
import { breakNodes, switchStatement } from "./switch.ts";
import { condText, exprText } from "./text.ts";
import { callsAnyOf, tryNodes, type TryLanguage } from "../exceptions.ts";
import { withCheckedInput } from "../checked-input.ts";
import { checkedInput, countedRead } from "./checked-input.ts";

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

const C_TRY: Omit<TryLanguage, "callsOwn"> = { comments: /\/\/.*$|\/\*[\s\S]*?\*\//gm, typedReads: false };

/** try/catch → a decision at the statement that can fail, the handler on its failing branch (exceptions.ts). */
function tryStatement(stmt: TsNode, ctx: BuildContext, depth: number): Node[] {
  const inner = depth + 1;
  const steps = bodyStatements(stmt.childForFieldName("body")).map((s) => ({ nodes: buildBlock([s], ctx, inner).stmts, source: s.text }));
  const handlers = stmt.namedChildren.filter((c) => c.type === "catch_clause").map((h) => {
    const type = catchType(h, ctx);
    return { types: type ? [type] : [], body: buildBlock(bodyStatements(h.childForFieldName("body")), ctx, inner).stmts };
  });
  const lang = { ...C_TRY, callsOwn: callsAnyOf(ctx.functions) };
  const decision = (cond: string) => at(ctx, stmt, { kind: "if", cond, then: emptyBlock() }) as Extract<Node, { kind: "if" }>;
  return tryNodes(steps, handlers, [], [], ctx.texts, lang, decision);
}

/**
 * A "function definition" inside a body is a macro with a block the parser misread
 * (`BLOCK(x) { … }` → type `BLOCK`, declarator `(x)`): a predefined process with the macro's
 * text, followed by the block's statements.
 */
function macroBlock(stmt: TsNode, ctx: BuildContext, depth: number): Node[] {
  const type = stmt.childForFieldName("type");
  const declarator = stmt.childForFieldName("declarator");
  const head = `${type ? exprText(type, ctx) : ""}${declarator ? exprText(declarator, ctx) : ""}`.replace(/\s+\(/, "(");
  const body = bodyStatements(stmt.childForFieldName("body"));
  return [at(ctx, stmt, { kind: "call", text: head }), ...buildBlock(body, ctx, depth + 1).stmts];
}

function labelName(stmt: TsNode): string {
  return stmt.childForFieldName("label")?.text ?? "";
}

/** Nodes for one statement at nesting depth `depth`. */
const cTernary = fieldTernary("conditional_expression");
const C_MARKS = ["?"];

/** The symbols of one statement; a ternary deciding its value becomes a decision (ternary.ts). */
export function statementNodes(stmt: TsNode, ctx: BuildContext, depth: number): Node[] {
  const unread = SILENT.has(stmt.type) ? undefined : unreadStatement(stmt, C_SHAPES, ctx);
  if (unread) return [at(ctx, stmt, unread)];
  const nodes = plainStatementNodes(stmt, ctx, depth);
  const make = <T extends Node>(n: T): T => at(ctx, stmt, n);
  return shortReturns(decideTernary(stmt, nodes, { marks: C_MARKS, parts: cTernary, text: (n) => exprText(n, ctx), cond: (n) => condText(n, ctx) }, make), ctx, make);
}

/** An if / while / do-while whose condition reads and checks input, redrawn around it (checked-input.ts). */
function inputChecked(stmt: TsNode, nodes: Node[], ctx: BuildContext): Node[] {
  const check = checkedInput(stmt, stmt.childForFieldName("condition"), ctx);
  return check ? withCheckedInput(nodes, check, (n) => at(ctx, stmt, n)) : nodes;
}

function plainStatementNodes(stmt: TsNode, ctx: BuildContext, depth: number): Node[] {
  if (SILENT.has(stmt.type) || stmt.type.startsWith("preproc_")) return [];
  switch (stmt.type) {
    case "compound_statement":
      return buildBlock(flatten(stmt.namedChildren), ctx, depth + 1).stmts;
    case "expression_statement": {
      const expr = stmt.namedChildren.find((c) => c.type !== "comment");
      const counted = expr ? countedRead(stmt, expr, ctx) : undefined;
      if (counted) return counted;
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
      return inputChecked(stmt, [ifStatement(stmt, ctx, depth)], ctx);
    case "while_statement":
      return inputChecked(stmt, [whileStatement(stmt, ctx, depth, buildBlock)], ctx);
    case "do_statement":
      return inputChecked(stmt, [doStatement(stmt, ctx, depth, buildBlock)], ctx);
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
  for (const stmt of stmts) {
    const macro = macroStatementCall(stmt, ctx.macros);
    if (macro) {
      out.push(at(ctx, stmt, { kind: "call", text: exprText(macro, ctx) }));
      continue;
    }
    out.push(...statementNodes(stmt, ctx, depth));
  }
  return { stmts: out };
};
