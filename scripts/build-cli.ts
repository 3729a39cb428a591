/**
 * `npm run build:cli [-- OUTFILE]`: the `skhema` CLI as one self-contained executable
 * (`bun build --compile`, default build/skhema). The engine's grammars, WASM modules and fonts are
 * embedded in it (cli/assets.ts imports them as files), so `skhema render --local` and the MCP
 * server's PNG preview work with nothing beside the binary. It runs on the platform it was built on
 * (it embeds the running Bun); further arguments after OUTFILE go to `bun build` unchanged.
 * `--bytecode` stores the modules precompiled for JavaScriptCore (issue 14: no parsing or bytecode
 * generation at start; `--format=esm` is what bytecode needs with top-level await).
 * `--compile-jit-policy=8` starts it with JavaScriptCore's tier-up thresholds × 8: a one-shot
 * `render --local` runs most of its code a few hundred times at most, and compiling it costs more
 * than it saves (medium chart ≈ 20 % less CPU, large ≈ 15 %; bench/cold.ts, BENCHMARKS.md). The
 * long-running command (`skhema mcp`) sets the normal policy back when it starts.
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";

const root = resolve(import.meta.dir, "..");
const [outfile = resolve(root, "build/skhema"), ...extra] = process.argv.slice(2);
mkdirSync(dirname(resolve(outfile)), { recursive: true });
const build = Bun.spawnSync([process.execPath, "build", "--compile", "--bytecode", "--compile-jit-policy=8", "--format=esm", "--minify", "cli/main.ts", "--outfile", resolve(outfile), ...extra], {
  cwd: root,
  stdout: "inherit",
  stderr: "inherit",
});
process.exit(build.exitCode ?? 1);
