// The sign-in form. Errors appear under the button in plain words; focus
// moves to the page heading after login (OwnerApp does that).
import { useState } from "preact/hooks";
import { useClient } from "@urql/preact";
import type { CombinedError } from "@urql/core";
import { useI18n } from "../lib/i18n-context";
import { errorCode, errorText } from "../lib/errors";
import { LoginMutation } from "./ops-session";
import type { Me } from "./me";
import { LangSwitch } from "./LangSwitch";

export function Login(props: { onLoggedIn: (me: Me) => void }) {
  const client = useClient();
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<CombinedError | null>(null);

  const submit = async (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    setBusy(true);
    setError(null);
    const r = await client
      .mutation(LoginMutation, { loginName: String(data.get("loginName") ?? ""), password: String(data.get("password") ?? "") })
      .toPromise();
    setBusy(false);
    if (r.error || !r.data) {
      setError(r.error ?? null);
      return;
    }
    props.onLoggedIn(r.data.login.me);
  };

  // UNAUTHENTICATED from login means a wrong name or password.
  const message = error && (errorCode(error) === "UNAUTHENTICATED" ? t("login.wrong") : errorText(t, error));
  return (
    <>
      <a class="skip" href="#main">{t("skip")}</a>
      <header class="bar">
        <p class="brand">{t("title")}</p>
        <div class="account">
          <LangSwitch />
        </div>
      </header>
      <main id="main" class="center" tabIndex={-1}>
        <form class="form login" onSubmit={submit} aria-labelledby="login-h">
          <h1 id="login-h">{t("login.heading")}</h1>
          <label>
            {t("login.name")}
            <input name="loginName" autoComplete="username" required />
          </label>
          <label>
            {t("login.password")}
            <input name="password" type="password" autoComplete="current-password" required />
          </label>
          <div class="actions">
            <button type="submit" disabled={busy}>{busy ? t("login.busy") : t("login.submit")}</button>
          </div>
          {message && <p class="error" role="alert">{message}</p>}
        </form>
      </main>
    </>
  );
}
