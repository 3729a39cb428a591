/**
 * Java / C# compound statements other than loops: if / else if / else, switch (classic with
 * fallthrough, Java arrow rules), try / catch / finally, assert, and statements with a header and
 * a body (synchronized, using, lock, …).
 */
import { callsAnyOf, errorText, tryNodes, type TryLanguage } from "../exceptions.ts";
import type { Block, Node, SwitchCase } from "../../tree/schema.ts";
import { nodeLoc, type SyntaxNode as TsNode } from "../tree-sitter.ts";
import { at, bodyStatements, COMMENT_TYPES, emptyBlock, named, unparen, withFrame, type BlockBuilder, type BuildContext, type JumpFrame } from "./context.ts";
import { exprText } from "./text.ts";
import { declaration } from "./simple.ts";

type IfNode = Extract<Node, { kind: "if" }>;

function condText(stmt: TsNode, ctx: BuildContext): string {
  const c = stmt.childForFieldName("condition");
  return c ? exprText(unparen(c), ctx) : "";
}

/** if / else if / else → `if`, each `else if` an `if` alone in the previous else. */
export function ifStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder): Node {
  const root = at(ctx, stmt, {
    kind: "if",
    cond: condText(stmt, ctx),
    then: build(bodyStatements(stmt.childForFieldName("consequence")), ctx, depth + 1),
  }) as IfNode;
  let current = root;
  let level = depth;
  let alt = stmt.childForFieldName("alternative");
  // Iterative along the else-if chain.
  for (let i = 0; alt && i < 100000; i++) {
    if (alt.type === "else_clause") alt = named(alt)[0] ?? null; // grammars that wrap the else branch
    if (!alt) break;
    if (alt.type !== "if_statement") {
      current.else = build(bodyStatements(alt), ctx, level + 1);
      break;
    }
    level++;
    const next = at(ctx, alt, {
      kind: "if",
      cond: condText(alt, ctx),
      then: build(bodyStatements(alt.childForFieldName("consequence")), ctx, level + 1),
    }) as IfNode;
    current.else = { stmts: [next] };
    current = next;
    alt = alt.childForFieldName("alternative");
  }
  return root;
}

interface Group {
  labels: string[];
  isDefault: boolean;
  stmts: TsNode[];
  /** Java arrow rule: never falls through. */
  arrow: boolean;
  node: TsNode;
}

/** Label parts and statements of one switch group (Java group / rule, C# section). */
function switchGroup(group: TsNode, ctx: BuildContext): Group {
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
  for (let i = 0; last && last.type === "block" && i < 1000; i++) {
    const inner = named(last);
    last = inner[inner.length - 1];
  }
  return !!last && JUMPS.has(last.type);
}

/** Remove a final unlabelled `break` (the normal end of a case). */
function withoutFinalBreak(stmts: TsNode[]): TsNode[] {
  const last = stmts[stmts.length - 1];
  if (last?.type === "break_statement" && named(last).length === 0) return stmts.slice(0, -1);
  if (last?.type === "block") {
    const inner = named(last);
    const tail = inner[inner.length - 1];
    if (tail?.type === "break_statement" && named(tail).length === 0) return [...stmts.slice(0, -1), ...inner.slice(0, -1)];
  }
  return stmts;
}

/** switch → `switch`; empty case groups merge into the next (`1, 2`); `default` → default. */
export function switchStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder, label?: string): Node[] {
  const subject = stmt.childForFieldName("condition") ?? stmt.childForFieldName("value");
  const node = at(ctx, stmt, { kind: "switch", cond: subject ? exprText(unparen(subject), ctx) : "", cases: [] as SwitchCase[] }) as Extract<Node, { kind: "switch" }>;
  const body = stmt.childForFieldName("body");
  const groups = named(body)
    .filter((c) => c.type === "switch_block_statement_group" || c.type === "switch_rule" || c.type === "switch_section")
    .map((g) => switchGroup(g, ctx));
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
  const final = fin ? build(bodyStatements(named(fin).find((c) => c.type === "block")), ctx, depth).stmts : [];
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
