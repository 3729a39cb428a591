/**
 * `switch` → a `switch` node: one case per label group (`case 1: case 2:` → `1, 2`), `default`
 * → default. A case ending in `break` drops it; a case that ends in return/goto/continue/throw
 * does not fall through; any other case falls into the next (`fallthrough: true`). A `break`
 * that leaves the switch from deeper inside a case (e.g. from an `if`) becomes a connector jump
 * (`S1`, `S2`, … per chart) whose pair is put right after the switch (drawing rules C13).
 * Statements after a case-level `break` are unreachable and dropped.
 */
import type { Block, Node, SwitchCase } from "../../tree/schema.ts";
import { nodeLoc, type SyntaxNode as TsNode } from "../tree-sitter.ts";
import { flatten } from "./blocks.ts";
import { at, type BlockBuilder, type BuildContext, type Frame } from "./context.ts";
import { condText, exprText } from "./text.ts";

interface Group {
  labels: string[];
  isDefault: boolean;
  stmts: TsNode[];
  loc: TsNode;
}

const ENDS_FLOW = new Set(["return_statement", "goto_statement", "continue_statement", "throw_statement", "co_return_statement"]);

function caseStatements(clause: TsNode): TsNode[] {
  const value = clause.childForFieldName("value");
  let stmts = flatten(clause.namedChildren.filter((c) => c !== value));
  // `case 1: { …; break; }` → the braces' statements.
  if (stmts.length === 1 && stmts[0]!.type === "compound_statement") stmts = flatten(stmts[0]!.namedChildren);
  return stmts;
}

export function switchStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder): Node[] {
  const node = at(ctx, stmt, {
    kind: "switch",
    // The value switched on, not a truth value.
    cond: condText(stmt.childForFieldName("condition"), ctx, false),
    cases: [] as SwitchCase[],
  }) as Extract<Node, { kind: "switch" }>;
  const body = stmt.childForFieldName("body");
  const clauses = (body?.namedChildren ?? []).filter((c) => c.type === "case_statement");

  const groups: Group[] = [];
  let pending: Group | null = null;
  for (const clause of clauses) {
    const value = clause.childForFieldName("value");
    const group: Group = pending ?? { labels: [], isDefault: false, stmts: [], loc: clause };
    if (value) group.labels.push(exprText(value, ctx));
    else group.isDefault = true;
    const stmts = caseStatements(clause);
    if (stmts.length === 0) {
      pending = group;
      continue;
    }
    group.stmts = stmts;
    groups.push(group);
    pending = null;
  }
  if (pending) groups.push(pending);

  const frame: Frame = { kind: "switch" };
  ctx.frames.push(frame);
  try {
    groups.forEach((group, index) => {
      let stmts = group.stmts;
      const cut = stmts.findIndex((s) => s.type === "break_statement");
      let ends = false;
      if (cut >= 0) {
        stmts = stmts.slice(0, cut);
        ends = true;
      } else {
        const last = stmts[stmts.length - 1];
        ends = !!last && ENDS_FLOW.has(last.type);
      }
      const block: Block = build(stmts, ctx, depth + 1);
      if (group.isDefault) {
        node.default = block;
        return;
      }
      const next = groups[index + 1];
      const entry: SwitchCase = { label: group.labels.join(", "), body: block, loc: nodeLoc(group.loc) };
      // Falling into `default` cannot be drawn (default takes no fallthrough): it is left out.
      if (!ends && next && !next.isDefault) entry.fallthrough = true;
      node.cases.push(entry);
    });
  } finally {
    ctx.frames.pop();
  }
  const out: Node[] = [node];
  if (frame.exitLabel) out.push(at(ctx, stmt, { kind: "connector", text: frame.exitLabel }));
  return out;
}

/** A `break`: a loop break, or a jump to the exit connector of the innermost switch. */
export function breakNodes(stmt: TsNode, ctx: BuildContext): Node[] {
  const frame = ctx.frames[ctx.frames.length - 1];
  if (frame?.kind === "switch") {
    frame.exitLabel ??= `S${++ctx.labels}`;
    return [at(ctx, stmt, { kind: "connector", text: frame.exitLabel, jump: true })];
  }
  return [at(ctx, stmt, { kind: "break" })];
}
