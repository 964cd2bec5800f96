// Comments: the pending queue across the owner's posts (oldest first, 20 a
// page, page in the URL), unread notifications with mark-as-read, and the
// most recent published comments.
import { useState } from "preact/hooks";
import { useClient, useQuery } from "@urql/preact";
import { useLocation } from "preact-iso";
import { useI18n } from "../../lib/i18n-context";
import { errorText } from "../../lib/errors";
import { fmtDateTime } from "../../lib/time";
import { ActionError, ErrorNote, Heading, Loading } from "../ui";
import { useSite } from "../site";
import { MarkReadMutation, NotificationsQuery, OwnerCommentsQuery } from "./ops";
import { CommentRow } from "./CommentRow";

const PAGE = 20;

export function CommentsView() {
  const { t } = useI18n();
  const site = useSite();
  const loc = useLocation();
  const page = Math.max(1, Math.floor(Number(loc.query.page) || 1));
  const [pending, refetchPending] = useQuery({ query: OwnerCommentsQuery, variables: { userId: site.userId, status: "PENDING", order: "OLDEST", offset: (page - 1) * PAGE, limit: PAGE }, requestPolicy: "network-only" });
  const [recent, refetchRecent] = useQuery({ query: OwnerCommentsQuery, variables: { userId: site.userId, status: "PUBLISHED", order: "NEWEST", offset: 0, limit: 10 }, requestPolicy: "network-only" });
  const refresh = () => {
    refetchPending({ requestPolicy: "network-only" });
    refetchRecent({ requestPolicy: "network-only" });
  };
  const total = pending.data?.ownerPubComments.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE));
  return (
    <section class="view comments">
      <Heading>{t("comments.heading")}</Heading>
      <h2 id="pending-h">{t("comments.pendingHeading", { count: total })}</h2>
      <p class="muted">{t("comments.pendingHint")}</p>
      {pending.fetching && !pending.data && <Loading />}
      {pending.error && <ErrorNote error={pending.error} onRetry={refresh} />}
      {pending.data && total === 0 && <p>{t("comments.noPending")}</p>}
      {pending.data && total > 0 && (
        <ul class="comment-list" aria-labelledby="pending-h">
          {pending.data.ownerPubComments.items.map((c) => (
            <CommentRow key={c.id} c={c} onChanged={refresh} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav class="pager" aria-label={t("comments.pages")}>
          {page > 1 ? <a href={site.link("/comments", { page: page - 1 > 1 ? page - 1 : undefined })} rel="prev">{t("stats.prev")}</a> : <span />}
          <span>{t("stats.pageOf", { page, pages })}</span>
          {page < pages ? <a href={site.link("/comments", { page: page + 1 })} rel="next">{t("stats.next")}</a> : <span />}
        </nav>
      )}
      {!site.other && <Notifications />}
      <h2 id="recent-h">{t("comments.recentHeading")}</h2>
      {recent.fetching && !recent.data && <Loading />}
      {recent.error && <ErrorNote error={recent.error} onRetry={refresh} />}
      {recent.data && recent.data.ownerPubComments.items.length === 0 && <p class="muted">{t("comments.noRecent")}</p>}
      {recent.data && recent.data.ownerPubComments.items.length > 0 && (
        <ul class="comment-list" aria-labelledby="recent-h">
          {recent.data.ownerPubComments.items.map((c) => (
            <CommentRow key={c.id} c={c} onChanged={refresh} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Notifications() {
  const { t, lang } = useI18n();
  const site = useSite();
  const client = useClient();
  const [res, refetch] = useQuery({ query: NotificationsQuery, requestPolicy: "network-only" });
  const [error, setError] = useState("");
  const mark = async (ids: string[] | null) => {
    setError("");
    const r = await client.mutation(MarkReadMutation, { ids }).toPromise();
    if (r.error) setError(errorText(t, r.error));
    else refetch({ requestPolicy: "network-only" });
  };
  const n = res.data?.pubCommentNotifications.unreadCount ?? 0;
  return (
    <>
      <h2 id="notes-h">{t("comments.notificationsHeading", { count: n })}</h2>
      {res.fetching && !res.data && <Loading />}
      {res.error && <ErrorNote error={res.error} onRetry={() => refetch({ requestPolicy: "network-only" })} />}
      {res.data && n === 0 && <p class="muted">{t("comments.noNotifications")}</p>}
      {res.data && n > 0 && (
        <>
          <ul class="note-list" aria-labelledby="notes-h">
            {res.data.pubCommentNotifications.items.map((x) => (
              <li key={x.id}>
                <span>
                  {/* U+2068..U+2069 isolate the nickname: no stored text can reorder the line. */}
                  {t("comments.notification", { nickname: "\u2068" + x.nickname + "\u2069" })}{" "}
                  <a href={site.link(`/stats/${x.postId}`)}>{t("comments.viewPost")}</a>{" "}
                  <time class="muted" dateTime={x.createdAt}>
                    {fmtDateTime(x.createdAt, site.zone, lang)} ({site.zone})
                  </time>
                </span>
                <button type="button" class="secondary" onClick={() => mark([x.id])} aria-label={t("comments.markReadNamed", { nickname: x.nickname })}>
                  {t("comments.markRead")}
                </button>
              </li>
            ))}
          </ul>
          <div class="actions">
            <button type="button" class="secondary" onClick={() => mark(null)}>
              {t("comments.markAllRead")}
            </button>
          </div>
          <ActionError text={error} />
        </>
      )}
    </>
  );
}
