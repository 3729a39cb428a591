/**
 * engine/ is portable: no module of it imports a runtime's built-ins (`node:`, `bun:`, Node's bare
 * built-in names) or uses a runtime's globals (`Bun`, `Deno`, `process`, `require`, `Buffer`,
 * `__dirname`, `__filename`). Read with TypeScript's parser, so comments and strings that merely
 * mention them do not count, and member names (`x.process`, `{ process: 1 }`) do not either.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const root = fileURLToPath(new URL("../", import.meta.url));
const RUNTIME_GLOBALS = new Set(["Bun", "Deno", "process", "require", "Buffer", "__dirname", "__filename"]);
const BUILTINS = new Set(builtinModules);

function engineFiles(): string[] {
  return readdirSync(join(root, "engine"), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(root, "engine", f));
}

/** Is the identifier the name of a member (`x.process`, `{ process: 1 }`), not a free variable? */
function isMemberName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    ((ts.isPropertyAccessExpression(parent) || ts.isQualifiedName(parent)) && node !== (ts.isPropertyAccessExpression(parent) ? parent.expression : parent.left)) ||
    ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isPropertySignature(parent) || ts.isMethodDeclaration(parent)) && parent.name === node)
  );
}

/** `file:line: what` for every runtime-specific import or global in `source`. */
export function runtimeUses(file: string, source: string): string[] {
  const found: string[] = [];
  const lineOf = (pos: number) => source.slice(0, pos).split("\n").length;
  for (const ref of ts.preProcessFile(source, true, true).importedFiles) {
    const name = ref.fileName;
    if (/^(node|bun):/.test(name) || BUILTINS.has(name)) found.push(`${file}:${lineOf(ref.pos)}: import "${name}"`);
  }
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.ESNext, true);
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && RUNTIME_GLOBALS.has(node.text) && !isMemberName(node)) {
      found.push(`${file}:${lineOf(node.getStart())}: ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

describe("engine/ uses Web-standard APIs only", () => {
  test("no runtime-specific import or global in any engine module", () => {
    const files = engineFiles();
    expect(files.length).toBeGreaterThan(40);
    const found = files.flatMap((f) => runtimeUses(relative(root, f), readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });

  test("the check finds each kind of runtime use, and not mentions in comments or strings", () => {
    const bad = [
      'import { readFile } from "node:fs";',
      'import x from "bun:test";',
      'import path from "path";',
      'const z = await import("node:zlib");',
      "const f = Bun.file(p);",
      "await Deno.readFile(p);",
      "if (process.env.X) {}",
      "const m = require('fs');",
      "Buffer.from(s);",
      "const d = `${__dirname}/x`;",
    ];
    for (const line of bad) expect([line, runtimeUses("x.ts", line).length > 0]).toEqual([line, true]);
    const fine = [
      "// Bun.file and process.env are not used here",
      "/* Deno.readFile */",
      'const s = "node:fs require( process.env";',
      "const t = `Bun. and process.`;",
      "const o = { process: 1 }; o.process; o?.Buffer;",
      'import { z } from "zod";',
    ];
    for (const line of fine) expect([line, runtimeUses("x.ts", line)]).toEqual([line, []]);
  });
});
