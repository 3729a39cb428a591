/**
 * Wrapping does work linear in the text length on generated worst cases (issue 22): deep nesting
 * of every bracket kind, string literals, long operator chains, long lines. Work is counted
 * (wrap.ts WorkCounter: characters lexed, breaks ranked, ranges tried, atoms joined), never timed:
 * doubling a text may at most double its work (plus a little), whatever its shape, and the work per
 * character stays under a fixed budget.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { prepareWrap, type WorkCounter } from "../engine/text/wrap.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

/** Steps of lexing `text` and wrapping it at the widths a symbol tries (size.ts). */
function work(text: string): number {
  const counter: WorkCounter = { steps: 0 };
  const wrap = prepareWrap(text, "tinos", counter);
  for (const width of [0, 27, 37, 57, 82, 167]) wrap(width, 12);
  return counter.steps;
}

/** Shapes of text that were super-linear somewhere in the engine, each of n repetitions. */
const SHAPES: Record<string, (n: number) => string> = {
  "nested calls f(x, 1, f(…))": (n) => "f(x, 1, ".repeat(n) + "0" + ")".repeat(n),
  "nested parentheses": (n) => "(".repeat(n) + "a + b" + ")".repeat(n),
  "nested indexes": (n) => "a[".repeat(n) + "i + 1" + "]".repeat(n),
  "nested braces": (n) => "{1, ".repeat(n) + "2" + "}".repeat(n),
  "unclosed brackets": (n) => "f(a, [b + {c, ".repeat(n),
  "stray closing brackets": (n) => "a) + b], c} ".repeat(n),
  "string literals": (n) => 'Вивід "a, b (c", '.repeat(n) + "x",
  "unclosed quotes": (n) => "a \" b ' c « ".repeat(n),
  "operator chain": (n) => "x" + " + x".repeat(n),
  "operators without spaces": (n) => "x" + "+x*y".repeat(n),
  "ternary chain": (n) => "x>0?1:".repeat(n) + "0",
  "one long word": (n) => "a".repeat(10 * n),
  "member chain": (n) => "obj" + ".f(a)".repeat(n),
  "template arguments": (n) => "vector<int> a".repeat(n),
};

describe("wrapping work is linear in the text", () => {
  for (const [name, shape] of Object.entries(SHAPES)) {
    test(name, () => {
      const small = work(shape(1000));
      const large = work(shape(2000));
      expect(large / small).toBeLessThan(2.2);
      expect(large / shape(2000).length).toBeLessThan(40);
    });
  }

  test("any mix of brackets, literals, operators and spaces (generated)", () => {
    const piece = fc.constantFrom("f(", "(", "[", "{", ")", "]", "}", ", ", ",", " + ", "+", "-", " ", "x", "ab", '"s, (t"', "'", ".", "a.b", "?", ":", " and ");
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 60 }), (pieces) => {
        const text = pieces.join("");
        // The text repeated to ≈ 3 000 characters and to twice that (far wider than any line, so
        // no width threshold blurs the comparison).
        const reps = Math.ceil(3000 / text.length);
        const small = work(text.repeat(reps));
        const large = work(text.repeat(2 * reps));
        expect(large / small).toBeLessThan(2.2);
        expect(large / (text.length * 2 * reps)).toBeLessThan(40);
      }),
      { numRuns: 200, seed: 22 },
    );
  });
});
