/**
 * Notation-lint report (issue 20): runs the notation linter (test/support/notation-lint.ts) over
 * every chart of the corpus and the examples, in both locales with types stripped, and prints the
 * findings per rule, per rule and language, and the files with the most findings.
 *   bun scripts/notation.ts [folder ...] [--list] [--rule <rule>] [--json]     (npm run notation)
 *   --list prints every finding (of one rule with --rule); --json prints the counts per rule, the
 *   shape of test/notation-baseline.json.
 */
import { SOURCE_LANGS } from "../engine/langs.ts";
import { corpusFiles, countByRule, lintFile, NOTATION_RULES, type NotationFinding, type NotationRule } from "../test/support/notation-lint.ts";

const LANG_DIRS = SOURCE_LANGS;
const languageOf = (file: string): string => LANG_DIRS.find((l) => file.includes(`/corpus/${l}/`)) ?? "examples";

function table(findings: readonly NotationFinding[]): string {
  const columns = [...LANG_DIRS, "examples"];
  const count = (rule: NotationRule, column: string) => findings.filter((f) => f.rule === rule && languageOf(f.file) === column).length;
  const width = Math.max(...NOTATION_RULES.map((r) => r.length));
  const lines = [`${"rule".padEnd(width)} ${columns.map((c) => c.padStart(8)).join(" ")}    total`];
  for (const rule of NOTATION_RULES) {
    const row = columns.map((c) => count(rule, c));
    lines.push(`${rule.padEnd(width)} ${row.map((n) => String(n).padStart(8)).join(" ")} ${String(row.reduce((a, b) => a + b, 0)).padStart(8)}`);
  }
  const totals = columns.map((c) => findings.filter((f) => languageOf(f.file) === c).length);
  lines.push(`${"all rules".padEnd(width)} ${totals.map((n) => String(n).padStart(8)).join(" ")} ${String(findings.length).padStart(8)}`);
  return lines.join("\n");
}

function worst(findings: readonly NotationFinding[], top: number): string {
  const perFile = new Map<string, NotationFinding[]>();
  for (const f of findings) perFile.set(f.file, [...(perFile.get(f.file) ?? []), f]);
  return [...perFile]
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
    .slice(0, top)
    .map(([file, fs]) => {
      const rules = Object.entries(countByRule(fs)).filter(([, n]) => n > 0).map(([r, n]) => `${r} ${n}`).join(", ");
      return `  ${String(fs.length).padStart(4)}  ${file}  (${rules})`;
    })
    .join("\n");
}

if (import.meta.main) {
  const args = Bun.argv.slice(2);
  const ruleAt = args.indexOf("--rule");
  const only = ruleAt >= 0 ? args[ruleAt + 1] : undefined;
  const folders = args.filter((a, i) => !a.startsWith("--") && (ruleAt < 0 || i !== ruleAt + 1));
  const files = corpusFiles(folders.length > 0 ? folders : undefined);
  const findings: NotationFinding[] = [];
  for (const file of files) findings.push(...(await lintFile(file)));
  if (args.includes("--json")) {
    console.log(JSON.stringify(countByRule(findings), null, 2));
  } else {
    if (args.includes("--list")) {
      for (const f of findings) if (!only || f.rule === only) console.log(`${f.rule}\t${f.file}\t${f.chart}\t${f.text}`);
      console.log("");
    }
    console.log(`notation lint: ${files.length} files, both locales (uk, en), types stripped`);
    console.log(table(findings));
    console.log("\nfiles with the most findings:");
    console.log(worst(findings, 12));
  }
}
