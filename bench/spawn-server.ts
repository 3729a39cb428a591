/**
 * The benchmarks' server: `bun server/main.ts` of a checkout as its own process on a loopback port,
 * started as a development start (a production start needs PUBLIC_BASE_URL and SMTP), resolved once
 * /health answers (at most 20 s).
 */
export interface BenchServer {
  /** `http://127.0.0.1:<port>/v1` */
  base: string;
  pid: number;
  stop(): Promise<void>;
}

export async function spawnBenchServer(root: string, databaseUrl: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const port = 18_000 + Math.floor(Math.random() * 4000);
  const server = Bun.spawn([process.execPath, "server/main.ts"], {
    cwd: root,
    env: { ...process.env, SKHEMA_DEV: "1", DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", ...env },
    stdout: "ignore",
    stderr: "inherit",
  });
  const base = `http://127.0.0.1:${port}/v1`;
  for (let i = 0; i < 400; i++) {
    if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) break;
    await Bun.sleep(50);
  }
  return { base, pid: server.pid, stop: async () => void (server.kill("SIGTERM"), await server.exited) };
}
