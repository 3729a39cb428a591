/**
 * Front-end parity benchmark (issue 3): the same ~60-block function — the units of bench/program.ts
 * written idiomatically in each language — through parse + chart tree + layout, warm, median and p95.
 * Run: `bun bench/languages.ts` (also part of `npm run bench:languages`).
 */
import { bunAssets } from "../hosts/bun.ts";
import { frontendFor, type Lang } from "../engine/index.ts";
import { layoutCharts } from "../engine/layout/index.ts";
import { resolveOptions } from "../engine/options.ts";
import { program } from "./program.ts";

const UNITS = 6;
const repeat = (unit: (u: number) => string) => Array.from({ length: UNITS }, (_, u) => unit(u)).join("");

const SOURCES: Partial<Record<Lang, string>> = {
  python: program(UNITS),
  c:
    "#include <stdio.h>\nint work(int a[], int n) {\n  int total = 0;\n" +
    repeat((u) => `  int x${u};\n  scanf("%d", &x${u});\n  if (x${u} > total) {\n    total = total + x${u};\n  } else {\n    printf("skip %d\\n", x${u});\n  }\n  for (int i = 1; i <= n; i++) {\n    if (a[i] % 2 == 0)\n      continue;\n    total += a[i] * i;\n  }\n  while (total > 1000) {\n    total /= 2;\n  }\n`) +
    "  return total;\n}\n",
  cpp:
    "#include <iostream>\nusing namespace std;\nint work(int a[], int n) {\n  int total = 0;\n" +
    repeat((u) => `  int x${u};\n  cin >> x${u};\n  if (x${u} > total) {\n    total = total + x${u};\n  } else {\n    cout << "skip " << x${u} << endl;\n  }\n  for (int i = 1; i <= n; i++) {\n    if (a[i] % 2 == 0)\n      continue;\n    total += a[i] * i;\n  }\n  while (total > 1000) {\n    total /= 2;\n  }\n`) +
    "  return total;\n}\n",
  java:
    "import java.util.Scanner;\nclass Lab {\n  static Scanner sc = new Scanner(System.in);\n  static int work(int[] a, int n) {\n    int total = 0;\n" +
    repeat((u) => `    int x${u} = sc.nextInt();\n    if (x${u} > total) {\n      total = total + x${u};\n    } else {\n      System.out.println("skip " + x${u});\n    }\n    for (int i = 1; i <= n; i++) {\n      if (a[i] % 2 == 0)\n        continue;\n      total += a[i] * i;\n    }\n    while (total > 1000) {\n      total /= 2;\n    }\n`) +
    "    return total;\n  }\n}\n",
  csharp:
    "using System;\nclass Lab {\n  static int Work(int[] a, int n) {\n    int total = 0;\n" +
    repeat((u) => `    int x${u} = int.Parse(Console.ReadLine());\n    if (x${u} > total) {\n      total = total + x${u};\n    } else {\n      Console.WriteLine("skip " + x${u});\n    }\n    for (int i = 1; i <= n; i++) {\n      if (a[i] % 2 == 0)\n        continue;\n      total += a[i] * i;\n    }\n    while (total > 1000) {\n      total /= 2;\n    }\n`) +
    "    return total;\n  }\n}\n",
  pascal:
    "function work(var a: array of integer; n: integer): integer;\nvar total, i: integer;\n" +
    repeat((u) => `  x${u}: integer;\n`).replace(/^/, "var\n") +
    "begin\n  total := 0;\n" +
    repeat((u) => `  readln(x${u});\n  if x${u} > total then\n    total := total + x${u}\n  else\n    writeln('skip ', x${u});\n  for i := 1 to n do\n  begin\n    if a[i] mod 2 = 0 then\n      continue;\n    total := total + a[i] * i;\n  end;\n  while total > 1000 do\n    total := total div 2;\n`) +
    "  work := total;\nend;\n\nbegin\nend.\n",
};

const options = resolveOptions({});
const rows: { lang: Lang; blocks: number; median: number; p95: number }[] = [];
for (const [lang, code] of Object.entries(SOURCES) as [Lang, string][]) {
  const frontend = frontendFor(lang);
  if (!frontend) continue;
  const samples: number[] = [];
  let blocks = 0;
  for (let i = 0; i < 330; i++) {
    const start = performance.now();
    const { tree, errors } = await frontend(code, options, bunAssets);
    const geometry = layoutCharts(tree, options, false);
    const took = performance.now() - start;
    if (errors.length > 0) throw new Error(`${lang}: ${errors[0]!.message}`);
    if (i >= 30) samples.push(took);
    blocks = geometry.charts.reduce((n, c) => n + (c.name.toLowerCase().endsWith("work") ? c.parts[0]!.shapes.length : 0), 0);
  }
  samples.sort((a, b) => a - b);
  rows.push({ lang, blocks, median: samples[150]!, p95: samples[285]! });
}
const python = rows.find((r) => r.lang === "python")!;
console.log("parse + tree + layout of the same ~60-block function, 300 warm runs:");
for (const r of rows) {
  console.log(
    `  ${r.lang.padEnd(7)} ${String(r.blocks).padStart(3)} blocks   median ${r.median.toFixed(3).padStart(7)} ms   p95 ${r.p95.toFixed(3).padStart(7)} ms   ×${(r.median / python.median).toFixed(2)} of Python`,
  );
}
