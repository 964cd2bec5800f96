// Comments: the pending queue across the owner's posts (oldest first, 20 a
// page, page in the URL), unread notifications with mark-as-read, and the
// most recent published comments.
import { useEffect, useRef, useState } from "preact/hooks";
import { useClient, useQuery } from "@urql/preact";
import { useLocation } from "preact-iso";
import { useI18n } from "../../lib/i18n-context";
import { errorText } from "../../lib/errors";
import { fmtDateTime } from "../../lib/time";
import { ActionError, ErrorNote, Heading, Loading } from "../ui";
import { useSite } from "../site";
import { ApproveManyMutation, DeleteManyMutation, MarkReadMutation, NotificationsQuery, OwnerCommentsQuery } from "./ops";
import { CommentRow, type CommentData } from "./CommentRow";

const PAGE = 20;

export function CommentsView() {
  const { t } = useI18n();
  const site = useSite();
  const loc = useLocation();
  const page = Math.max(1, Math.floor(Number(loc.query.page) || 1));
  const [pending, refetchPending] = useQuery({ query: OwnerCommentsQuery, variables: { userId: site.userId, status: "PENDING", order: "OLDEST", offset: (page - 1) * PAGE, limit: PAGE }, requestPolicy: "network-only" });
  const [recent, refetchRecent] = useQuery({ query: OwnerCommentsQuery, variables: { userId: site.userId, status: "PUBLISHED", order: "NEWEST", offset: 0, limit: 10 }, requestPolicy: "network-only" });
  // changes counts the writes made here: the notifications reload after
  // each (a deleted comment's notification is gone).
  const [changes, setChanges] = useState(0);
  const refresh = () => {
    refetchPending({ requestPolicy: "network-only" });
    refetchRecent({ requestPolicy: "network-only" });
    setChanges((n) => n + 1);
  };
  // A live notification (a new comment on one of the owner's posts)
  // re-reads the lists: new comments show without a reload.
  useEffect(() => {
    if (site.liveNotes > 0) refresh();
  }, [site.liveNotes]);
  const total = pending.data?.ownerPubComments.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE));
  return (
    <section class="view comments">
      <Heading>{t("comments.heading")}</Heading>
      <h2 id="pending-h" tabIndex={-1}>{t("comments.pendingHeading", { count: total })}</h2>
      <p class="muted">{t("comments.pendingHint")}</p>
      {pending.fetching && !pending.data && <Loading />}
      {pending.error && <ErrorNote error={pending.error} onRetry={refresh} />}
      {pending.data && <PendingList items={pending.data.ownerPubComments.items} fetching={pending.fetching} onChanged={refresh} />}
      {pages > 1 && (
        <nav class="pager" aria-label={t("comments.pages")}>
          {page > 1 ? <a href={site.link("/comments", { page: page - 1 > 1 ? page - 1 : undefined })} rel="prev">{t("stats.prev")}</a> : <span />}
          <span>{t("stats.pageOf", { page, pages })}</span>
          {page < pages ? <a href={site.link("/comments", { page: page + 1 })} rel="next">{t("stats.next")}</a> : <span />}
        </nav>
      )}
      {!site.other && <Notifications changes={changes} />}
      <h2 id="recent-h">{t("comments.recentHeading")}</h2>
      {recent.fetching && !recent.data && <Loading />}
      {recent.error && <ErrorNote error={recent.error} onRetry={refresh} />}
      {recent.data && recent.data.ownerPubComments.items.length === 0 && <p class="muted">{t("comments.noRecent")}</p>}
      {recent.data && recent.data.ownerPubComments.items.length > 0 && (
        <ul class="comment-list" aria-labelledby="recent-h">
          {recent.data.ownerPubComments.items.map((c) => (
            <CommentRow key={c.id} c={c} onChanged={() => refresh()} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Notifications(props: { changes: number }) {
  const { t, lang } = useI18n();
  const site = useSite();
  const client = useClient();
  const [res, refetch] = useQuery({ query: NotificationsQuery, requestPolicy: "network-only" });
  useEffect(() => {
    if (props.changes > 0) refetch({ requestPolicy: "network-only" });
  }, [props.changes]);
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

/**
 * PendingList is the queue with bulk moderation: rows have checkboxes,
 * "Approve selected" and "Delete selected" send each comment with the
 * version shown (a comment changed elsewhere is left alone and named),
 * and after an approve or delete focus moves to the row that took the
 * place of the one that left (else the previous row, else the heading).
 */
function PendingList(props: { items: CommentData[]; fetching: boolean; onChanged: () => void }) {
  const { t } = useI18n();
  const client = useClient();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ text: string; error: boolean } | null>(null);
  const list = useRef<HTMLUListElement>(null);
  // focusAt: the index of the row that left, while its list reloads.
  const focusAt = useRef<number | null>(null);
  const ids = props.items.map((c) => c.id).join(",");
  useEffect(() => {
    setSelected((s) => new Set([...s].filter((id) => props.items.some((c) => c.id === id))));
    const at = focusAt.current;
    if (at === null || props.fetching) return;
    focusAt.current = null;
    const rows = list.current?.querySelectorAll<HTMLElement>("li.comment-card") ?? [];
    const row = rows[Math.min(at, rows.length - 1)];
    const target = row?.querySelector<HTMLElement>(".card-actions button") ?? document.getElementById("pending-h");
    target?.focus();
  }, [ids, props.fetching]);

  const gone = (index: number) => (left: boolean) => {
    if (left) focusAt.current = index;
    props.onChanged();
  };
  const chosen = props.items.filter((c) => selected.has(c.id));
  const bulk = async (kind: "approve" | "delete") => {
    if (chosen.length === 0) return;
    if (kind === "delete" && !confirm(t("comments.bulkDeleteConfirm", { count: chosen.length }))) return;
    setBusy(true);
    setResult(null);
    const items = chosen.map((c) => ({ id: c.id, ifVersion: c.version }));
    const first = props.items.findIndex((c) => selected.has(c.id));
    const r = kind === "approve" ? await client.mutation(ApproveManyMutation, { items }).toPromise() : await client.mutation(DeleteManyMutation, { items }).toPromise();
    setBusy(false);
    const res = r.data ? ("approvePubComments" in r.data ? r.data.approvePubComments : r.data.deletePubComments) : null;
    if (r.error || !res) {
      setResult({ text: errorText(t, r.error), error: true });
      return;
    }
    const ok = res.filter((x) => x.ok).length;
    const changed = res.filter((x) => x.code === "CONFLICT").length;
    const failed = res.length - ok - changed;
    const parts = [t(kind === "approve" ? "comments.bulkApproved" : "comments.bulkDeleted", { count: ok })];
    if (changed) parts.push(t("comments.bulkChanged", { count: changed }));
    if (failed) parts.push(t("comments.bulkFailed", { count: failed }));
    setResult({ text: parts.join(" "), error: changed + failed > 0 });
    setSelected(new Set());
    if (ok) focusAt.current = Math.max(0, first);
    props.onChanged();
  };
  const all = props.items.length > 0 && props.items.every((c) => selected.has(c.id));
  const status = (
    <p class="status" role="status" aria-live="polite">
      {result && !result.error && <span class="ok">{result.text}</span>}
    </p>
  );
  if (props.items.length === 0)
    return (
      <>
        <p>{t("comments.noPending")}</p>
        {status}
        {result?.error && <ActionError text={result.text} />}
      </>
    );
  return (
    <>
      <div class="bulk-bar" role="group" aria-label={t("comments.bulkLabel")}>
        <span class="select">
          <input type="checkbox" id="sel-all" checked={all} onChange={(e) => setSelected(e.currentTarget.checked ? new Set(props.items.map((c) => c.id)) : new Set())} />
          <label for="sel-all">{t("comments.selectAll")}</label>
        </span>
        <button type="button" disabled={busy || chosen.length === 0} onClick={() => void bulk("approve")}>
          {t("comments.bulkApprove", { count: chosen.length })}
        </button>
        <button type="button" class="danger" disabled={busy || chosen.length === 0} onClick={() => void bulk("delete")}>
          {t("comments.bulkDelete", { count: chosen.length })}
        </button>
        {status}
      </div>
      {result?.error && <ActionError text={result.text} />}
      <ul class="comment-list" aria-labelledby="pending-h" ref={list}>
        {props.items.map((c, i) => (
          <CommentRow
            key={c.id}
            c={c}
            onChanged={gone(i)}
            selected={selected.has(c.id)}
            onSelect={(on) => setSelected((s) => { const n = new Set(s); if (on) n.add(c.id); else n.delete(c.id); return n; })}
          />
        ))}
      </ul>
    </>
  );
}
