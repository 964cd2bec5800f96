// The Publications app's root: who is signed in. Anonymous people get the
// login form; a signed-in owner gets OwnerApp, keyed by their user ID and
// given a fresh GraphQL client, so no state, cache or form of one account
// survives into the next (log-out also drops that owner's local drafts).
import { useEffect, useMemo, useState } from "preact/hooks";
import { Provider, useClient } from "@urql/preact";
import { LocationProvider } from "preact-iso";
import type { CombinedError } from "@urql/core";
import { newClient } from "../lib/client";
import { useI18n } from "../lib/i18n-context";
import { errorText } from "../lib/errors";
import { MeQuery } from "./ops-session";
import type { Me } from "./me";
import { Login } from "./Login";
import { OwnerApp } from "./OwnerApp";
import { BaseContext } from "./paths";
import { clearDrafts } from "./drafts";

type Session = { kind: "loading" } | { kind: "error"; error: CombinedError } | { kind: "anonymous" } | { kind: "owner"; me: Me };

export function App(props: { basePath: string }) {
  const client = useClient();
  const { t } = useI18n();
  const [session, setSession] = useState<Session>({ kind: "loading" });

  const load = () => {
    setSession({ kind: "loading" });
    void client
      .query(MeQuery, {}, { requestPolicy: "network-only" })
      .toPromise()
      .then((r) => {
        if (r.error) setSession({ kind: "error", error: r.error });
        else setSession(r.data?.me ? { kind: "owner", me: r.data.me } : { kind: "anonymous" });
      });
  };
  useEffect(load, [client]);

  const onLoggedOut = (userId: string) => {
    clearDrafts(userId);
    setSession({ kind: "anonymous" });
  };

  let body;
  switch (session.kind) {
    case "loading":
      body = (
        <main id="main" class="center">
          <p class="muted" role="status">{t("common:loading")}</p>
        </main>
      );
      break;
    case "error":
      body = (
        <main id="main" class="center">
          <h1 tabIndex={-1}>{t("title")}</h1>
          <p class="error" role="alert">{errorText(t, session.error)}</p>
          <button type="button" onClick={load}>{t("common:retry")}</button>
        </main>
      );
      break;
    case "anonymous":
      body = <Login onLoggedIn={(me) => setSession({ kind: "owner", me })} />;
      break;
    case "owner":
      body = <Owner key={session.me.id} me={session.me} basePath={props.basePath} onLoggedOut={onLoggedOut} />;
      break;
  }
  return (
    <BaseContext.Provider value={props.basePath}>
      <LocationProvider>{body}</LocationProvider>
    </BaseContext.Provider>
  );
}

/** Owner gives one signed-in owner their own GraphQL client (empty cache). */
function Owner(props: { me: Me; basePath: string; onLoggedOut: (userId: string) => void }) {
  const client = useMemo(() => newClient(props.basePath), [props.basePath]);
  return (
    <Provider value={client}>
      <OwnerApp me={props.me} onLoggedOut={() => props.onLoggedOut(props.me.id)} />
    </Provider>
  );
}
