// FediverseCounts: one post's standing Likes and Announces (boosts) from
// fediverse servers (Post.fediverseCounts, owner-only; docs/FEDERATION.md
// "Inbox"). Null (a server that does not federate, or not the owner):
// nothing is shown.
import { useQuery } from "@urql/preact";
import { useI18n } from "../../lib/i18n-context";
import { FediverseCountsQuery } from "./ops";

export function FediverseCounts(props: { postId: string }) {
  const { t, lang } = useI18n();
  const [res] = useQuery({ query: FediverseCountsQuery, variables: { id: props.postId }, requestPolicy: "network-only" });
  const counts = res.data?.publishedPost?.fediverseCounts;
  if (!counts) return null;
  return (
    <section class="fediverse-counts" aria-labelledby="fediverse-h">
      <h2 id="fediverse-h">{t("stats.fediverseHeading")}</h2>
      <p class="muted">{t("stats.fediverseIntro")}</p>
      <table class="data">
        <thead>
          <tr>
            <th scope="col">{t("stats.colReaction")}</th>
            <th scope="col" class="num">
              {t("stats.colCount")}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr data-reaction="LIKE">
            <th scope="row">{t("stats.fediverseLikes")}</th>
            <td class="num">{counts.likes.toLocaleString(lang)}</td>
          </tr>
          <tr data-reaction="ANNOUNCE">
            <th scope="row">{t("stats.fediverseAnnounces")}</th>
            <td class="num">{counts.announces.toLocaleString(lang)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
