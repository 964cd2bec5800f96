// The routed views of the Publications app and the redirect of the bare
// /publications URL to Stats.
import type { AnyComponent } from "preact";
import { useEffect } from "preact/hooks";
import { useLocation } from "preact-iso";
import { useI18n } from "../lib/i18n-context";
import { appPath } from "./paths";
import { Heading } from "./ui";
import { useSite } from "./site";
import { StatsView } from "./stats/StatsView";
import { PostStatsView } from "./stats/PostStatsView";
import { PostsView } from "./posts/PostsView";
import { EditPostView, NewPostView } from "./posts/EditorView";
import { SettingsView } from "./settings/SettingsView";
import { CommentsView } from "./comments/CommentsView";

/** views lists each route (path pattern) and its component. */
export function views(base: string): { path: string; component: AnyComponent<any> }[] {
  return [
    { path: appPath(base), component: Home },
    { path: appPath(base, "/"), component: Home },
    { path: appPath(base, "/stats"), component: StatsView },
    { path: appPath(base, "/stats/:id"), component: PostStatsView },
    { path: appPath(base, "/posts"), component: PostsView },
    { path: appPath(base, "/posts/new"), component: NewPostView },
    { path: appPath(base, "/posts/:id"), component: EditPostView },
    { path: appPath(base, "/comments"), component: CommentsView },
    { path: appPath(base, "/settings"), component: SettingsView },
  ];
}

/** Home sends /publications to the Stats view (replacing the history entry). */
function Home() {
  const loc = useLocation();
  const site = useSite();
  useEffect(() => loc.route(site.link("/stats"), true), []);
  return null;
}

/** NotFoundView answers an unknown app URL. */
export function NotFoundView() {
  const { t } = useI18n();
  const site = useSite();
  return (
    <section class="view">
      <Heading>{t("notFound.heading")}</Heading>
      <p>
        <a href={site.link("/stats")}>{t("notFound.back")}</a>
      </p>
    </section>
  );
}
