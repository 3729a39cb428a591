/**
 * Java / C# / JavaScript / TypeScript / Go / PHP statements → chart nodes: the dispatcher, the
 * block builder (with the depth guard), jumps (break / continue / goto) and labels.
 */
import type { Node } from "../../tree/schema.ts";
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";
import { csharpSwitchArms, decideTernary, fieldTernary, javaSwitchArms, type TernaryLanguage } from "../ternary.ts";
import { shortReturns } from "../chart-context.ts";
import { assertStatement, headedStatement, ifStatement, switchStatement, tryStatement } from "./compound.ts";
import { unreadStatement } from "../recovery.ts";
import { errorText } from "../exceptions.ts";
import { withCheckedInput } from "../checked-input.ts";
import { checkedInput } from "./checked-input.ts";
import { at, BLOCK_TYPES, blockStatements, checkDepth, COMMENT_TYPES, CURLY_SHAPES, named, type BlockBuilder, type BuildContext, type CurlyLang, type JumpFrame } from "./context.ts";
import { doStatement, forStatement, foreachStatement, whileStatement } from "./loops.ts";
import { declaration, echoStatement, expressionNode, expressionStatement, goAssignment, goDeclaration, returnStatement } from "./simple.ts";
import { exprText } from "./text.ts";

/** Statements that never produce a symbol. */
const SILENT = new Set([
  "empty_statement", "local_class_declaration", "class_declaration", "interface_declaration",
  "enum_declaration", "record_declaration", "local_function_statement", "struct_declaration",
  "using_directive", "import_declaration", "package_declaration", "method_declaration",
  "field_declaration",
  // JavaScript / TypeScript: named functions are charts of their own (javascript/index.ts).
  "function_declaration", "generator_function_declaration", "import_statement", "type_alias_declaration",
  "abstract_class_declaration", "ambient_declaration", "module", "internal_module",
  // Go
  "type_declaration", "package_clause",
  // PHP
  "function_definition", "namespace_definition", "namespace_use_declaration", "trait_declaration",
  "global_declaration", "const_declaration_list", "declare_statement",
]);

/** A chart block from statements sitting at nesting depth `depth` (top level of a chart = 1). */
export const buildBlock: BlockBuilder = (stmts, ctx, depth) => {
  if (stmts.length > 0) checkDepth(depth);
  const out: Node[] = [];
  for (const stmt of stmts) out.push(...statementNodes(stmt, ctx, depth));
  return { stmts: out };
};

/** Nodes for one statement at nesting depth `depth`. */
const ternaryParts: Readonly<Record<CurlyLang, TernaryLanguage["parts"]>> = {
  java: fieldTernary("ternary_expression"),
  csharp: fieldTernary("conditional_expression"),
  javascript: fieldTernary("ternary_expression"),
  typescript: fieldTernary("ternary_expression"),
  php: fieldTernary("conditional_expression", "body"),
  go: () => undefined, // Go has no conditional expression
};
/** `c ? a : b` and switch expressions. */
const CURLY_MARKS = ["?", "switch"];

/** The symbols of one statement; a ternary deciding its value becomes a decision (ternary.ts). */
export function statementNodes(stmt: TsNode, ctx: BuildContext, depth: number, label?: string): Node[] {
  const unread = SILENT.has(stmt.type) ? undefined : unreadStatement(stmt, CURLY_SHAPES, ctx);
  if (unread) return [at(ctx, stmt, unread)];
  return decided(stmt, plainStatementNodes(stmt, ctx, depth, label), ctx);
}

/** A statement's (or an expression body's) symbols after its deciding ternary / switch expression became a branch. */
export function decided(stmt: TsNode, nodes: Node[], ctx: BuildContext): Node[] {
  const text = (n: TsNode) => exprText(n, ctx);
  const arms = (n: TsNode) => (ctx.lang === "java" ? javaSwitchArms(n, text) : ctx.lang === "csharp" ? csharpSwitchArms(n, text) : undefined);
  const make = <T extends Node>(n: T): T => at(ctx, stmt, n);
  return shortReturns(decideTernary(stmt, nodes, { marks: CURLY_MARKS, parts: ternaryParts[ctx.lang], arms, text }, make), ctx, make);
}

/** An if / while / do-while whose condition reads and checks input, redrawn around it (checked-input.ts). */
function inputChecked(stmt: TsNode, nodes: Node[], ctx: BuildContext): Node[] {
  const check = checkedInput(stmt, stmt.childForFieldName("condition"), ctx);
  return check ? withCheckedInput(nodes, check, (n) => at(ctx, stmt, n)) : nodes;
}

function plainStatementNodes(stmt: TsNode, ctx: BuildContext, depth: number, label?: string): Node[] {
  if (SILENT.has(stmt.type) || COMMENT_TYPES.has(stmt.type)) return [];
  if (BLOCK_TYPES.has(stmt.type)) {
    if (label) return labelledBlock(stmt, ctx, depth, label);
    // A bare nested block draws its statements in place (counted as a level against deep nesting).
    return buildBlock(blockStatements(stmt), ctx, depth + 1).stmts;
  }
  switch (stmt.type) {
    case "local_variable_declaration":
    case "lexical_declaration": // JavaScript `let` / `const`
    case "variable_declaration": // JavaScript `var`
      return declaration(stmt, stmt, ctx);
    case "short_var_declaration": // Go `a, b := …`
    case "var_declaration":
    case "const_declaration":
      return goDeclaration(stmt, ctx);
    case "assignment_statement":
    case "inc_statement":
    case "dec_statement":
      return goAssignment(stmt, ctx);
    case "echo_statement": // PHP
      return [echoStatement(stmt, ctx)];
    case "unset_statement":
      return [at(ctx, stmt, { kind: "process", text: exprText(stmt, ctx) })];
    case "fallthrough_statement": // Go: drawn by its switch (compound.ts)
      return [];
    case "defer_statement": // Go: the call (go/index.ts places a function's own defers at its end)
    case "go_statement": {
      const call = named(stmt)[0];
      const node = call ? expressionNode(stmt, call, ctx) : null;
      return node ? [node] : [];
    }
    case "exit_statement": // PHP `exit;` / `exit(1);`
      return [at(ctx, stmt, { kind: "terminal", text: ctx.texts.endText })];
    case "local_declaration_statement": {
      const decl = named(stmt).find((c) => c.type === "variable_declaration");
      return decl ? declaration(stmt, decl, ctx) : [at(ctx, stmt, { kind: "process", text: exprText(stmt, ctx) })];
    }
    case "expression_statement": {
      const node = expressionStatement(stmt, ctx);
      return node ? [node] : [];
    }
    case "return_statement":
      return returnStatement(stmt, ctx);
    case "throw_statement": {
      const value = named(stmt)[0];
      return [at(ctx, stmt, { kind: "terminal", text: errorText(value ? exprText(value, ctx) : "", ctx.texts) })];
    }
    case "break_statement":
      return breakStatement(stmt, ctx);
    case "continue_statement":
      return continueStatement(stmt, ctx, depth);
    case "goto_statement":
      return gotoStatement(stmt, ctx);
    case "labeled_statement":
      return labeledStatement(stmt, ctx, depth);
    case "if_statement":
      return [...initializer(stmt, ctx, depth), ...inputChecked(stmt, [ifStatement(stmt, ctx, depth, buildBlock)], ctx)];
    case "while_statement":
      return inputChecked(stmt, whileStatement(stmt, ctx, depth, buildBlock, label), ctx);
    case "do_statement":
      return inputChecked(stmt, doStatement(stmt, ctx, depth, buildBlock, label), ctx);
    case "for_statement":
      return forStatement(stmt, ctx, depth, buildBlock, label);
    case "enhanced_for_statement":
    case "foreach_statement":
    case "for_in_statement": // JavaScript for…of / for…in
      return foreachStatement(stmt, ctx, depth, buildBlock, label);
    case "switch_expression":
    case "switch_statement":
    case "expression_switch_statement": // Go
    case "type_switch_statement":
    case "select_statement":
      return [...initializer(stmt, ctx, depth), ...switchStatement(stmt, ctx, depth, buildBlock, label)];
    case "try_statement":
    case "try_with_resources_statement":
      return tryStatement(stmt, ctx, depth, buildBlock);
    case "assert_statement":
      return [assertStatement(stmt, ctx)];
    case "synchronized_statement":
    case "using_statement":
    case "lock_statement":
    case "checked_statement":
    case "unsafe_statement":
    case "fixed_statement":
      return headedStatement(stmt, ctx, depth, buildBlock);
    default:
      // yield, explicit constructor calls, anything unknown: a process with the text.
      return [at(ctx, stmt, { kind: "process", text: exprText(stmt, ctx) })];
  }
}

/** Go's `if v, err := f(); err != nil` / `switch x := f(); x {`: the statement before the decision. */
function initializer(stmt: TsNode, ctx: BuildContext, depth: number): Node[] {
  const init = stmt.childForFieldName("initializer");
  return init ? statementNodes(init, ctx, depth) : [];
}

/** `label: { … break label; … }` → the block, then the label's connector when a jump used it. */
function labelledBlock(stmt: TsNode, ctx: BuildContext, depth: number, label: string): Node[] {
  const frame: JumpFrame = { kind: "block", label };
  ctx.frames.push(frame);
  let stmts: Node[];
  try {
    stmts = buildBlock(named(stmt), ctx, depth + 1).stmts;
  } finally {
    ctx.frames.pop();
  }
  if (frame.breakTarget) stmts.push(at(ctx, stmt, { kind: "connector", text: frame.breakTarget }));
  return stmts;
}

function labeledStatement(stmt: TsNode, ctx: BuildContext, depth: number): Node[] {
  const parts = named(stmt);
  const name = stmt.childForFieldName("label") ?? parts.find((c) => c.type === "identifier");
  const inner = parts.find((c) => c !== name);
  if (ctx.lang === "csharp") {
    // `L: stmt` → goto label connector, then the statement.
    const out: Node[] = [];
    if (name) out.push(at(ctx, stmt, { kind: "connector", text: name.text }));
    if (inner) out.push(...statementNodes(inner, ctx, depth));
    return out;
  }
  if (!inner) return [];
  return statementNodes(inner, ctx, depth, name?.text);
}

/** The innermost frame of one of `kinds`. */
function innermost(ctx: BuildContext, kinds: ReadonlySet<JumpFrame["kind"]>): JumpFrame | undefined {
  for (let i = ctx.frames.length - 1; i >= 0; i--) {
    if (kinds.has(ctx.frames[i]!.kind)) return ctx.frames[i];
  }
  return undefined;
}

const BREAKABLE: ReadonlySet<JumpFrame["kind"]> = new Set(["loop", "switch"]);
const LOOPS: ReadonlySet<JumpFrame["kind"]> = new Set(["loop"]);

/** The label of `break outer;` (Java `identifier`, JavaScript `statement_identifier`, Go `label_name`; PHP's `break 2;` has none). */
function jumpLabel(stmt: TsNode): string | undefined {
  return named(stmt).find((c) => c.type === "identifier" || c.type === "statement_identifier" || c.type === "label_name")?.text;
}

function findLabel(ctx: BuildContext, label: string): JumpFrame | undefined {
  for (let i = ctx.frames.length - 1; i >= 0; i--) if (ctx.frames[i]!.label === label) return ctx.frames[i];
  return undefined;
}

/**
 * `break` → break of the innermost loop; out of a switch (not its final break) or out of an outer
 * labelled construct → a connector jump to a connector placed right after that construct.
 */
function breakStatement(stmt: TsNode, ctx: BuildContext): Node[] {
  const label = jumpLabel(stmt);
  const inner = innermost(ctx, BREAKABLE);
  const target = label ? findLabel(ctx, label) : inner;
  // A break node leaves the innermost loop (also from inside a switch case, by the tree's rules).
  if (!target || (target.kind === "loop" && target === innermost(ctx, LOOPS))) return [at(ctx, stmt, { kind: "break" })];
  target.breakTarget ??= label ?? `S${++ctx.generated}`;
  return [at(ctx, stmt, { kind: "connector", text: target.breakTarget, jump: true })];
}

/**
 * `continue` → the step statements of an expanded for (they must still run), then continue; a
 * labelled continue of an outer loop → connector jump to a connector at the end of its body.
 */
function continueStatement(stmt: TsNode, ctx: BuildContext, depth: number): Node[] {
  const label = jumpLabel(stmt);
  const inner = innermost(ctx, LOOPS);
  const target = label ? findLabel(ctx, label) : inner;
  if (!target || target === inner) {
    const out: Node[] = [];
    for (const step of target?.steps ?? []) {
      const node = expressionNode(step, step, ctx);
      if (node) out.push(node);
    }
    checkDepth(depth);
    out.push(at(ctx, stmt, { kind: "continue" }));
    return out;
  }
  target.continueTarget ??= `${label}'`;
  return [at(ctx, stmt, { kind: "connector", text: target.continueTarget, jump: true })];
}

/** C# `goto L;` → connector jump; `goto case …` / `goto default` → process (not expressible). */
function gotoStatement(stmt: TsNode, ctx: BuildContext): Node[] {
  const isCase = stmt.children.some((c) => !c.isNamed && (c.type === "case" || c.type === "default"));
  const label = named(stmt)[0];
  if (isCase || !label) return [at(ctx, stmt, { kind: "process", text: exprText(stmt, ctx) })];
  return [at(ctx, stmt, { kind: "connector", text: label.text, jump: true })];
}

