/**
 * `npm run build:cli [-- OUTFILE]`: the `skhema` CLI as one self-contained executable
 * (`bun build --compile`, default build/skhema). The engine's grammars, WASM modules and fonts are
 * embedded in it (cli/assets.ts imports them as files), so `skhema render --local` and the MCP
 * server's PNG preview work with nothing beside the binary. It runs on the platform it was built on
 * (it embeds the running Bun); further arguments after OUTFILE go to `bun build` unchanged.
 * `--bytecode` stores the modules precompiled for JavaScriptCore (issue 14: no parsing or bytecode
 * generation at start; `--format=esm` is what bytecode needs with top-level await).
 * `--splitting` keeps each lazily imported module (a command, the engine, a renderer) in its own chunk
 * inside the executable: without it every module's bytecode is in the one entry file and is loaded
 * at start by every command (`skhema --version` ≈ 14.3 → 11.2 ms, a medium Pascal chart to SVG
 * ≈ 22.0 → 18.6 ms wall; 2026-11-24, BENCHMARKS.md).
 * `--no-compile-autoload-dotenv --no-compile-autoload-bunfig`: the command does not look for a .env
 * or bunfig.toml in the user's working folder (a stray .env there must not change what `skhema` does,
 * e.g. hand it another SKHEMA_API_KEY), and the lookup cost every start ≈ 2 ms (`skhema --version`
 * 9.0 → 6.9 ms, perf stat, 2026-11-24).
 * `--compile-jit-policy=8` starts it with JavaScriptCore's tier-up thresholds × 8: a one-shot
 * `render --local` runs most of its code a few hundred times at most, and compiling it costs more
 * than it saves (medium chart ≈ 20 % less CPU, large ≈ 15 %; bench/cold.ts, BENCHMARKS.md). The
 * long-running command (`skhema mcp`) sets the normal policy back when it starts. bench/cold.ts
 * builds its per-stage probe with the same flags (`buildExecutable`).
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";

const root = resolve(import.meta.dir, "..");
/** Builds `entry` (repository-relative) as an executable the way the CLI is built; returns bun's exit code. */
export function buildExecutable(entry: string, outfile: string, extra: readonly string[] = [], output: "inherit" | "pipe" = "inherit"): number {
  mkdirSync(dirname(resolve(outfile)), { recursive: true });
  const build = Bun.spawnSync([process.execPath, "build", "--compile", "--bytecode", "--compile-jit-policy=8", "--format=esm", "--minify", "--splitting", "--no-compile-autoload-dotenv", "--no-compile-autoload-bunfig", entry, "--outfile", resolve(outfile), ...extra], {
    cwd: root,
    stdout: output,
    stderr: output,
  });
  return build.exitCode ?? 1;
}

if (import.meta.main) {
  const [outfile = resolve(root, "build/skhema"), ...extra] = process.argv.slice(2);
  process.exit(buildExecutable("cli/main.ts", outfile, extra));
}
