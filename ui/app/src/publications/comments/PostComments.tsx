// A post's comments on its Stats view: how many, and its pending queue
// with the published ones (approve, edit, delete in place).
import { useQuery } from "@urql/preact";
import { useI18n } from "../../lib/i18n-context";
import { ErrorNote, Loading } from "../ui";
import { PostCommentsQuery } from "./ops";
import { CommentRow } from "./CommentRow";

export function PostComments(props: { postId: string }) {
  const { t } = useI18n();
  const [res, refetch] = useQuery({ query: PostCommentsQuery, variables: { postId: props.postId, page: 1 }, requestPolicy: "network-only" });
  const page = res.data?.pubComments;
  const pending = page?.items.filter((c) => c.status === "PENDING") ?? [];
  const published = page?.items.filter((c) => c.status !== "PENDING") ?? [];
  const refresh = () => refetch({ requestPolicy: "network-only" });
  return (
    <section class="post-comments" aria-labelledby="pc-h">
      <h2 id="pc-h">{t("comments.postHeading", { count: page?.totalCount ?? 0 })}</h2>
      {res.fetching && !page && <Loading />}
      {res.error && <ErrorNote error={res.error} onRetry={refresh} />}
      {page && (
        <>
          <h3 id="pc-pending-h">{t("comments.pendingHeading", { count: pending.length })}</h3>
          {pending.length === 0 ? (
            <p class="muted">{t("comments.noPending")}</p>
          ) : (
            <ul class="comment-list" aria-labelledby="pc-pending-h">
              {pending.map((c) => (
                <CommentRow key={c.id} c={c} showPost={false} onChanged={refresh} />
              ))}
            </ul>
          )}
          {published.length > 0 && (
            <>
              <h3 id="pc-pub-h">{t("comments.publishedHeading")}</h3>
              <ul class="comment-list" aria-labelledby="pc-pub-h">
                {published.map((c) => (
                  <CommentRow key={c.id} c={c} showPost={false} onChanged={refresh} />
                ))}
              </ul>
            </>
          )}
          {page.hasNextPage && <p class="muted">{t("comments.moreOnPage")}</p>}
        </>
      )}
    </section>
  );
}
