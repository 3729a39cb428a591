/**
 * Running workerd (the `workerd` npm package) in tests: a free loopback port, a config for one
 * module worker, and a bounded wait for it to answer.
 */
import { createRequire } from "node:module";
import { createServer } from "node:net";

/**
 * The workerd executable itself. Not node_modules/.bin/workerd: without npm's install script that
 * is a Node launcher, and a signal to it would leave the real workerd running.
 */
export const WORKERD: string = (createRequire(import.meta.url)("workerd") as { default: string }).default;

/** A loopback port nobody listens on now (workerd binds it right after). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Fetches once the server answers: up to 300 tries 100 ms apart (workerd compiles its WASM first). */
export async function fetchWhenUp(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      return await fetch(url, init);
    } catch {
      await Bun.sleep(100);
    }
  }
  throw new Error(`${url} never answered`);
}

export interface WorkerdService {
  name: string;
  /** Loopback port the worker is served on. */
  port: number;
  /** capnp module entries; the first is the main module. */
  modules: string[];
  /** Compatibility flags, e.g. ["nodejs_compat"]. */
  flags: string[];
}

/** A workerd config serving each worker on its own loopback port. */
export function workerdConfig(services: WorkerdService[]): string {
  const worker = (s: WorkerdService) => `const ${s.name} :Workerd.Worker = (
  modules = [
    ${s.modules.join(",\n    ")},
  ],
  compatibilityDate = "2025-09-01",
  compatibilityFlags = [${s.flags.map((f) => `"${f}"`).join(", ")}],
);`;
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [${services.map((s) => `(name = "${s.name}", worker = .${s.name})`).join(", ")}],
  sockets = [${services.map((s) => `(name = "${s.name}", address = "127.0.0.1:${s.port}", http = (), service = "${s.name}")`).join(", ")}],
);
${services.map(worker).join("\n")}
`;
}
