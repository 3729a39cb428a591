/**
 * The Monobank personal API (https://api.monobank.ua/docs/, summarised in payments-notes.md): the
 * owner's token reads the client info (accounts and jars), a jar's statement, and sets the webhook.
 * Every call has a deadline; a 429, a 5xx, a timeout or a broken answer is a `ProviderError` the
 * caller may retry later (the shared call budget, budget.ts, decides when).
 */
import { z } from "zod";
import type { MonobankConfig } from "./config.ts";

export const StatementItemSchema = z.looseObject({
  id: z.string().min(1),
  time: z.number().int(),
  description: z.string().optional(),
  amount: z.number().int(),
  operationAmount: z.number().int().optional(),
  currencyCode: z.number().int().optional(),
  balance: z.number().int().optional(),
  comment: z.string().optional(),
});
export type StatementItem = z.infer<typeof StatementItemSchema>;

export const JarSchema = z.looseObject({
  id: z.string(),
  sendId: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  currencyCode: z.number().int().optional(),
  balance: z.number().int().optional(),
  goal: z.number().int().nullable().optional(),
});

export const ClientInfoSchema = z.looseObject({
  clientId: z.string().optional(),
  name: z.string().optional(),
  webHookUrl: z.string().optional(),
  permissions: z.string().optional(),
  accounts: z.array(z.looseObject({ id: z.string() })).optional(),
  jars: z.array(JarSchema).optional(),
});
export type ClientInfo = z.infer<typeof ClientInfoSchema>;

/** The provider answers at most this many items per statement call, newest first. */
export const STATEMENT_PAGE = 500;
/** The longest statement window the provider accepts: 31 days and 1 hour. */
export const MAX_WINDOW_S = 31 * 86_400 + 3_600;

export class ProviderError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when there was no answer (network, timeout). */
    readonly status: number,
    /** Seconds the provider asked to wait (Retry-After), when it said. */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }

  /** A 4xx other than 429 is a problem of ours (a wrong token or jar id): retrying sooner will not help. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

export class MonobankClient {
  constructor(private readonly config: Pick<MonobankConfig, "apiUrl" | "token" | "timeoutMs">) {}

  private async request<S extends z.ZodType>(method: "GET" | "POST", path: string, schema: S, body?: unknown): Promise<z.output<S>> {
    let response: Response;
    try {
      response = await fetch(`${this.config.apiUrl}${path}`, {
        method,
        headers: { "X-Token": this.config.token, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.config.timeoutMs),
        redirect: "error",
      });
    } catch (err) {
      const timedOut = err instanceof DOMException && err.name === "TimeoutError";
      throw new ProviderError(timedOut ? `no answer within ${this.config.timeoutMs} ms` : `unreachable: ${err instanceof Error ? err.message : String(err)}`, 0);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (err) {
      throw new ProviderError(`answer cut off: ${err instanceof Error ? err.message : String(err)}`, 0);
    }
    if (!response.ok) {
      const retryAfter = Number(response.headers.get("retry-after"));
      throw new ProviderError(`${method} ${path.replace(/\/personal\/statement\/[^/]+/, "/personal/statement/…")} answered ${response.status}: ${text.slice(0, 200)}`, response.status, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
    }
    let json: unknown;
    try {
      json = text === "" ? {} : JSON.parse(text);
    } catch {
      throw new ProviderError(`${method} ${path}: the answer is not JSON`, 502);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new ProviderError(`${method} ${path}: unexpected answer: ${parsed.error.issues[0]?.message ?? ""}`, 502);
    return parsed.data;
  }

  clientInfo(): Promise<ClientInfo> {
    return this.request("GET", "/personal/client-info", ClientInfoSchema);
  }

  /** Items of `account` between two Unix times (seconds), newest first, at most 500. */
  statement(account: string, fromS: number, toS: number): Promise<StatementItem[]> {
    if (toS - fromS > MAX_WINDOW_S) throw new Error(`a statement window is at most ${MAX_WINDOW_S} s`);
    return this.request("GET", `/personal/statement/${encodeURIComponent(account)}/${fromS}/${toS}`, z.array(StatementItemSchema));
  }

  /** Asks the bank to POST new statement items to `url` (it first checks the URL with a GET). */
  async setWebhook(url: string): Promise<void> {
    await this.request("POST", "/personal/webhook", z.unknown(), { webHookUrl: url });
  }
}
