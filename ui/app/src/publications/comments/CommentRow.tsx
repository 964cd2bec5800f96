// One comment in the owner's lists: post, nickname, time in the site's
// zone, the text (as text, never HTML), and approve / edit / delete with
// their errors next to the buttons.
import { useState } from "preact/hooks";
import { useClient } from "@urql/preact";
import { useI18n } from "../../lib/i18n-context";
import { errorCode, errorText } from "../../lib/errors";
import { fmtDateTime } from "../../lib/time";
import { useSite } from "../site";
import { ActionError } from "../ui";
import { ApproveMutation, DeleteMutation, EditMutation } from "./ops";

export interface CommentData {
  id: string;
  postId: string;
  postTitle: string;
  nickname: string;
  body: string;
  status: string;
  isAuthor: boolean;
  createdAt: string;
  viewerCanEdit: boolean;
  viewerCanModerate: boolean;
  version: string;
}

/**
 * CommentRow is one comment. onChanged(gone) runs after a write: gone is
 * true when the comment leaves the list it is in (approved out of the
 * queue, deleted), so the list can move focus to the next row. With
 * onSelect the row has a checkbox for bulk moderation.
 */
export function CommentRow(props: { c: CommentData; showPost?: boolean; onChanged: (gone: boolean) => void; selected?: boolean; onSelect?: (on: boolean) => void }) {
  const { t, lang } = useI18n();
  const site = useSite();
  const client = useClient();
  const { c } = props;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(c.body.replace(/\n$/, ""));
  const title = c.postTitle || t("posts.untitled");

  // Every write sends the version this row shows: a comment changed
  // elsewhere meanwhile is left alone and the list reloads to show it.
  const run = async (gone: boolean, fn: () => Promise<{ error?: import("@urql/core").CombinedError }>) => {
    setBusy(true);
    setError("");
    const r = await fn();
    setBusy(false);
    if (r.error) {
      setError(errorCode(r.error) === "CONFLICT" ? t("comments.conflict") : errorText(t, r.error));
      if (errorCode(r.error) === "CONFLICT") props.onChanged(false);
      return false;
    }
    props.onChanged(gone);
    return true;
  };
  const approve = () => run(true, () => client.mutation(ApproveMutation, { id: c.id, ifVersion: c.version }).toPromise());
  const remove = () => {
    if (!confirm(t("comments.deleteConfirm", { nickname: c.nickname }))) return;
    void run(true, () => client.mutation(DeleteMutation, { id: c.id, ifVersion: c.version }).toPromise());
  };
  const save = async (e: Event) => {
    e.preventDefault();
    if (await run(false, () => client.mutation(EditMutation, { id: c.id, body: text, ifVersion: c.version }).toPromise())) setEditing(false);
  };

  return (
    <li class="comment-card" data-comment-id={c.id}>
      <p class="comment-meta">
        {props.onSelect && (
          <span class="select">
            <input type="checkbox" id={`sel-${c.id}`} checked={props.selected} onChange={(e) => props.onSelect!(e.currentTarget.checked)} />
            <label for={`sel-${c.id}`}>
              {t("comments.select")}
              <span class="visually-hidden"> {t("comments.selectWhose", { nickname: c.nickname })}</span>
            </label>
          </span>
        )}
        <strong>
          <bdi>{c.nickname}</bdi>
        </strong>
        {c.isAuthor && <span class="badge">{t("comments.author")}</span>}
        {c.status === "PENDING" && <span class="badge badge-pending">{t("comments.pending")}</span>}{" "}
        <time dateTime={c.createdAt}>
          {fmtDateTime(c.createdAt, site.zone, lang)} <span class="zone">({site.zone})</span>
        </time>
        {props.showPost !== false && (
          <>
            {" · "}
            <a href={site.link(`/stats/${c.postId}`)}>{t("comments.on", { title })}</a>
          </>
        )}
      </p>
      {editing ? (
        <form class="form" onSubmit={save}>
          <div class="field">
            <label for={`edit-${c.id}`}>{t("comments.editLabel", { nickname: c.nickname })}</label>
            <textarea id={`edit-${c.id}`} rows={4} maxLength={1000} value={text} onInput={(e) => setText(e.currentTarget.value)} />
          </div>
          <div class="actions">
            <button type="submit" disabled={busy}>{t("comments.saveEdit")}</button>
            <button type="button" class="secondary" onClick={() => setEditing(false)}>{t("comments.cancelEdit")}</button>
          </div>
        </form>
      ) : (
        <p class="comment-body" dir="auto">
          {c.body}
        </p>
      )}
      {!editing && (
        <div class="card-actions">
          {c.viewerCanModerate && c.status === "PENDING" && (
            <button type="button" disabled={busy} onClick={approve} aria-label={t("comments.approveNamed", { nickname: c.nickname })}>
              {t("comments.approve")}
            </button>
          )}
          {c.viewerCanEdit && (
            <button type="button" class="secondary" disabled={busy} onClick={() => setEditing(true)} aria-label={t("comments.editNamed", { nickname: c.nickname })}>
              {t("comments.edit")}
            </button>
          )}
          {c.viewerCanModerate && (
            <button type="button" class="danger" disabled={busy} onClick={remove} aria-label={t("comments.deleteNamed", { nickname: c.nickname })}>
              {t("comments.delete")}
            </button>
          )}
        </div>
      )}
      <ActionError text={error} />
    </li>
  );
}
