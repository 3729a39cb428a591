/**
 * Validation of the `native` chart tree (interface.md §2.9, §7, §8): the raw JSON string a client
 * sends with `lang=native` becomes a typed ChartTree, or a list of errors a person can act on.
 *
 * Every error is collected, not just the first (capped at MAX_ERRORS plus a summary line). Each
 * error has the path of the offending node — `[i]` for the function index, then `.block.stmts[k]`,
 * `.then.stmts[k]`, `.else.stmts[k]`, `.body.stmts[k]`, `.cases[k].body.stmts[j]`, `.default.stmts[k]`
 * — and a message "<path>: <rule>" (just "<rule>" for the whole tree), ready to be returned as text.
 *
 * Rules beyond the schema's types:
 *  - if/for/while/dowhile/switch need a non-empty `cond`; process/io/call/terminal/connector a
 *    non-empty `text`. The input/output word of an io text is not enforced (it is configurable).
 *  - break/continue only inside a loop: the body of for/while/dowhile/infloop. A loop's `else` block
 *    (Python for/while … else) runs after the loop, so it is not inside it. A switch is NOT a loop:
 *    its cases end by themselves (`fallthrough` marks the exceptions), so a `break` node in a case
 *    is allowed only when the switch itself sits inside a loop — and then it leaves that loop.
 *  - A text, condition or case label of at most MAX_SYMBOL_TEXT characters (limits.ts).
 *  - At most TREE_LIMITS.maxNodes nodes in the whole tree (every node object of every function) and
 *    nesting depth at most TREE_LIMITS.maxDepth: the stmts of a function's block are depth 1, each
 *    nested block adds 1.
 *
 * The walk is iterative (an explicit stack) and never descends past the depth limit, so any JSON
 * the parser accepts — even 100 000 levels deep — is checked without deep recursion. Only a tree
 * that passed is handed to the (recursive) zod schema, which then always succeeds; unknown extra
 * fields are ignored (dropped).
 */
import { ChartTreeSchema, NODE_KINDS, SUBPROGRAM_KINDS, TREE_LIMITS, type ChartTree } from "./schema.ts";
import { overlongText } from "./limits.ts";

export interface NativeTreeError {
  /** Path of the offending function/node/case, e.g. `[0].block.stmts[3].then.stmts[1]`; "" = the whole tree. */
  path: string;
  /** "<path>: <rule>", e.g. `[0].block.stmts[3].then.stmts[1]: break outside a loop`. */
  message: string;
}

export type NativeTreeResult = { ok: true; tree: ChartTree } | { ok: false; errors: NativeTreeError[] };

/** At most this many errors are listed; the rest are summarised in one final error. */
export const MAX_ERRORS = 100;

const KINDS: ReadonlySet<string> = new Set(NODE_KINDS);
const ALLOWED_KINDS = NODE_KINDS.join(", ");
const COND_KINDS: ReadonlySet<string> = new Set(["if", "for", "while", "dowhile", "switch"]);
const TEXT_KINDS: ReadonlySet<string> = new Set(["process", "io", "call", "terminal", "connector"]);
const BLOCK_SHAPE = 'a block object {"stmts": [...]}';

type Obj = Record<string, unknown>;

function isObject(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function typeName(v: unknown): string {
  if (v === undefined) return "nothing";
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "object") return "an object";
  return `a ${typeof v}`;
}

function isLoc(v: unknown): boolean {
  if (!isObject(v)) return false;
  const { line, col } = v;
  return Number.isInteger(line) && (line as number) >= 1 && Number.isInteger(col) && (col as number) >= 1;
}

function show(v: unknown): string {
  const s = typeof v === "string" ? JSON.stringify(v) : String(JSON.stringify(v) ?? typeName(v));
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}

/** A node waiting on the walk's stack. */
interface Pending {
  value: unknown;
  path: string;
  depth: number;
  inLoop: boolean;
  /** Innermost enclosing construct is a switch case that is not inside a loop (better message). */
  inSwitch: boolean;
}

/** A block to look into: its stmts become Pending nodes. */
interface ChildBlock {
  stmts: unknown[];
  /** Path prefix of its statements, e.g. `[0].block.stmts[2].then.stmts`. */
  prefix: string;
  inLoop: boolean;
  inSwitch: boolean;
}

/**
 * Parses and validates a native chart tree (interface.md §2.9). Returns the typed tree, or every
 * error found.
 */
export function parseNativeTree(code: string): NativeTreeResult {
  const errors: NativeTreeError[] = [];
  let dropped = 0;
  const fail = (path: string, rule: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ path, message: path === "" ? rule : `${path}: ${rule}` });
    else dropped++;
  };

  if (typeof code !== "string") {
    fail("", `the native tree must be a JSON string, got ${typeName(code)}`);
    return { ok: false, errors };
  }
  let data: unknown;
  try {
    data = JSON.parse(code);
  } catch (e) {
    fail("", jsonErrorMessage(code, e));
    return { ok: false, errors };
  }
  if (!Array.isArray(data)) {
    fail("", `the tree must be a JSON array of functions, got ${typeName(data)}`);
    return { ok: false, errors };
  }

  let nodes = 0;
  const stack: Pending[] = [];

  /** Checks the block `v` found in field `field` of `ownerPath`; returns its stmts ([] if unusable). */
  const readBlock = (ownerPath: string, ownerWhat: string, field: string, v: unknown, required: boolean): unknown[] => {
    if (v === undefined) {
      if (required) fail(ownerPath, `${ownerWhat} without "${field}" (${BLOCK_SHAPE})`);
      return [];
    }
    if (!isObject(v)) {
      fail(ownerPath, `"${field}" must be ${BLOCK_SHAPE}, got ${typeName(v)}`);
      return [];
    }
    if (v.kind !== undefined && v.kind !== "block") {
      fail(ownerPath, `"${field}.kind" must be "block" or absent, got ${show(v.kind)}`);
    }
    if (!Array.isArray(v.stmts)) {
      fail(ownerPath, `"${field}.stmts" must be an array, got ${typeName(v.stmts)}`);
      return [];
    }
    return v.stmts;
  };

  /** Schedules the statements of the child blocks (at depth + 1) so the walk stays pre-order. */
  const descend = (depth: number, blocks: ChildBlock[]) => {
    const next: Pending[] = [];
    for (const b of blocks) {
      if (b.stmts.length === 0) continue;
      if (depth + 1 > TREE_LIMITS.maxDepth) {
        fail(`${b.prefix}[0]`, `nesting depth ${depth + 1} is above the limit of ${TREE_LIMITS.maxDepth}`);
        continue; // do not descend past the limit
      }
      for (let k = 0; k < b.stmts.length; k++) {
        next.push({
          value: b.stmts[k], path: `${b.prefix}[${k}]`, depth: depth + 1, inLoop: b.inLoop, inSwitch: b.inSwitch,
        });
      }
    }
    for (let k = next.length - 1; k >= 0; k--) stack.push(next[k]!);
  };

  for (let i = 0; i < data.length; i++) {
    const fn: unknown = data[i];
    const path = `[${i}]`;
    if (!isObject(fn)) {
      fail(path, `a function must be an object {"name", "block"}, got ${typeName(fn)}`);
      continue;
    }
    if (typeof fn.name !== "string") fail(path, `function without a string "name"`);
    if (fn.main !== undefined && typeof fn.main !== "boolean") {
      fail(path, `"main" must be a boolean, got ${typeName(fn.main)}`);
    }
    if (fn.loc !== undefined && !isLoc(fn.loc)) fail(path, `"loc" must be {"line", "col"} with positive integers`);
    if (fn.kind !== undefined && !SUBPROGRAM_KINDS.some((k) => k === fn.kind)) {
      fail(path, `"kind" of a function must be one of ${SUBPROGRAM_KINDS.join(", ")}, got ${JSON.stringify(fn.kind)}`);
    }
    if (fn.params !== undefined && !(Array.isArray(fn.params) && fn.params.every((p) => typeof p === "string"))) {
      fail(path, `"params" must be an array of strings, got ${typeName(fn.params)}`);
    }
    if (fn.title !== undefined && typeof fn.title !== "string") fail(path, `"title" must be a string, got ${typeName(fn.title)}`);
    const stmts = readBlock(path, "function", "block", fn.block, true);
    descend(0, [{ stmts, prefix: `${path}.block.stmts`, inLoop: false, inSwitch: false }]);

    while (stack.length > 0) {
      const { value: node, path: p, depth, inLoop, inSwitch } = stack.pop()!;
      if (!isObject(node)) {
        fail(p, `a node must be an object, got ${typeName(node)}`);
        continue;
      }
      nodes++;
      const kind = node.kind;
      if (node.loc !== undefined && !isLoc(node.loc)) fail(p, `"loc" must be {"line", "col"} with positive integers`);
      if (kind === undefined) {
        fail(p, `node without "kind" (allowed: ${ALLOWED_KINDS})`);
        continue;
      }
      if (typeof kind !== "string" || !KINDS.has(kind)) {
        fail(p, `unknown kind ${show(kind)} (allowed: ${ALLOWED_KINDS})`);
        continue;
      }
      const requireString = (field: "text" | "cond") => {
        const v = node[field];
        if (v !== undefined && typeof v !== "string") fail(p, `"${field}" must be a string, got ${typeName(v)}`);
        else if (v === undefined || v.trim() === "") fail(p, `${kind} without "${field}" (a non-empty string)`);
        else if (overlongText(v)) fail(p, `"${field}" is ${overlongText(v)}`);
      };
      const optionalBoolean = (field: "jump" | "until") => {
        const v = node[field];
        if (v !== undefined && typeof v !== "boolean") fail(p, `"${field}" must be a boolean, got ${typeName(v)}`);
      };
      if (TEXT_KINDS.has(kind)) requireString("text");
      if (COND_KINDS.has(kind)) requireString("cond");

      /** A child block of this node; `loop` marks a loop body. */
      const block = (field: string, loop: boolean, required: boolean): ChildBlock => ({
        stmts: readBlock(p, kind, field, node[field], required), prefix: `${p}.${field}.stmts`,
        inLoop: loop || inLoop, inSwitch: loop ? false : inSwitch,
      });
      switch (kind) {
        case "connector":
          optionalBoolean("jump");
          break;
        case "break":
        case "continue":
          if (!inLoop) {
            fail(p, inSwitch
              ? `${kind} outside a loop (a switch is not a loop: its cases end by themselves)`
              : `${kind} outside a loop`);
          }
          break;
        case "if":
          descend(depth, [block("then", false, true), block("else", false, false)]);
          break;
        case "for":
        case "while":
          descend(depth, [block("body", true, true), block("else", false, false)]);
          break;
        case "dowhile":
          optionalBoolean("until");
          descend(depth, [block("body", true, true)]);
          break;
        case "infloop":
          descend(depth, [block("body", true, true)]);
          break;
        case "switch": {
          const cases = node.cases;
          const blocks: ChildBlock[] = [];
          if (cases === undefined) {
            fail(p, `switch without "cases" (an array of {"label", "body"})`);
          } else if (!Array.isArray(cases)) {
            fail(p, `"cases" must be an array of {"label", "body"}, got ${typeName(cases)}`);
          } else {
            for (let k = 0; k < cases.length; k++) {
              const c: unknown = cases[k];
              const cp = `${p}.cases[${k}]`;
              if (!isObject(c)) {
                fail(cp, `a case must be an object {"label", "body"}, got ${typeName(c)}`);
                continue;
              }
              if (typeof c.label !== "string") fail(cp, `case without a string "label"`);
              if (c.fallthrough !== undefined && typeof c.fallthrough !== "boolean") {
                fail(cp, `"fallthrough" must be a boolean, got ${typeName(c.fallthrough)}`);
              }
              if (c.loc !== undefined && !isLoc(c.loc)) fail(cp, `"loc" must be {"line", "col"} with positive integers`);
              blocks.push({
                stmts: readBlock(cp, "case", "body", c.body, true), prefix: `${cp}.body.stmts`,
                inLoop, inSwitch: !inLoop,
              });
            }
          }
          blocks.push({ ...block("default", false, false), inSwitch: !inLoop });
          descend(depth, blocks);
          break;
        }
        default:
          break;
      }
    }
  }

  if (nodes > TREE_LIMITS.maxNodes) {
    const rule = `the tree has ${nodes} nodes, more than the limit of ${TREE_LIMITS.maxNodes}`;
    errors.unshift({ path: "", message: rule });
    if (errors.length > MAX_ERRORS) {
      errors.pop();
      dropped++;
    }
  }
  if (dropped > 0) errors.push({ path: "", message: `... and ${dropped} more error${dropped === 1 ? "" : "s"}` });
  if (errors.length > 0) return { ok: false, errors };

  // The structure is known to be valid and at most maxDepth deep: the recursive schema is safe now.
  const parsed = ChartTreeSchema.safeParse(data);
  if (parsed.success) return { ok: true, tree: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => {
      const path = formatPath(issue.path);
      const rule = `${issue.message} (internal: the validator missed this)`;
      return { path, message: path === "" ? rule : `${path}: ${rule}` };
    }),
  };
}

/** All errors as text, one per line — the body of a native-validation error response. */
export function formatNativeTreeErrors(errors: readonly NativeTreeError[]): string {
  return errors.map((e) => e.message).join("\n");
}

function formatPath(path: readonly PropertyKey[]): string {
  let s = "";
  for (const seg of path) s += typeof seg === "number" ? `[${seg}]` : `.${String(seg)}`;
  return s;
}

function jsonErrorMessage(code: string, e: unknown): string {
  if (e instanceof RangeError) return "malformed JSON: nested too deeply to parse";
  const msg = e instanceof Error ? e.message : String(e);
  const m = /position (\d+)/.exec(msg);
  if (m && !/line \d+/.test(msg)) {
    const pos = Number(m[1]);
    const before = code.slice(0, pos);
    const line = before.split("\n").length;
    const col = pos - before.lastIndexOf("\n");
    return `malformed JSON: ${msg} (line ${line}, column ${col})`;
  }
  return `malformed JSON: ${msg}`;
}
