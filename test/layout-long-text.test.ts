/**
 * Texts no symbol can hold on one line (issue 12: no chart ever wider than the page): long literals
 * and identifiers in every kind of symbol — output, assignment, call, conditions of while/if/elif/
 * do-while/switch, a for header, a return, a ternary — at 40, 90 and 250 characters, split and not.
 * Each chart and part stays within 170 mm: symbols widen to their limit, then grow taller with the
 * one token cut (decisions, hexagons) or move the text to a comment that fits beside them.
 */
import { describe, expect, test } from "bun:test";
import { render } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

/** [language, what, program with a long literal `t` and a long identifier `id`]. */
const cases: [string, string, (t: string, id: string) => string][] = [
  ["python", "print", (t) => `print("${t}")\n`],
  ["python", "assign", (t) => `x = "${t}"\n`],
  ["python", "while", (_t, id) => `while ${id} > 0:\n    ${id} -= 1\n`],
  ["python", "if-else", (t) => `if x == "${t}":\n    print(1)\nelse:\n    print(2)\n`],
  ["python", "elif", (t, id) => `if x == 1:\n    print(1)\nelif x == "${t}":\n    print(2)\nelif ${id}:\n    y = 3\nelse:\n    print(4)\n`],
  ["python", "for", (_t, id) => `for ${id} in range(10):\n    print(${id})\n`],
  ["python", "call", (_t, id) => `${id}(1, 2)\n`],
  ["python", "return", (_t, id) => `def f():\n    return ${id}\n`],
  ["python", "while-if", (t) => `while True:\n    if x == "${t}":\n        break\n    print("${t}")\n`],
  ["c", "switch", (t, id) => `int main() { switch (${id}) { case 1: printf("${t}"); break; case 2: x = 2; break; default: y = 1; } return 0; }\n`],
  ["c", "dowhile", (_t, id) => `int main() { do { x++; } while (${id} < 10); return 0; }\n`],
  ["java", "ternary", (t) => `class A { static void f(int x) { String s = x > 0 ? "${t}" : "b"; System.out.println(s); } }\n`],
];
describe("long tokens keep every chart within the page", () => {
  for (const n of [40, 90, 250]) for (const [lang, name, make] of cases) for (const split of [false, true]) {
    test(`${lang} ${name}, ${n} characters, split ${split}`, async () => {
      const code = make("a".repeat(n), `v_${"b".repeat(n)}`);
      const r = await render({ code, lang, format: "json", split }, bunAssets);
      expect(r.geometry.charts.length).toBeGreaterThan(0);
      for (const c of r.geometry.charts) for (const p of c.parts) expect(p.width).toBeLessThanOrEqual(170.5);
    });
  }
});
