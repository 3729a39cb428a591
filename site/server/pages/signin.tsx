/** The sign-in pages: the address form, the code form, the link confirmation. */
import { fill } from "../../i18n/index.ts";
import { Layout, type PageFrame } from "./layout.tsx";

interface Notice {
  error?: string;
}

export function SignInPage(props: PageFrame & Notice & { email?: string }) {
  const s = props.t.signIn;
  return (
    <Layout {...props} title={s.title}>
      <section class="card narrow">
        <h1>{s.title}</h1>
        <p>{s.intro}</p>
        {props.error ? <p class="alert error" role="alert">{props.error}</p> : null}
        <form method="post" action="/signin" class="stack">
          <label>
            <span>{s.email}</span>
            <input type="email" name="email" required autocomplete="email" value={props.email ?? ""} autofocus />
          </label>
          <button type="submit" class="primary">{s.send}</button>
        </form>
      </section>
    </Layout>
  );
}

export function CodePage(props: PageFrame & Notice & { email: string; minutes: number }) {
  const s = props.t.signIn;
  return (
    <Layout {...props} title={s.sentTitle}>
      <section class="card narrow">
        <h1>{s.sentTitle}</h1>
        <p>{fill(s.sent, { email: props.email, minutes: props.minutes })}</p>
        {props.error ? <p class="alert error" role="alert">{props.error}</p> : null}
        <form method="post" action="/signin/code" class="stack">
          <input type="hidden" name="email" value={props.email} />
          <label>
            <span>{s.code}</span>
            <input type="text" name="code" required inputmode="numeric" pattern="[0-9]{6}" maxlength={6} autocomplete="one-time-code" autofocus class="code-input" />
          </label>
          <button type="submit" class="primary">{s.verify}</button>
        </form>
        <form method="post" action="/signin" class="inline-form">
          <input type="hidden" name="email" value={props.email} />
          <button type="submit" class="link-button">{s.again}</button>
        </form>
      </section>
    </Layout>
  );
}

export function LinkPage(props: PageFrame & { token: string }) {
  const s = props.t.signIn;
  return (
    <Layout {...props} title={s.linkTitle}>
      <section class="card narrow">
        <h1>{s.linkTitle}</h1>
        <p>{s.linkIntro}</p>
        <form method="post" action="/signin/link">
          <input type="hidden" name="token" value={props.token} />
          <button type="submit" class="primary">{s.verify}</button>
        </form>
      </section>
    </Layout>
  );
}

/** A short page with one message (limits, bad links, not found). */
export function MessagePage(props: PageFrame & { title: string; message: string; back?: { href: string; label: string } }) {
  return (
    <Layout {...props} title={props.title}>
      <section class="card narrow">
        <h1>{props.title}</h1>
        <p role="alert">{props.message}</p>
        {props.back ? <p><a href={props.back.href}>{props.back.label}</a></p> : null}
      </section>
    </Layout>
  );
}
