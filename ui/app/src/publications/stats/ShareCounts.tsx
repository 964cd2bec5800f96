// ShareCounts: one post's share-link clicks per service (Post.shareCounts,
// owner-only; docs/SPEC.md#share-links). Unpublished posts have no share
// links: nothing is shown for them.
import { useQuery } from "@urql/preact";
import { useI18n } from "../../lib/i18n-context";
import { ShareCountsQuery } from "./ops";

export function ShareCounts(props: { postId: string }) {
  const { t, lang } = useI18n();
  const [res] = useQuery({ query: ShareCountsQuery, variables: { id: props.postId }, requestPolicy: "network-only" });
  const counts = res.data?.publishedPost?.shareCounts;
  if (!counts) return null;
  return (
    <section class="share-counts" aria-labelledby="shares-h">
      <h2 id="shares-h">{t("stats.sharesHeading")}</h2>
      <p class="muted">{t("stats.sharesIntro")}</p>
      <table class="data">
        <thead>
          <tr>
            <th scope="col">{t("stats.colService")}</th>
            <th scope="col" class="num">
              {t("stats.colClicks")}
            </th>
          </tr>
        </thead>
        <tbody>
          {counts.map((c) => (
            <tr key={c.service} data-service={c.service}>
              <th scope="row">{t(`stats.svc${c.service}`)}</th>
              <td class="num">{c.count.toLocaleString(lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
