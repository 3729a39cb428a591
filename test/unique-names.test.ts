/** Captions are unique (issue 13): overloads get their parameter types, twice-defined functions a number. */
import { expect, test } from "bun:test";
import { frontendFor, render } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { resolveOptions } from "../engine/options.ts";
import type { Geometry } from "../engine/geometry/types.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const names = async (lang: "java" | "cpp" | "python" | "pascal", code: string) =>
  (await frontendFor(lang)!(code, resolveOptions({}), bunAssets)).tree.map((c) => c.name);

test("overloads get their parameter types in every language that has them", async () => {
  expect(await names("java", "class A { static void sort(int[] a) { x(); } static void sort(List<Integer> a, int n) { y(); } }"))
    .toEqual(["A.sort(int[])", "A.sort(List<Integer>, int)"]);
  expect(await names("cpp", "void f(const int *a, int n) { x(); }\nvoid f(double d) { y(); }\nint main() { }"))
    .toEqual(["main", "f(int*, int)", "f(double)"]);
  expect(await names("pascal", "procedure P(a: integer); overload;\nbegin x; end;\nprocedure P(s: string; var b, c: real); overload;\nbegin y; end;\nbegin end."))
    .toEqual(["main", "P(integer)", "P(string, real, real)"]);
  expect(await names("python", "def f(a):\n  x()\ndef f(a):\n  y()\n")).toEqual(["f 1", "f 2"]);
});

test("captions tell overloads apart by their parameters' types; fn with the plain name selects every overload", async () => {
  const code = "class A { static void sort(int[] a) { x(); } static void sort(double[] a) { y(); } }";
  const { file } = await render({ code, lang: "java", format: "json", fn: "A.sort" }, bunAssets);
  const g = JSON.parse(file.data as string) as Geometry;
  expect(g.charts.map((c) => c.caption.text)).toEqual([
    "Рисунок 1 — Схема алгоритму методу sort(int[] a)", "Рисунок 2 — Схема алгоритму методу sort(double[] a)",
  ]);
});
