/**
 * Compound statements of the curly languages other than loops: if / else if / else (PHP's
 * `elseif` clauses), switch (classic with fallthrough, Java arrow rules, Go's cases that never fall
 * through unless they end in `fallthrough`; a Go switch without a subject is the if / else-if
 * chain it means), try / catch / finally, assert, and statements with a header and a body
 * (synchronized, using, lock, …).
 */
import { callsAnyOf, errorText, tryNodes, type TryLanguage } from "../exceptions.ts";
import type { Block, Node, SwitchCase } from "../../tree/schema.ts";
import { nodeLoc, type SyntaxNode as TsNode } from "../tree-sitter.ts";
import { at, BLOCK_TYPES, bodyStatements, COMMENT_TYPES, emptyBlock, named, unparen, withFrame, type BlockBuilder, type BuildContext, type JumpFrame } from "./context.ts";
import { exprText } from "./text.ts";
import { logicalWord } from "../../text/notation.ts";
import { declaration } from "./simple.ts";

type IfNode = Extract<Node, { kind: "if" }>;

function condText(stmt: TsNode, ctx: BuildContext): string {
  const c = stmt.childForFieldName("condition");
  return c ? exprText(unparen(c), ctx) : "";
}

/** One `if` / `else if` arm: the node holding its condition, and its body. */
interface Arm {
  node: TsNode;
  cond: string;
  body: TsNode | null;
}

/** The then-branch of an if (PHP calls it `body`). */
const consequence = (stmt: TsNode): TsNode | null => stmt.childForFieldName("consequence") ?? stmt.childForFieldName("body");

/** An if's arms and its final else body, iteratively along the else-if chain (PHP: `elseif` clauses side by side). */
function ifChain(stmt: TsNode, ctx: BuildContext): { arms: Arm[]; otherwise: TsNode | null } {
  const arms: Arm[] = [{ node: stmt, cond: condText(stmt, ctx), body: consequence(stmt) }];
  let otherwise: TsNode | null = null;
  let alts = stmt.childrenForFieldName("alternative");
  for (let i = 0; alts.length > 0 && i < 100000; i++) {
    let next: readonly TsNode[] = [];
    for (let alt of alts) {
      if (alt.type === "else_if_clause") {
        arms.push({ node: alt, cond: condText(alt, ctx), body: alt.childForFieldName("body") });
        continue;
      }
      // grammars that wrap the else branch (JavaScript `else_clause`, PHP's with a `body` field)
      if (alt.type === "else_clause") alt = alt.childForFieldName("body") ?? named(alt)[0]!;
      if (!alt) break;
      if (alt.type === "if_statement" && !alt.childForFieldName("initializer")) {
        arms.push({ node: alt, cond: condText(alt, ctx), body: consequence(alt) });
        next = alt.childrenForFieldName("alternative");
      } else otherwise = alt;
    }
    alts = next;
  }
  return { arms, otherwise };
}

/** if / else if / else → `if`, each `else if` an `if` alone in the previous else. */
export function ifStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder): Node {
  return ifArms(ifChain(stmt, ctx), ctx, depth, (body, level) => build(bodyStatements(body), ctx, level));
}

/** The nested ifs of an else-if chain (each `else if` an `if` alone in the previous else). */
function ifArms(chain: { arms: Arm[]; otherwise: TsNode | null }, ctx: BuildContext, depth: number, branch: (body: TsNode | null, level: number) => Block): IfNode {
  let root: IfNode | undefined;
  let current: IfNode | undefined;
  let level = depth;
  for (const arm of chain.arms) {
    const next = at(ctx, arm.node, { kind: "if", cond: arm.cond, then: branch(arm.body, level + 1) }) as IfNode;
    if (current) current.else = { stmts: [next] };
    else root = next;
    current = next;
    level++;
  }
  if (chain.otherwise && current) current.else = branch(chain.otherwise, level);
  return root!;
}

interface Group {
  labels: string[];
  isDefault: boolean;
  stmts: TsNode[];
  /** Java arrow rule: never falls through. */
  arrow: boolean;
  node: TsNode;
}

/** Switch groups of the other grammars: JavaScript `switch_case`, PHP `case_statement`, Go `expression_case` / `type_case`. */
const VALUE_CASES: ReadonlySet<string> = new Set(["switch_case", "case_statement", "expression_case", "type_case", "communication_case"]);
const DEFAULT_CASES: ReadonlySet<string> = new Set(["switch_default", "default_statement", "default_case"]);
/** Go's cases end where the next begins; only `fallthrough` goes on. */
const GO_CASES: ReadonlySet<string> = new Set(["expression_case", "type_case", "default_case", "communication_case"]);

/** A JavaScript / PHP / Go case: its values (a Go expression list each), its statements. */
function valueCase(group: TsNode, ctx: BuildContext): Group {
  const isDefault = DEFAULT_CASES.has(group.type);
  const labelNodes = isDefault ? [] : [...group.childrenForFieldName("value"), ...group.childrenForFieldName("type"), ...group.childrenForFieldName("communication")];
  const labels = labelNodes.flatMap((v) => (v.type === "expression_list" ? named(v) : [v])).map((v) => exprText(unparen(v), ctx));
  const stmts = named(group)
    .filter((c) => !labelNodes.includes(c))
    .flatMap((c) => (c.type === "statement_list" ? named(c) : [c]));
  const last = stmts[stmts.length - 1];
  const go = GO_CASES.has(group.type);
  // A Go case is an arrow rule unless it ends in `fallthrough` (an empty Go case does nothing).
  return { labels, isDefault, stmts, arrow: go && last?.type !== "fallthrough_statement", node: group };
}

/** Label parts and statements of one switch group (Java group / rule, C# section, and valueCase's). */
function switchGroup(group: TsNode, ctx: BuildContext): Group {
  if (VALUE_CASES.has(group.type) || DEFAULT_CASES.has(group.type)) return valueCase(group, ctx);
  const out: Group = { labels: [], isDefault: false, stmts: [], arrow: group.type === "switch_rule", node: group };
  const addLabel = (label: TsNode): void => {
    for (const c of label.children) {
      if (!c.isNamed && c.type === "default") out.isDefault = true;
    }
    // `case 1, 2` → two labels; a guard (`case Integer i when i > 0`) stays with its pattern.
    for (const p of named(label)) {
      if (p.type === "guard" && out.labels.length > 0) out.labels[out.labels.length - 1] += ` ${exprText(p, ctx)}`;
      else out.labels.push(exprText(p, ctx));
    }
  };
  let inLabel = false;
  let labelParts: TsNode[] = [];
  const flush = (): void => {
    if (labelParts.length > 0) out.labels.push(labelParts.map((p) => exprText(p, ctx)).join(" "));
    labelParts = [];
  };
  for (const c of group.children) {
    if (COMMENT_TYPES.has(c.type)) continue;
    if (c.type === "switch_label") {
      addLabel(c);
      continue;
    }
    if (!c.isNamed) {
      if (c.type === "case") inLabel = true;
      else if (c.type === "default") {
        out.isDefault = true;
        inLabel = false;
      } else if (c.type === ":" && inLabel) {
        flush();
        inLabel = false;
      } else if (c.type === "," && inLabel) flush();
      continue;
    }
    if (inLabel) labelParts.push(c);
    else if (out.arrow && c.type === "block") out.stmts.push(...named(c));
    else out.stmts.push(c);
  }
  flush();
  return out;
}

const JUMPS = new Set(["break_statement", "return_statement", "throw_statement", "continue_statement", "goto_statement", "yield_statement"]);

/** Does a statement list end in a jump (so its case does not fall into the next one)? */
function endsInJump(stmts: TsNode[]): boolean {
  let last = stmts[stmts.length - 1];
  for (let i = 0; last && BLOCK_TYPES.has(last.type) && i < 1000; i++) {
    const inner = named(last);
    last = inner[inner.length - 1];
  }
  return !!last && JUMPS.has(last.type);
}

/** Remove a final unlabelled `break` (the normal end of a case). */
function withoutFinalBreak(stmts: TsNode[]): TsNode[] {
  const last = stmts[stmts.length - 1];
  if (last?.type === "break_statement" && named(last).length === 0) return stmts.slice(0, -1);
  if (last && BLOCK_TYPES.has(last.type)) {
    const inner = named(last);
    const tail = inner[inner.length - 1];
    if (tail?.type === "break_statement" && named(tail).length === 0) return [...stmts.slice(0, -1), ...inner.slice(0, -1)];
  }
  return stmts;
}

const GROUP_TYPES: ReadonlySet<string> = new Set(["switch_block_statement_group", "switch_rule", "switch_section", ...VALUE_CASES, ...DEFAULT_CASES]);

/** Go `switch { case c1: … case c2: … default: … }`: the if / else-if chain it is. */
function conditionSwitch(stmt: TsNode, groups: Group[], ctx: BuildContext, depth: number, build: BlockBuilder, frame: JumpFrame): Node {
  const cases = groups.filter((g) => !g.isDefault);
  const fallback = groups.find((g) => g.isDefault);
  const bodies = new Map<TsNode, TsNode[]>(groups.map((g) => [g.node, g.stmts]));
  const arms: Arm[] = cases.map((g) => ({ node: g.node, cond: g.labels.join(` ${logicalWord("||", ctx.locale)} `), body: g.node }));
  if (arms.length === 0) return at(ctx, stmt, { kind: "if", cond: "", then: build(fallback?.stmts ?? [], ctx, depth + 1) }) as IfNode;
  return withFrame(ctx, frame, () =>
    ifArms({ arms, otherwise: fallback?.node ?? null }, ctx, depth, (body, level) => build(body ? (bodies.get(body) ?? []) : [], ctx, level)),
  );
}

/** switch → `switch`; empty case groups merge into the next (`1, 2`); `default` → default. */
export function switchStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder, label?: string): Node[] {
  const subject = stmt.childForFieldName("condition") ?? stmt.childForFieldName("value");
  // Go: a switch without a subject switches on `true`; `select` on which channel operation can go on.
  const cond = subject ? exprText(unparen(subject), ctx) : stmt.type === "expression_switch_statement" ? "true" : stmt.type === "select_statement" ? "select" : "";
  const node = at(ctx, stmt, { kind: "switch", cond, cases: [] as SwitchCase[] }) as Extract<Node, { kind: "switch" }>;
  // Go's cases sit in the statement itself.
  const body = stmt.childForFieldName("body") ?? stmt;
  const groups = named(body)
    .filter((c) => GROUP_TYPES.has(c.type))
    .map((g) => switchGroup(g, ctx));
  // Without fallthrough a Go switch without a subject is an if / else-if chain; with it, a switch on `true`.
  if (!subject && stmt.type === "expression_switch_statement" && groups.every((g) => g.arrow)) {
    const frame: JumpFrame = { kind: "switch", label };
    const chain = conditionSwitch(stmt, groups, ctx, depth, build, frame);
    return frame.breakTarget ? [chain, at(ctx, stmt, { kind: "connector", text: frame.breakTarget })] : [chain];
  }
  // Merge label-only groups into the next group.
  const merged: Group[] = [];
  let pending: Group | null = null;
  for (const g of groups) {
    if (pending) {
      g.labels = [...pending.labels, ...g.labels];
      g.isDefault ||= pending.isDefault;
      g.node = pending.node;
      pending = null;
    }
    if (g.stmts.length === 0 && !g.arrow) pending = g;
    else merged.push(g);
  }
  if (pending) merged.push(pending);
  const frame: JumpFrame = { kind: "switch", label };
  withFrame(ctx, frame, () => {
    merged.forEach((g, i) => {
      const falls = !g.arrow && i < merged.length - 1 && !endsInJump(g.stmts);
      const block: Block = build(withoutFinalBreak(g.stmts), ctx, depth + 1);
      if (g.isDefault) {
        node.default = block;
        return;
      }
      const c: SwitchCase = { label: g.labels.join(", "), body: block, loc: nodeLoc(g.node) };
      // The default column is drawn last: a case can fall into it only when it is the last group.
      if (falls && (!merged[i + 1]!.isDefault || i + 1 === merged.length - 1)) c.fallthrough = true;
      node.cases.push(c);
    });
  });
  return frame.breakTarget ? [node, at(ctx, stmt, { kind: "connector", text: frame.breakTarget })] : [node];
}

/** Exception types of a catch clause: `IOException, X` (Java multi-catch), or "" for a bare catch. */
function exceptionTypes(clause: TsNode, ctx: BuildContext): string[] {
  const param = named(clause).find((c) => c.type === "catch_formal_parameter" || c.type === "catch_declaration");
  // C# exception filter `when (cond)` is kept with the type.
  const filter = named(clause).find((c) => c.type === "catch_filter_clause");
  const when = filter ? ` ${exprText(filter, ctx)}` : "";
  const javaTypes = param ? named(param).find((c) => c.type === "catch_type") : undefined;
  if (javaTypes) return named(javaTypes).map((t) => exprText(t, ctx));
  // PHP `catch (A | B $e)`; a JavaScript catch names no type (it catches everything).
  const phpTypes = clause.childForFieldName("type");
  if (phpTypes?.type === "type_list") return named(phpTypes).map((t) => exprText(t, ctx));
  const type = param?.childForFieldName("type");
  return type ? [exprText(type, ctx) + when] : when ? [when.trim()] : [];
}

const CURLY_TRY: Omit<TryLanguage, "callsOwn"> = { comments: /\/\/.*$|\/\*[\s\S]*?\*\//gm, typedReads: false };

/** A try-with-resources resource: `Type name = value` like a declaration. */
function resourceNode(res: TsNode, ctx: BuildContext): Node {
  const value = res.type === "resource" ? res.childForFieldName("value") : null;
  if (!value) return at(ctx, res, { kind: "process", text: exprText(res, ctx) });
  const type = res.childForFieldName("type");
  const name = res.childForFieldName("name");
  const typeText = type && !ctx.stripTypes ? `${exprText(type, ctx)} ` : "";
  return at(ctx, res, { kind: "process", text: `${typeText}${name ? exprText(name, ctx) : ""} := ${exprText(value, ctx)}` });
}

/**
 * try → a decision at the statement that can fail — the resources (a file opened there) count
 * first — with the handler on its failing branch (exceptions.ts), then the finally body.
 */
export function tryStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder): Node[] {
  const inner = depth + 1;
  const resources = named(stmt.childForFieldName("resources")).map((res) => ({ nodes: [resourceNode(res, ctx)], source: res.text }));
  const body = bodyStatements(stmt.childForFieldName("body")).map((s) => ({ nodes: build([s], ctx, inner).stmts, source: s.text }));
  const steps = [...resources, ...body];
  const handlers = named(stmt)
    .filter((c) => c.type === "catch_clause")
    .map((h) => ({ types: exceptionTypes(h, ctx), body: build(bodyStatements(h.childForFieldName("body")), ctx, inner).stmts }));
  const fin = named(stmt).find((c) => c.type === "finally_clause");
  const final = fin ? build(bodyStatements(named(fin).find((c) => BLOCK_TYPES.has(c.type))), ctx, depth).stmts : [];
  const lang = { ...CURLY_TRY, callsOwn: callsAnyOf(ctx.methods) };
  const decision = (cond: string) => at(ctx, stmt, { kind: "if", cond, then: emptyBlock() }) as IfNode;
  return tryNodes(steps, handlers, [], final, ctx.texts, lang, decision);
}

/** Java `assert c : msg;` → if c then nothing else the terminator `Помилка: msg` (as a throw, exceptions.ts). */
export function assertStatement(stmt: TsNode, ctx: BuildContext): Node {
  const [cond, msg] = named(stmt);
  const node = at(ctx, stmt, { kind: "if", cond: cond ? exprText(unparen(cond), ctx) : "", then: emptyBlock() }) as IfNode;
  const raise = at(ctx, stmt, {
    kind: "terminal",
    text: errorText(msg ? `AssertionError(${exprText(msg, ctx)})` : "AssertionError", ctx.texts),
  });
  node.else = { stmts: [raise] };
  return node;
}

/** `synchronized (x) {…}`, `using (var r = …) {…}`, `lock (o) {…}` … → process header, then the body. */
export function headedStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder): Node[] {
  const body = stmt.childForFieldName("body") ?? named(stmt).filter((c) => c.type === "block").pop() ?? null;
  const keyword = stmt.children[0]?.text ?? "";
  const headParts = named(stmt).filter((c) => c !== body);
  const out: Node[] = [];
  const decl = headParts.find((c) => c.type === "variable_declaration");
  if (decl && keyword === "using") out.push(...declaration(stmt, decl, ctx));
  else {
    // `checked { … }` / `unsafe { … }` have no header worth a symbol: just the body.
    const head = headParts.map((p) => exprText(unparen(p), ctx)).join(" ");
    if (head) out.push(at(ctx, stmt, { kind: "process", text: `${keyword} (${head})` }));
  }
  out.push(...build(bodyStatements(body), ctx, depth).stmts);
  return out;
}
