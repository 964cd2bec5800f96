// The routed views of the Publications app.
import type { AnyComponent } from "preact";
import { useEffect } from "preact/hooks";
import { useLocation } from "preact-iso";
import { useI18n } from "../lib/i18n-context";
import { appPath, useBase } from "./paths";

/** views lists each route (path pattern under the base) and its component. */
export function views(base: string): { path: string; component: AnyComponent<any> }[] {
  return [
    { path: appPath(base), component: Home },
    { path: appPath(base, "/"), component: Home },
  ];
}

/** Home sends /publications to the Stats view (replacing the history entry). */
function Home() {
  const loc = useLocation();
  const base = useBase();
  useEffect(() => loc.route(appPath(base, "/stats") + (loc.url.includes("?") ? loc.url.slice(loc.url.indexOf("?")) : ""), true), []);
  return null;
}

/** NotFoundView answers an unknown app URL. */
export function NotFoundView() {
  const { t } = useI18n();
  const base = useBase();
  return (
    <section>
      <h1 tabIndex={-1}>{t("notFound.heading")}</h1>
      <p>
        <a href={appPath(base, "/stats")}>{t("notFound.back")}</a>
      </p>
    </section>
  );
}
