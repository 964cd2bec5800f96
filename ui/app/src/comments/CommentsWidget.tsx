// The readers' comment widget of /pub/{postId} (docs/UI.md). It mounts in
// the server-rendered comment section, loads the comments after the
// page's script starts (10 a page, Newest or Oldest), shows owners and
// admins the pending ones with their controls, and opens the form only
// after "Write a comment" (CommentForm reads the form state then). After
// a comment is posted it returns to page 1 in Newest order and moves to
// the Comments heading.
import { useEffect, useRef, useState } from "preact/hooks";
import { useQuery } from "@urql/preact";
import { useI18n } from "../lib/i18n-context";
import { errorText } from "../lib/errors";
import { CommentAddedSubscription, CommentsQuery } from "./ops";
import { subscribe } from "../lib/live";
import { CommentItem } from "./CommentItem";
import { CommentForm } from "./CommentForm";
import type { MountProps } from "../lib/mount";

export interface CommentsWidgetProps {
  postId: string;
  vertical: boolean;
  /** The site's IANA time zone (data-zone): comment times are shown in it, labelled. */
  zone: string;
}

type Order = "NEWEST" | "OLDEST";

/** headingID is the section heading the server renders (prerender pub.html). */
export const headingID = "stgy-comments-heading";

export function CommentsWidget(props: CommentsWidgetProps & MountProps) {
  const { t } = useI18n();
  const [order, setOrder] = useState<Order>("NEWEST");
  const [page, setPage] = useState(1);
  const [writing, setWriting] = useState(false);
  const [notice, setNotice] = useState("");
  const writeButton = useRef<HTMLButtonElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const cancel = () => {
    setWriting(false);
    // Back to the button that opened the form (after it renders again).
    setTimeout(() => writeButton.current?.focus(), 0);
  };
  const [{ data, fetching, error }, refetch] = useQuery({
    query: CommentsQuery,
    variables: { postId: props.postId, page, order },
  });
  const reload = () => refetch({ requestPolicy: "network-only" });
  // Comments that arrived since the list was read (pubCommentAdded:
  // published ones for readers): "N new comments — show" instead of
  // reloading under the reader's eyes.
  const [fresh, setFresh] = useState<string[]>([]);
  useEffect(
    () =>
      subscribe<{ pubCommentAdded: { id: string } }>({
        basePath: props.basePath,
        document: CommentAddedSubscription,
        variables: { postId: props.postId },
        onData: (d) => setFresh((f) => (f.includes(d.pubCommentAdded.id) ? f : [...f, d.pubCommentAdded.id])),
      }),
    [props.basePath, props.postId],
  );
  const list = data?.pubComments;
  const pages = list ? Math.max(1, Math.ceil(list.totalCount / list.pageSize)) : 1;
  const shownIDs = new Set(list?.items.map((c) => c.id) ?? []);
  const unseen = fresh.filter((id) => !shownIDs.has(id)).length;
  const showNew = () => {
    setFresh([]);
    setOrder("NEWEST");
    setPage(1);
    reload();
  };

  // The heading's count (published comments) follows the list.
  useEffect(() => {
    const count = document.querySelector(`#${headingID} .comments-count`);
    if (count && list) count.textContent = `(${list.publishedCount})`;
  }, [list?.publishedCount]);

  const posted = (pending: boolean) => {
    setWriting(false);
    setNotice(pending ? t("posted.pending") : t("posted.published"));
    setOrder("NEWEST");
    setPage(1);
    if (order === "NEWEST" && page === 1) reload();
    const h = document.getElementById(headingID);
    if (h) {
      h.setAttribute("tabindex", "-1");
      h.scrollIntoView({ block: "start" });
      h.focus({ preventScroll: true });
      // The notice beside the heading in view too (vertical themes).
      setTimeout(() => noticeRef.current?.scrollIntoView({ block: "nearest", inline: "nearest" }), 0);
    }
  };
  const choose = (o: Order) => {
    setOrder(o);
    setPage(1);
  };

  return (
    <div class={props.vertical ? "stgy-cw vertical" : "stgy-cw"}>
      <p class="cw-notice" role="status" ref={noticeRef}>
        {notice}
      </p>
      <div class="cw-toolbar">
        <div class="cw-order" role="group" aria-label={t("order.label")}>
          {(["NEWEST", "OLDEST"] as const).map((o) => (
            <button type="button" class="cw-button secondary" aria-pressed={order === o} onClick={() => choose(o)}>
              {t(o === "NEWEST" ? "order.newest" : "order.oldest")}
            </button>
          ))}
        </div>
        {!writing && (
          <button
            type="button"
            class="cw-button cw-write"
            ref={writeButton}
            onClick={() => {
              setNotice(""); // one status line at a time: the form's own messages follow
              setWriting(true);
            }}
          >
            {t("write")}
          </button>
        )}
      </div>
      {unseen > 0 && (
        <p class="cw-new">
          <button type="button" class="cw-button secondary" onClick={showNew}>
            {t("newComments", { count: unseen })}
          </button>
        </p>
      )}
      {writing && <CommentForm postId={props.postId} onPosted={posted} onCancel={cancel} />}
      {error && (
        <p class="cw-error" role="alert">
          {errorText(t, error)}{" "}
          <button type="button" class="cw-button secondary" onClick={reload}>
            {t("common:retry")}
          </button>
        </p>
      )}
      {!list && fetching && <p class="cw-muted">{t("common:loading")}</p>}
      {list && list.items.length === 0 && <p class="cw-muted">{page === 1 ? t("none") : t("emptyPage")}</p>}
      {list && list.items.length > 0 && (
        <ol class="cw-list" aria-label={t("listLabel", { count: list.totalCount })} aria-busy={fetching}>
          {list.items.map((c) => (
            <li key={c.id}>
              <CommentItem comment={c} vertical={props.vertical} zone={props.zone} onChanged={reload} />
            </li>
          ))}
        </ol>
      )}
      {list && pages > 1 && (
        <nav class="cw-pager" aria-label={t("pager.label")}>
          <button type="button" class="cw-button secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t("pager.prev")}
          </button>
          <span class="cw-muted" aria-live="polite">
            {t("pager.status", { page, pages })}
          </span>
          <button type="button" class="cw-button secondary" disabled={!list.hasNextPage} onClick={() => setPage(page + 1)}>
            {t("pager.next")}
          </button>
        </nav>
      )}
    </div>
  );
}
