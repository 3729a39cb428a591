/**
 * What the server process needs from the runtime it runs on — the engine's asset loader, GC hooks
 * and an HTTP listener — in one shape for Bun (`npm start`) and Deno (`deno task start`), so
 * server/main.ts is the same program on both. Chosen once, by the runtime's global.
 */
import type { AssetLoader } from "../engine/assets.ts";
import { bunAssets, fullGc } from "../hosts/bun.ts";
import { denoAssets } from "../hosts/deno.ts";

export interface ServeOptions {
  port: number;
  hostname: string;
  fetch: (request: Request) => Response | Promise<Response>;
  /** Bun's own body cap (Deno has none; the app limits bodies itself). */
  maxRequestBodySize: number;
  /** Seconds an idle connection stays open (Bun; Deno keeps its default). */
  idleTimeout: number;
}

export interface Listening {
  port: number;
  /** Stops taking connections; `force` drops in-flight requests instead of waiting for them. */
  stop(force: boolean): Promise<void>;
}

export interface Runtime {
  name: "bun" | "deno";
  assets: AssetLoader;
  /** A full collection now (Bun): after a batch, or a worker's heap grown large. */
  collect?: () => void;
  serve(options: ServeOptions): Listening;
}

/** The part of Deno's API the listener uses (the repository type-checks against Bun's types). */
declare const Deno: {
  serve(
    options: { port: number; hostname: string; onListen: () => void },
    handler: (request: Request) => Response | Promise<Response>,
  ): { addr: { port: number }; shutdown(): Promise<void> };
};

function bun(): Runtime {
  return {
    name: "bun",
    assets: bunAssets,
    collect: fullGc,
    serve(options) {
      const server = Bun.serve(options);
      return { port: server.port ?? options.port, stop: (force) => server.stop(force) };
    },
  };
}

function deno(): Runtime {
  return {
    name: "deno",
    assets: denoAssets,
    serve({ port, hostname, fetch }) {
      const server = Deno.serve({ port, hostname, onListen: () => {} }, fetch);
      // Deno's shutdown always waits for in-flight requests: a forced stop ends that wait (the
      // process exits right after, which drops the connections).
      let forced: () => void = () => {};
      const forcedStop = new Promise<void>((resolve) => (forced = resolve));
      return {
        port: server.addr.port,
        stop: (force) => (force ? (forced(), Promise.resolve()) : Promise.race([server.shutdown(), forcedStop])),
      };
    },
  };
}

export const runtime: Runtime = typeof Bun !== "undefined" ? bun() : deno();
