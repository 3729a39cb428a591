/**
 * The chart tree: the engine's intermediate representation and, at the same time, the `native`
 * format of interface.md §2.9. Every front-end produces it, `lang=native` accepts it, and layout
 * reads nothing else.
 *
 * Extensions over §2.9 (all optional, so every §2.9 tree is valid as is):
 *  - `loc` on nodes and functions: source position (1-based line and column) for tracing back.
 *  - `else` on for/while loops: Python's `for … else` / `while … else` — runs when the loop ends
 *    without `break`; breaks jump past it.
 *  - `until` on dowhile: the loop repeats while `cond` is false (Pascal `repeat … until`, the Python
 *    `while True: … if c: break` idiom), so the exit is labelled "yes".
 *  - kind `switch`: a multi-way decision (match/case, switch) drawn as a bus of columns (D5);
 *    `fallthrough` on a case means its end flows into the next case's body.
 *  - `kind`, `params`, `title` on a chart (issue 20): what a subprogram is called in its caption
 *    («функції» / «процедури» / «методу»), the names of its parameters (with types only where
 *    overloads need them), and the name its caption and start terminator show when that differs
 *    from `name` (the class prefix dropped where the class is the program itself). With `params`
 *    a subprogram's chart starts with `name(params)` instead of «Початок»; without them (a §2.9
 *    tree) it is drawn as before.
 */
import { z } from "zod";

export const SourceLoc = z.object({
  line: z.number().int().min(1),
  col: z.number().int().min(1),
});
export type SourceLoc = z.infer<typeof SourceLoc>;

const loc = SourceLoc.optional();
const text = z.string();

// Recursive types are declared by hand first so zod's getters can refer to them.
export type Block = { kind?: "block"; stmts: Node[] };
export type SwitchCase = { label: string; body: Block; fallthrough?: boolean; loc?: SourceLoc };
export type Node =
  | { kind: "process"; text: string; loc?: SourceLoc }
  | { kind: "io"; text: string; loc?: SourceLoc }
  | { kind: "call"; text: string; loc?: SourceLoc }
  | { kind: "terminal"; text: string; loc?: SourceLoc }
  | { kind: "if"; cond: string; then: Block; else?: Block; loc?: SourceLoc }
  | { kind: "for"; cond: string; body: Block; else?: Block; loc?: SourceLoc }
  | { kind: "while"; cond: string; body: Block; else?: Block; loc?: SourceLoc }
  | { kind: "dowhile"; cond: string; body: Block; until?: boolean; loc?: SourceLoc }
  | { kind: "infloop"; body: Block; loc?: SourceLoc }
  | { kind: "switch"; cond: string; cases: SwitchCase[]; default?: Block; loc?: SourceLoc }
  | { kind: "break"; loc?: SourceLoc }
  | { kind: "continue"; loc?: SourceLoc }
  | { kind: "connector"; text: string; jump?: boolean; loc?: SourceLoc };

export type NodeKind = Node["kind"];
export const NODE_KINDS = [
  "process", "io", "call", "terminal", "if", "for", "while", "dowhile", "infloop", "switch",
  "break", "continue", "connector",
] as const satisfies readonly NodeKind[];

export const BlockSchema: z.ZodType<Block> = z.lazy(() =>
  z.object({ kind: z.literal("block").optional(), stmts: z.array(NodeSchema) }),
);

const SwitchCaseSchema: z.ZodType<SwitchCase> = z.lazy(() =>
  z.object({ label: text, body: BlockSchema, fallthrough: z.boolean().optional(), loc }),
);

export const NodeSchema: z.ZodType<Node> = z.lazy(() =>
  z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("process"), text, loc }),
    z.object({ kind: z.literal("io"), text, loc }),
    z.object({ kind: z.literal("call"), text, loc }),
    z.object({ kind: z.literal("terminal"), text, loc }),
    z.object({ kind: z.literal("if"), cond: text, then: BlockSchema, else: BlockSchema.optional(), loc }),
    z.object({ kind: z.literal("for"), cond: text, body: BlockSchema, else: BlockSchema.optional(), loc }),
    z.object({ kind: z.literal("while"), cond: text, body: BlockSchema, else: BlockSchema.optional(), loc }),
    z.object({ kind: z.literal("dowhile"), cond: text, body: BlockSchema, until: z.boolean().optional(), loc }),
    z.object({ kind: z.literal("infloop"), body: BlockSchema, loc }),
    z.object({
      kind: z.literal("switch"), cond: text, cases: z.array(SwitchCaseSchema),
      default: BlockSchema.optional(), loc,
    }),
    z.object({ kind: z.literal("break"), loc }),
    z.object({ kind: z.literal("continue"), loc }),
    z.object({ kind: z.literal("connector"), text, jump: z.boolean().optional(), loc }),
  ]),
);

export const SUBPROGRAM_KINDS = ["function", "procedure", "method"] as const;
export type SubprogramKind = (typeof SUBPROGRAM_KINDS)[number];

export const ChartFunctionSchema = z.object({
  name: z.string(),
  main: z.boolean().optional(),
  kind: z.enum(SUBPROGRAM_KINDS).optional(),
  params: z.array(z.string()).optional(),
  title: z.string().optional(),
  block: BlockSchema,
  loc,
});
export type ChartFunction = z.infer<typeof ChartFunctionSchema>;

export const ChartTreeSchema = z.array(ChartFunctionSchema);
export type ChartTree = ChartFunction[];

export { TREE_LIMITS } from "./limits.ts";
