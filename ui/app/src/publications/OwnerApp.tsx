// The signed-in owner's app: skip link, header with the tabs (Stats,
// Posts, Comments, Settings), language and log-out, and the routed view
// in <main>. After login and after every navigation focus moves to the
// view's <h1>, so keyboard and screen-reader users start at the top of
// what changed. The views wait for the site's time zone (pubConfig
// timeZone): every date they show or take is in it, labelled, whatever
// the browser's zone; a Settings save that changes it asks again
// (site.reloadZone).
import { useEffect, useMemo, useState } from "preact/hooks";
import { useClient, useQuery } from "@urql/preact";
import { Router, Route, useLocation } from "preact-iso";
import { useI18n } from "../lib/i18n-context";
import { errorText } from "../lib/errors";
import type { CombinedError } from "@urql/core";
import { LogoutMutation } from "./ops-session";
import type { Me } from "./me";
import { LangSwitch } from "./LangSwitch";
import { appPath, query, useBase } from "./paths";
import { SiteContext, type SiteInfo } from "./site";
import { hasDrafts } from "./drafts";
import { NotFoundView, views } from "./views";
import { SiteZoneQuery } from "./ops-site";
import { ErrorNote, Loading } from "./ui";
import { subscribe } from "../lib/live";
import { NotificationSubscription } from "./ops-live";

export function OwnerApp(props: { me: Me; onLoggedOut: () => void }) {
  const { me } = props;
  const { t } = useI18n();
  const base = useBase();
  const client = useClient();
  const loc = useLocation();
  const [logoutError, setLogoutError] = useState<CombinedError | null>(null);
  // An admin may manage another user's Stats and Settings with ?user=ID.
  const target = me.isAdmin && /^[0-9A-Fa-f]{16}$/.test(loc.query.user ?? "") && loc.query.user.toUpperCase() !== me.id ? loc.query.user.toUpperCase() : "";
  const [zoneRes, refetchZone] = useQuery({ query: SiteZoneQuery, variables: { userId: target || me.id } });
  const zone = zoneRes.data?.pubConfig.timeZone ?? "";
  // New comment notifications, live: the Comments tab shows how many
  // arrived since it was last open, and the open views re-read.
  const [liveNotes, setLiveNotes] = useState(0);
  const [seenNotes, setSeenNotes] = useState(0);
  useEffect(
    () => subscribe({ basePath: base, document: NotificationSubscription, onData: () => setLiveNotes((n) => n + 1) }),
    [base, me.id],
  );
  const site = useMemo<SiteInfo>(
    () => ({
      userId: target || me.id,
      other: target !== "",
      admin: me.isAdmin,
      zone,
      reloadZone: () => refetchZone({ requestPolicy: "network-only" }),
      link: (path, params = {}) => appPath(base, path) + query({ ...params, user: target || undefined }),
      liveNotes,
    }),
    [target, me.id, me.isAdmin, base, zone, refetchZone, liveNotes],
  );

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
  const onComments = here.startsWith("/comments");
  useEffect(() => {
    if (onComments) setSeenNotes(liveNotes);
  }, [onComments, liveNotes]);
  const badge = onComments ? 0 : liveNotes - seenNotes;
  return (
    <>
      <a class="skip" href="#main">{t("skip")}</a>
      <header class="bar">
        <p class="brand">{t("title")}</p>
        <nav aria-label={t("nav.label")}>
          <ul class="tabs">
            {tabs.map((tab) => (
              <li key={tab.path}>
                <a href={site.link(tab.path)} aria-current={here.startsWith(tab.path) ? "page" : undefined}>
                  {tab.label}
                  {tab.path === "/comments" && badge > 0 && (
                    <span class="badge live-badge" aria-label={t("nav.newBadge", { count: badge })}>
                      {badge}
                    </span>
                  )}
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
      <SiteContext.Provider value={site}>
        <main id="main" tabIndex={-1}>
          {site.other && <p class="notice">{t("adminViewing", { id: site.userId })}</p>}
          {!zone && !zoneRes.error && <Loading />}
          {!zone && zoneRes.error && <ErrorNote error={zoneRes.error} onRetry={() => refetchZone({ requestPolicy: "network-only" })} />}
          {zone && (
            <Router>
              {views(base).map((v) => (
                <Route key={v.path} path={v.path} component={v.component} me={me} />
              ))}
              <Route default component={NotFoundView} />
            </Router>
          )}
        </main>
      </SiteContext.Provider>
    </>
  );
}
