import { describe, expect, test } from "bun:test";
import { NODE_KINDS, TREE_LIMITS } from "../engine/tree/schema.ts";
import { MAX_ERRORS, formatNativeTreeErrors, parseNativeTree, type NativeTreeError } from "../engine/tree/validate.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const ALLOWED = NODE_KINDS.join(", ");

/** Wraps statements into a one-function tree and returns the errors (the tree must be invalid). */
function errorsOf(tree: unknown): NativeTreeError[] {
  const r = parseNativeTree(typeof tree === "string" ? tree : JSON.stringify(tree));
  if (r.ok) throw new Error("expected errors, the tree was accepted");
  return r.errors;
}
const fn = (...stmts: unknown[]) => [{ name: "main", main: true, block: { kind: "block", stmts } }];
const one = (tree: unknown): NativeTreeError => {
  const errors = errorsOf(tree);
  expect(errors).toHaveLength(1);
  return errors[0]!;
};
const expectError = (tree: unknown, path: string, rule: string) =>
  expect(one(tree)).toEqual({ path, message: path === "" ? rule : `${path}: ${rule}` });

const P = { kind: "process", text: "x := 1" };
const loop = (...stmts: unknown[]) => ({ kind: "while", cond: "x > 0", body: { stmts } });

describe("a valid tree", () => {
  const tree = [
    {
      name: "main", main: true, loc: { line: 1, col: 1 },
      block: {
        kind: "block",
        stmts: [
          { kind: "io", text: "Ввід n", loc: { line: 2, col: 5 } },
          { kind: "process", text: "s := 0" },
          { kind: "call", text: "init(a)" },
          {
            kind: "for", cond: "i := 1, n",
            body: { stmts: [
              { kind: "if", cond: "a[i] > 0", then: { stmts: [{ kind: "continue" }] }, else: { stmts: [] } },
              { kind: "process", text: "s := s + a[i]" },
            ] },
            else: { stmts: [{ kind: "io", text: "Вивід s" }] },
          },
          { kind: "while", cond: "s > 10", body: { stmts: [{ kind: "break" }] } },
          { kind: "dowhile", cond: "s = 0", until: true, body: { stmts: [{ kind: "process", text: "s := s - 1" }] } },
          { kind: "infloop", body: { stmts: [
            {
              kind: "switch", cond: "s",
              cases: [
                { label: "1", body: { stmts: [{ kind: "break" }] }, fallthrough: false, loc: { line: 9, col: 3 } },
                { label: "2", body: { stmts: [] }, fallthrough: true },
              ],
              default: { stmts: [{ kind: "continue" }] },
            },
          ] } },
          { kind: "connector", text: "A", jump: true },
          { kind: "terminal", text: "return s" },
        ],
      },
    },
    { name: "helper", block: { stmts: [] } },
  ];

  test("every kind passes and round-trips", () => {
    const r = parseNativeTree(JSON.stringify(tree));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.tree).toEqual(tree as never);
    const kinds = new Set<string>();
    JSON.stringify(tree, (k, v) => (k === "kind" && v !== "block" && kinds.add(v), v));
    expect([...kinds].sort()).toEqual([...NODE_KINDS].sort());
  });

  test("unknown extra fields are ignored (dropped)", () => {
    const r = parseNativeTree(JSON.stringify([{ name: "f", extra: 1, block: { stmts: [{ ...P, color: "red" }] } }]));
    expect(r).toEqual({ ok: true, tree: [{ name: "f", block: { stmts: [P] } }] } as never);
  });

  test("break in a switch case inside a loop is allowed", () => {
    const sw = { kind: "switch", cond: "c", cases: [{ label: "1", body: { stmts: [{ kind: "break" }] } }] };
    expect(parseNativeTree(JSON.stringify(fn({ kind: "infloop", body: { stmts: [sw] } }))).ok).toBe(true);
  });

  test("io text is not required to start with an input/output word", () => {
    expect(parseNativeTree(JSON.stringify(fn({ kind: "io", text: "read x" }))).ok).toBe(true);
  });
});

describe("JSON and top level", () => {
  test("malformed JSON: one error with an empty path", () => {
    const errors = errorsOf('[{"name": "f",]');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.path).toBe("");
    expect(errors[0]!.message.startsWith("malformed JSON: ")).toBe(true);
  });
  test("top level not an array", () => {
    expectError({ name: "f" }, "", "the tree must be a JSON array of functions, got an object");
  });
  test("function not an object", () => {
    expectError([42], "[0]", 'a function must be an object {"name", "block"}, got a number');
  });
  test("function without a name", () => {
    expectError([{ block: { stmts: [] } }], "[0]", 'function without a string "name"');
  });
  test("function without a block", () => {
    expectError([{ name: "f" }], "[0]", 'function without "block" (a block object {"stmts": [...]})');
  });
  test("main not boolean", () => {
    expectError([{ name: "f", main: "yes", block: { stmts: [] } }], "[0]", '"main" must be a boolean, got a string');
  });
  test("block without stmts array", () => {
    expectError([{ name: "f", block: { stmts: {} } }], "[0]", '"block.stmts" must be an array, got an object');
  });
});

describe("nodes", () => {
  test("node not an object", () => {
    expectError(fn(P, "x"), "[0].block.stmts[1]", "a node must be an object, got a string");
  });
  test("unknown kind lists the allowed kinds", () => {
    expectError(fn({ kind: "loop" }), "[0].block.stmts[0]", `unknown kind "loop" (allowed: ${ALLOWED})`);
  });
  test("missing kind", () => {
    expectError(fn({ text: "x" }), "[0].block.stmts[0]", `node without "kind" (allowed: ${ALLOWED})`);
  });
  for (const kind of ["if", "while", "for", "dowhile", "switch"]) {
    test(`${kind} without cond`, () => {
      const node = { kind, then: { stmts: [] }, body: { stmts: [] }, cases: [] };
      expectError(fn(node), "[0].block.stmts[0]", `${kind} without "cond" (a non-empty string)`);
      expectError(fn({ ...node, cond: "  " }), "[0].block.stmts[0]", `${kind} without "cond" (a non-empty string)`);
    });
  }
  for (const kind of ["process", "io", "call", "terminal", "connector"]) {
    test(`${kind} without text`, () => {
      expectError(fn({ kind }), "[0].block.stmts[0]", `${kind} without "text" (a non-empty string)`);
    });
  }
  test("text / cond not a string", () => {
    expectError(fn({ kind: "process", text: 5 }), "[0].block.stmts[0]", '"text" must be a string, got a number');
    expectError(fn({ kind: "if", cond: ["x"], then: { stmts: [] } }), "[0].block.stmts[0]",
      '"cond" must be a string, got an array');
  });
  test("then / body missing or not a block object", () => {
    expectError(fn({ kind: "if", cond: "c" }), "[0].block.stmts[0]",
      'if without "then" (a block object {"stmts": [...]})');
    expectError(fn({ kind: "if", cond: "c", then: [] }), "[0].block.stmts[0]",
      '"then" must be a block object {"stmts": [...]}, got an array');
    expectError(fn({ kind: "if", cond: "c", then: { stmts: [] }, else: "no" }), "[0].block.stmts[0]",
      '"else" must be a block object {"stmts": [...]}, got a string');
    expectError(fn({ kind: "infloop", body: { stmts: null } }), "[0].block.stmts[0]",
      '"body.stmts" must be an array, got null');
    expectError(fn({ kind: "infloop", body: { kind: "blok", stmts: [] } }), "[0].block.stmts[0]",
      '"body.kind" must be "block" or absent, got "blok"');
  });
  test("jump / until / fallthrough not boolean", () => {
    expectError(fn({ kind: "connector", text: "A", jump: 1 }), "[0].block.stmts[0]", '"jump" must be a boolean, got a number');
    expectError(fn({ kind: "dowhile", cond: "c", until: "no", body: { stmts: [] } }), "[0].block.stmts[0]",
      '"until" must be a boolean, got a string');
    expectError(fn({ kind: "switch", cond: "c", cases: [{ label: "1", body: { stmts: [] }, fallthrough: "y" }] }),
      "[0].block.stmts[0].cases[0]", '"fallthrough" must be a boolean, got a string');
  });
  test("loc not {line, col} positive integers", () => {
    const rule = '"loc" must be {"line", "col"} with positive integers';
    expectError(fn({ ...P, loc: { line: 0, col: 1 } }), "[0].block.stmts[0]", rule);
    expectError(fn({ ...P, loc: { line: 1.5, col: 1 } }), "[0].block.stmts[0]", rule);
    expectError(fn({ ...P, loc: [1, 1] }), "[0].block.stmts[0]", rule);
    expectError([{ name: "f", loc: { line: 1 }, block: { stmts: [] } }], "[0]", rule);
  });
  test("switch cases not an array of {label, body}", () => {
    expectError(fn({ kind: "switch", cond: "c" }), "[0].block.stmts[0]",
      'switch without "cases" (an array of {"label", "body"})');
    expectError(fn({ kind: "switch", cond: "c", cases: {} }), "[0].block.stmts[0]",
      '"cases" must be an array of {"label", "body"}, got an object');
    expectError(fn({ kind: "switch", cond: "c", cases: [7] }), "[0].block.stmts[0].cases[0]",
      'a case must be an object {"label", "body"}, got a number');
    expectError(fn({ kind: "switch", cond: "c", cases: [{ body: { stmts: [] } }] }), "[0].block.stmts[0].cases[0]",
      'case without a string "label"');
    expectError(fn({ kind: "switch", cond: "c", cases: [{ label: "1" }] }), "[0].block.stmts[0].cases[0]",
      'case without "body" (a block object {"stmts": [...]})');
  });
});

describe("break / continue", () => {
  test("outside a loop, with the nested path", () => {
    const tree = fn(P, P, P, { kind: "if", cond: "c", then: { stmts: [P, { kind: "break" }] } });
    expectError(tree, "[0].block.stmts[3].then.stmts[1]", "break outside a loop");
    expectError(fn({ kind: "continue" }), "[0].block.stmts[0]", "continue outside a loop");
  });
  test("inside loop bodies is fine, in a loop's else is not", () => {
    for (const kind of ["for", "while", "dowhile"]) {
      expect(parseNativeTree(JSON.stringify(fn({ kind, cond: "c", body: { stmts: [{ kind: "break" }] } }))).ok).toBe(true);
    }
    const forElse = { kind: "for", cond: "i := 1, n", body: { stmts: [] }, else: { stmts: [{ kind: "break" }] } };
    expectError(fn(forElse), "[0].block.stmts[0].else.stmts[0]", "break outside a loop");
    // ... unless the for itself is inside a loop: then the break leaves the outer loop.
    expect(parseNativeTree(JSON.stringify(fn(loop(forElse)))).ok).toBe(true);
  });
  test("a switch is not a loop", () => {
    const sw = {
      kind: "switch", cond: "c",
      cases: [{ label: "1", body: { stmts: [P, { kind: "break" }] } }],
      default: { stmts: [{ kind: "continue" }] },
    };
    const errors = errorsOf(fn(sw));
    expect(errors.map((e) => e.message)).toEqual([
      "[0].block.stmts[0].cases[0].body.stmts[1]: break outside a loop (a switch is not a loop: its cases end by themselves)",
      "[0].block.stmts[0].default.stmts[0]: continue outside a loop (a switch is not a loop: its cases end by themselves)",
    ]);
  });
  test("a loop in another function does not count", () => {
    const tree = [...fn(loop({ kind: "break" })), { name: "g", block: { stmts: [{ kind: "break" }] } }];
    expectError(tree, "[1].block.stmts[0]", "break outside a loop");
  });
});

describe("all errors are collected", () => {
  test("three different errors in document order", () => {
    const tree = [
      { name: "f", block: { stmts: [{ kind: "goto" }, { kind: "if", then: { stmts: [] } }] } },
      { name: "g", block: { stmts: [loop(), { kind: "process" }] } },
    ];
    expect(errorsOf(tree)).toEqual([
      { path: "[0].block.stmts[0]", message: `[0].block.stmts[0]: unknown kind "goto" (allowed: ${ALLOWED})` },
      { path: "[0].block.stmts[1]", message: '[0].block.stmts[1]: if without "cond" (a non-empty string)' },
      { path: "[1].block.stmts[1]", message: '[1].block.stmts[1]: process without "text" (a non-empty string)' },
    ]);
    expect(formatNativeTreeErrors(errorsOf(tree)).split("\n")).toHaveLength(3);
  });
  test("many errors are capped with a summary", () => {
    const errors = errorsOf(fn(...Array.from({ length: 150 }, () => ({ kind: "nope" }))));
    expect(errors).toHaveLength(MAX_ERRORS + 1);
    expect(errors[MAX_ERRORS]).toEqual({ path: "", message: "... and 50 more errors" });
  });
});

describe("limits", () => {
  test(`${TREE_LIMITS.maxNodes} nodes pass, one more fails`, () => {
    const nodes = (n: number) => Array.from({ length: n }, () => P);
    expect(parseNativeTree(JSON.stringify(fn(...nodes(TREE_LIMITS.maxNodes)))).ok).toBe(true);
    // Counted over all functions, nested nodes included.
    const tree = [...fn(...nodes(1000)), { name: "g", block: { stmts: [loop(...nodes(1000))] } }]; // 1000 + 1 + 1000
    expectError(tree, "", `the tree has 2001 nodes, more than the limit of ${TREE_LIMITS.maxNodes}`);
  });

  const nest = (depth: number) => {
    let node: unknown = P;
    for (let d = 1; d < depth; d++) node = loop(node);
    return fn(node);
  };
  const deepPath = (depth: number) => "[0].block.stmts[0]" + ".body.stmts[0]".repeat(depth - 1);

  test("depth 100 passes, 101 fails", () => {
    expect(parseNativeTree(JSON.stringify(nest(TREE_LIMITS.maxDepth))).ok).toBe(true);
    expectError(nest(101), deepPath(101), "nesting depth 101 is above the limit of 100");
  });

  test("a 100 000-deep tree is rejected without a crash", () => {
    const n = 100_000;
    const open = '{"kind":"infloop","body":{"stmts":[';
    const json = `[{"name":"f","block":{"stmts":[${open.repeat(n)}${"]}}".repeat(n)}]}}]`;
    const errors = errorsOf(json);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.path).toBe(deepPath(101));
    expect(errors[0]!.message.endsWith(": nesting depth 101 is above the limit of 100")).toBe(true);
  });
});
