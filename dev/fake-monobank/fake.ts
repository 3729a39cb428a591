/**
 * A local stand-in for Monobank's personal API, for tests and development only (production code
 * never imports it). It speaks the documented JSON — client info with jars, a jar's statement
 * (newest first, at most 500 items, window at most 31 days + 1 hour), setting the webhook (checked
 * with a GET first), webhook POSTs of new items — enforces the one-call-per-interval limit per token
 * with 429, and misbehaves on demand: 429/5xx answers, slow answers, duplicated and shuffled
 * statement items, webhook events sent twice. A payer is simulated with POST /fake/pay.
 */

export interface FakeJar {
  id: string;
  sendId: string;
  title: string;
}

export interface FakeItem {
  id: string;
  time: number;
  description: string;
  mcc: number;
  originalMcc: number;
  hold: boolean;
  amount: number;
  operationAmount: number;
  currencyCode: number;
  commissionRate: number;
  cashbackAmount: number;
  balance: number;
  comment?: string;
}

export interface FakeCall {
  path: string;
  /** ms since the epoch, when the request arrived. */
  at: number;
  status: number;
}

/** One misbehaviour for the next provider call (statement, client-info or webhook setting). */
export type Fault = { status: number } | { slowMs: number };

export interface FakeOptions {
  port?: number;
  hostname?: string;
  token: string;
  jars?: FakeJar[];
  /** The limit per token; calls closer than this (less the slack) answer 429. */
  minCallIntervalMs?: number;
  /** Allowance for delivery jitter between the server's clock and this one's arrival times. */
  slackMs?: number;
  /** Every statement item appears twice. */
  duplicateItems?: boolean;
  /** Statement items come in a random order instead of newest first. */
  shuffleItems?: boolean;
  /** Every webhook event is sent this many times. */
  webhookCopies?: number;
}

export interface Pay {
  comment?: string;
  amountKop: number;
  /** Unix seconds; default now. */
  time?: number;
  id?: string;
  account?: string;
}

export interface FakeMonobank {
  url: string;
  port: number;
  jars: FakeJar[];
  options: FakeOptions;
  /** Provider calls that carried the token (statement, client-info, webhook), in arrival order. */
  calls: FakeCall[];
  /** Calls that came sooner than the minimum interval after the previous one. */
  tooSoon: FakeCall[];
  faults: Fault[];
  webhookUrl: string;
  /** Webhook deliveries: status answered by the receiver (0 = no answer). */
  deliveries: { itemId: string; status: number }[];
  pay(payment: Pay): Promise<FakeItem>;
  stop(): Promise<void>;
}

const json = (body: unknown, status = 200) => Response.json(body, { status });

let itemSeq = 0;

export function startFakeMonobank(options: FakeOptions): FakeMonobank {
  const jars = options.jars ?? [{ id: "jar-account-1", sendId: "fakeJar1", title: "Skhema" }];
  const items = new Map<string, FakeItem[]>(jars.map((j) => [j.id, []]));
  const balances = new Map<string, number>(jars.map((j) => [j.id, 0]));
  const minInterval = options.minCallIntervalMs ?? 60_000;
  const slack = options.slackMs ?? 0;
  let lastCallAt = -Infinity;

  const fake: FakeMonobank = {
    url: "",
    port: 0,
    jars,
    options,
    calls: [],
    tooSoon: [],
    faults: [],
    webhookUrl: "",
    deliveries: [],
    async pay(payment) {
      const account = payment.account ?? jars[0]!.id;
      const list = items.get(account);
      if (!list) throw new Error(`no jar ${account}`);
      const balance = (balances.get(account) ?? 0) + payment.amountKop;
      balances.set(account, balance);
      const item: FakeItem = {
        id: payment.id ?? `fake${Date.now().toString(36)}${(++itemSeq).toString(36)}`,
        time: payment.time ?? Math.floor(Date.now() / 1000),
        description: "Поповнення «Skhema»",
        mcc: 4829, originalMcc: 4829, hold: false,
        amount: payment.amountKop, operationAmount: payment.amountKop, currencyCode: 980,
        commissionRate: 0, cashbackAmount: 0, balance,
        ...(payment.comment === undefined ? {} : { comment: payment.comment }),
      };
      list.push(item);
      if (fake.webhookUrl) {
        for (let i = 0; i < (options.webhookCopies ?? 1); i++) await deliver(account, item);
      }
      return item;
    },
    async stop() {
      await server.stop(true);
    },
  };

  async function deliver(account: string, item: FakeItem): Promise<void> {
    // Like the bank: a few tries when the receiver does not answer 200.
    for (let attempt = 0; attempt < 3; attempt++) {
      let status = 0;
      try {
        const response = await fetch(fake.webhookUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ type: "StatementItem", data: { account, statementItem: item } }),
          signal: AbortSignal.timeout(5000),
        });
        status = response.status;
        await response.body?.cancel();
      } catch {
        status = 0;
      }
      fake.deliveries.push({ itemId: item.id, status });
      if (status === 200) return;
    }
  }

  /** The per-token limit and the queued faults; a Response when the call is refused. */
  async function gate(req: Request, path: string): Promise<Response | null> {
    if (req.headers.get("x-token") !== options.token) return json({ errorDescription: "Unknown 'X-Token'" }, 403);
    const now = Date.now();
    const call: FakeCall = { path, at: now, status: 200 };
    fake.calls.push(call);
    if (now - lastCallAt < minInterval - slack) {
      fake.tooSoon.push(call);
      call.status = 429;
      lastCallAt = now;
      return json({ errorDescription: "Too many requests" }, 429);
    }
    lastCallAt = now;
    const fault = fake.faults.shift();
    if (fault && "status" in fault) {
      call.status = fault.status;
      return json({ errorDescription: `fake fault ${fault.status}` }, fault.status);
    }
    if (fault && "slowMs" in fault) await Bun.sleep(fault.slowMs);
    return null;
  }

  function statement(account: string, from: number, to: number): Response {
    const list = items.get(account);
    if (!list) return json({ errorDescription: "Account not found" }, 400);
    if (!(from <= to) || to - from > 31 * 86_400 + 3_600) return json({ errorDescription: "Period must be no more than 31 days + 1 hour" }, 400);
    let out = list.filter((i) => i.time >= from && i.time <= to).sort((a, b) => b.time - a.time).slice(0, 500);
    if (options.duplicateItems) out = out.flatMap((i) => [i, { ...i }]);
    if (options.shuffleItems) out = out.map((i) => [Math.random(), i] as const).sort((a, b) => a[0] - b[0]).map(([, i]) => i);
    return json(out);
  }

  const server = Bun.serve({
    port: options.port ?? 0,
    hostname: options.hostname ?? "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      const path = url.pathname;
      if (req.method === "GET" && path === "/personal/client-info") {
        const refused = await gate(req, path);
        if (refused) return refused;
        return json({
          clientId: "fakeClient", name: "Fake Owner", webHookUrl: fake.webhookUrl, permissions: "psfj",
          accounts: [{ id: "card-account-1", sendId: "fakeCard", balance: 0, creditLimit: 0, type: "black", currencyCode: 980, cashbackType: "UAH", maskedPan: ["537541******1234"], iban: "UA000000000000000000000000000" }],
          jars: jars.map((j) => ({ ...j, description: "", currencyCode: 980, balance: balances.get(j.id) ?? 0, goal: null })),
        });
      }
      const st = /^\/personal\/statement\/([^/]+)\/(\d+)(?:\/(\d+))?$/.exec(path);
      if (req.method === "GET" && st) {
        const refused = await gate(req, "/personal/statement");
        if (refused) return refused;
        return statement(decodeURIComponent(st[1]!), Number(st[2]), st[3] === undefined ? Math.floor(Date.now() / 1000) : Number(st[3]));
      }
      if (req.method === "POST" && path === "/personal/webhook") {
        const refused = await gate(req, path);
        if (refused) return refused;
        const body = (await req.json().catch(() => ({}))) as { webHookUrl?: string };
        if (typeof body.webHookUrl !== "string") return json({ errorDescription: "webHookUrl required" }, 400);
        if (body.webHookUrl !== "") {
          const check = await fetch(body.webHookUrl, { signal: AbortSignal.timeout(5000) }).catch(() => null);
          if (check?.status !== 200) return json({ errorDescription: `webhook check answered ${check?.status ?? "nothing"}` }, 400);
        }
        fake.webhookUrl = body.webHookUrl;
        return json({ status: "ok" });
      }
      // Test and development controls.
      if (req.method === "POST" && path === "/fake/pay") {
        const body = (await req.json().catch(() => null)) as Pay | null;
        if (!body || !Number.isSafeInteger(body.amountKop)) return json({ error: "send {comment, amountKop}" }, 400);
        return json(await fake.pay(body));
      }
      if (req.method === "GET" && path === "/fake/calls") return json({ calls: fake.calls, tooSoon: fake.tooSoon, deliveries: fake.deliveries });
      const jar = /^\/jar\/([^/]+)$/.exec(path);
      if (jar && jars.some((j) => j.sendId === jar[1])) {
        if (req.method === "POST") {
          const form = await req.formData();
          const item = await fake.pay({ comment: String(form.get("t") ?? ""), amountKop: Math.round(Number(form.get("a")) * 100), account: jars.find((j) => j.sendId === jar[1])!.id });
          return new Response(`<p>Paid ${item.amount / 100} UAH with comment “${escapeHtml(item.comment ?? "")}” (item ${item.id}). Credits arrive at the next statement poll.</p>`, { headers: { "content-type": "text/html; charset=utf-8" } });
        }
        return new Response(jarPage(url.searchParams.get("a") ?? "", url.searchParams.get("t") ?? ""), { headers: { "content-type": "text/html; charset=utf-8" } });
      }
      return json({ errorDescription: "Not found" }, 404);
    },
  });
  fake.port = server.port!;
  fake.url = `http://${options.hostname ?? "127.0.0.1"}:${server.port}`;
  return fake;
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The fake's version of the jar's public page: the amount and comment prefilled, one button to "pay". */
function jarPage(amount: string, comment: string): string {
  return `<!doctype html><meta charset="utf-8"><title>Fake Monobank jar</title>
<h1>Fake Monobank jar (development)</h1>
<form method="post">
<label>Amount, UAH <input name="a" value="${escapeHtml(amount)}"></label><br>
<label>Comment <input name="t" value="${escapeHtml(comment)}"></label><br>
<button>Pay</button>
</form>`;
}
