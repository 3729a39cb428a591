/**
 * Running workerd (the `workerd` npm package) in tests: a free loopback port, a config for one
 * module worker, and a bounded wait for it to answer.
 */
import { createServer } from "node:net";

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

/**
 * A workerd config serving one module worker on 127.0.0.1:`port`; `modules` are capnp module
 * entries, the first is the main module.
 */
export function workerdConfig(port: number, modules: string[], bindings: string[] = []): string {
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [
    ${modules.join(",\n    ")},
  ],
  bindings = [${bindings.join(", ")}],
  compatibilityDate = "2025-09-01",
  compatibilityFlags = ["nodejs_compat"],
);
`;
}
