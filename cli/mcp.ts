/**
 * `skhema mcp`: the stdio tool server of interface.md §1 (the tools themselves: client/mcp-tools.ts),
 * acting with the key of the CLI's settings. Sources may be files of this machine (`path`), and
 * files are written here (`outputPath`, else a new temporary folder).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { SOFTWARE_VERSION } from "../server/http/versions.ts";
import { createToolServer, type ToolHost } from "../client/mcp-tools.ts";
import type { Context } from "./context.ts";
import { basename, readSource } from "./io.ts";

function localHost(ctx: Context): ToolHost {
  return {
    client: () => ctx.client(),
    readPath: async (path) => ({ name: basename(path), data: await readSource(resolve(path)) }),
    linksFiles: false,
    async deliver(file, bytes, outputPath) {
      const path = outputPath ? (isAbsolute(outputPath) ? outputPath : resolve(outputPath)) : join(mkdtempSync(join(tmpdir(), "skhema-")), file.filename);
      writeFileSync(path, bytes);
      return { uri: pathToFileURL(path).href, note: `Wrote ${path}` };
    },
    // Drawn here with the engine's rasteriser rather than asked of the service as a second render,
    // which would cost the user another credit.
    preview: async (svg, args) => {
      const [{ svgPicture }, { cliAssets }] = await Promise.all([import("../engine/render/svg-picture.ts"), import("./assets.ts")]);
      return svgPicture(svg, args.font, cliAssets);
    },
  };
}

export function createMcpServer(ctx: Context): McpServer {
  return createToolServer(localHost(ctx), SOFTWARE_VERSION);
}

export async function runMcp(ctx: Context): Promise<number> {
  // The executable starts with a reluctant JIT for one-shot commands (scripts/build-cli.ts); a
  // session renders again and again, so it wants the normal policy.
  Bun.unsafe.setJITPolicy(1);
  const server = createMcpServer(ctx);
  const transport = new StdioServerTransport();
  // The client ends the session by closing our standard input.
  const closed = new Promise<void>((done) => process.stdin.once("end", () => done()).once("close", () => done()));
  await server.connect(transport);
  await closed;
  await server.close();
  return 0;
}
