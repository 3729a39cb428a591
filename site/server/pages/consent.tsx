/** The OAuth consent page (issue 28): which app asks, what it may do, allow or deny; the account's connected apps. */
import { fill } from "../../i18n/index.ts";
import { formatTime } from "./account.tsx";
import { Layout, type PageFrame } from "./layout.tsx";

export interface ConsentRequest {
  clientId: string;
  clientName: string;
  redirectUri: string;
  codeChallenge: string;
  state: string | undefined;
}

export function ConsentPage(props: PageFrame & { request: ConsentRequest; email: string; credits: number }) {
  const o = props.t.oauth;
  const { request } = props;
  return (
    <Layout {...props} title={o.title}>
      <section class="card narrow">
        <h1>{o.title}</h1>
        <p>
          <strong>{fill(o.ask, { client: request.clientName })}</strong>
        </p>
        <p>{fill(o.account, { email: props.email, credits: props.credits })}</p>
        <p class="muted">{fill(o.redirect, { host: new URL(request.redirectUri).host || request.redirectUri })}</p>
        <form method="post" action="/oauth/authorize" class="stack">
          <input type="hidden" name="client_id" value={request.clientId} />
          <input type="hidden" name="redirect_uri" value={request.redirectUri} />
          <input type="hidden" name="code_challenge" value={request.codeChallenge} />
          <input type="hidden" name="code_challenge_method" value="S256" />
          <input type="hidden" name="response_type" value="code" />
          {request.state === undefined ? null : <input type="hidden" name="state" value={request.state} />}
          <div class="choice">
            <button type="submit" name="decision" value="allow" class="primary">{o.allow}</button>
            <button type="submit" name="decision" value="deny">{o.deny}</button>
          </div>
        </form>
      </section>
    </Layout>
  );
}

interface AppRow {
  grantId: number;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export function ConnectedApps(props: PageFrame & { apps: AppRow[] }) {
  const o = props.t.oauth;
  const when = (ms: number) => formatTime(ms, props.locale);
  return (
    <section class="card" aria-labelledby="apps-title">
      <h2 id="apps-title">{o.apps}</h2>
      <p class="hint">{o.appsIntro}</p>
      {props.apps.length === 0 ? (
        <p class="muted">{o.appsNone}</p>
      ) : (
        <ul class="apps">
          {props.apps.map((app) => (
            <li>
              <strong>{app.name}</strong> <span class="muted">{fill(o.connected, { date: when(app.createdAt) })}{app.lastUsedAt ? `, ${fill(o.lastUsed, { date: when(app.lastUsedAt) })}` : ""}</span>{" "}
              <form method="post" action={`/account/apps/${app.grantId}/disconnect`} class="inline-form" data-confirm={fill(o.disconnectConfirm, { name: app.name })}>
                <button type="submit" class="small danger">{o.disconnect}</button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
