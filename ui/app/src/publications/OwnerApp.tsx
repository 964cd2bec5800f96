// The signed-in owner's app: skip link, header with the tabs (Stats,
// Posts, Comments, Settings), language and log-out, and the routed view
// in <main>. After login and after every navigation focus moves to the
// view's <h1>, so keyboard and screen-reader users start at the top of
// what changed.
import { useEffect, useState } from "preact/hooks";
import { useClient } from "@urql/preact";
import { Router, Route, useLocation } from "preact-iso";
import { useI18n } from "../lib/i18n-context";
import { errorText } from "../lib/errors";
import type { CombinedError } from "@urql/core";
import { LogoutMutation } from "./ops-session";
import type { Me } from "./App";
import { LangSwitch } from "./LangSwitch";
import { appPath, useBase } from "./paths";
import { hasDrafts } from "./drafts";
import { NotFoundView, views } from "./views";

export function OwnerApp(props: { me: Me; onLoggedOut: () => void }) {
  const { me } = props;
  const { t } = useI18n();
  const base = useBase();
  const client = useClient();
  const loc = useLocation();
  const [logoutError, setLogoutError] = useState<CombinedError | null>(null);

  // Focus the view's heading after login and after each navigation.
  useEffect(() => {
    const id = requestAnimationFrame(() => document.querySelector<HTMLElement>("main h1")?.focus());
    return () => cancelAnimationFrame(id);
  }, [loc.path]);

  const logout = async () => {
    if (hasDrafts(me.id) && !confirm(t("logoutDrafts"))) return;
    setLogoutError(null);
    const r = await client.mutation(LogoutMutation, {}).toPromise();
    if (r.error) {
      setLogoutError(r.error);
      return;
    }
    loc.route(appPath(base), true);
    props.onLoggedOut();
  };

  const tabs = [
    { path: "/stats", label: t("nav.stats") },
    { path: "/posts", label: t("nav.posts") },
    { path: "/comments", label: t("nav.comments") },
    { path: "/settings", label: t("nav.settings") },
  ];
  const here = loc.path.slice(appPath(base).length);
  return (
    <>
      <a class="skip" href="#main">{t("skip")}</a>
      <header class="bar">
        <p class="brand">{t("title")}</p>
        <nav aria-label={t("nav.label")}>
          <ul class="tabs">
            {tabs.map((tab) => (
              <li key={tab.path}>
                <a href={appPath(base, tab.path)} aria-current={here.startsWith(tab.path) ? "page" : undefined}>
                  {tab.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="account">
          <span class="who">{me.nickname}</span>
          <LangSwitch />
          <button type="button" class="secondary" onClick={logout}>{t("logout")}</button>
          {logoutError && <p class="error" role="alert">{errorText(t, logoutError)}</p>}
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Router>
          {views(base).map((v) => (
            <Route key={v.path} path={v.path} component={v.component} />
          ))}
          <Route default component={NotFoundView} />
        </Router>
      </main>
    </>
  );
}
