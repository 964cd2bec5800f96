// One comment: nickname, time (in the site's time zone, labelled), badges, the text (converted to full-width
// in vertical themes; never markup) and, for the article's owner and
// admins, approve / edit / delete in place.
import { useState } from "preact/hooks";
import { useClient } from "@urql/preact";
import type { CombinedError } from "@urql/core";
import { useI18n } from "../lib/i18n-context";
import { commentErrorText } from "./errors";
import { ApproveMutation, DeleteMutation, EditMutation } from "./ops";
import { fullWidth, latinRuns } from "./text";
import { BodyField, BodyLimit } from "./BodyField";
import { fmtDateTime } from "../lib/time";

export interface CommentView {
  id: string;
  nickname: string;
  body: string;
  status: "PENDING" | "PUBLISHED";
  isAuthor: boolean;
  createdAt: string;
  viewerCanEdit: boolean;
  viewerCanModerate: boolean;
  /** PubComment.version as shown (sent as ifVersion). */
  version?: string;
}

export function CommentItem(props: { comment: CommentView; vertical: boolean; zone: string; onChanged: () => void }) {
  const c = props.comment;
  const { t, lang } = useI18n();
  const client = useClient();
  const [mode, setMode] = useState<"view" | "edit" | "confirm-delete">("view");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<CombinedError | null>(null);
  const shown = (s: string) => (props.vertical ? fullWidth(s) : s);
  const pending = c.status === "PENDING";
  const headID = `stgy-comment-${c.id}-by`;

  const run = async (op: () => Promise<{ error?: CombinedError }>) => {
    setBusy(true);
    setError(null);
    const r = await op();
    setBusy(false);
    if (r.error) {
      setError(r.error);
      return false;
    }
    setMode("view");
    props.onChanged();
    return true;
  };
  // Each write sends the version shown: a comment changed elsewhere
  // meanwhile is left alone (CONFLICT) instead of being overwritten.
  const approve = () => run(() => client.mutation(ApproveMutation, { id: c.id, ifVersion: c.version ?? null }).toPromise());
  const remove = () => run(() => client.mutation(DeleteMutation, { id: c.id, ifVersion: c.version ?? null }).toPromise());
  const save = (e: Event) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget as HTMLFormElement);
    void run(() =>
      client
        .mutation(EditMutation, { id: c.id, nickname: String(data.get("nickname") ?? ""), body: String(data.get("body") ?? ""), ifVersion: c.version ?? null })
        .toPromise(),
    );
  };

  return (
    <article class={pending ? "cw-comment pending" : "cw-comment"} id={`stgy-comment-${c.id}`} aria-labelledby={headID}>
      <header class="cw-head" id={headID}>
        <span class="cw-nick">
          <bdi dir="auto">{shown(c.nickname)}</bdi>
        </span>
        {c.isAuthor && <span class="cw-badge owner">{t("badge.owner")}</span>}
        {pending && <span class="cw-badge pending">{t("badge.pending")}</span>}
        <time class="cw-muted" dateTime={c.createdAt}>
          {fmtDateTime(c.createdAt, props.zone, lang)} ({props.zone})
        </time>
      </header>
      {mode !== "edit" && (
        <p class="cw-body" dir="auto">
          {props.vertical ? <VerticalText text={c.body.replace(/\n$/, "")} /> : c.body.replace(/\n$/, "")}
        </p>
      )}
      {mode === "edit" && (
        <form class="cw-form cw-edit" onSubmit={save} aria-label={t("edit.label")}>
          <label class="cw-field">
            {t("form.nickname")}
            <input name="nickname" defaultValue={c.nickname} required autoComplete="nickname" dir="auto" />
          </label>
          <BodyField initial={c.body.replace(/\n$/, "")} label={t("form.body")}>
            {(over) => (
              <>
                <button type="submit" class="cw-button" disabled={busy || over}>
                  {t("edit.save")}
                </button>
                <button type="button" class="cw-button secondary" onClick={() => setMode("view")}>
                  {t("edit.cancel")}
                </button>
              </>
            )}
          </BodyField>
        </form>
      )}
      {mode === "view" && (c.viewerCanModerate || c.viewerCanEdit) && (
        <div class="cw-actions">
          {pending && c.viewerCanModerate && (
            <button type="button" class="cw-button" disabled={busy} onClick={approve}>
              {t("action.approve")}
            </button>
          )}
          {c.viewerCanEdit && (
            <button type="button" class="cw-button secondary" disabled={busy} onClick={() => setMode("edit")}>
              {t("action.edit")}
            </button>
          )}
          {c.viewerCanModerate && (
            <button type="button" class="cw-button danger" disabled={busy} onClick={() => setMode("confirm-delete")}>
              {t("action.delete")}
            </button>
          )}
        </div>
      )}
      {mode === "confirm-delete" && (
        <div class="cw-actions" role="group" aria-label={t("action.confirmDelete")}>
          <span>{t("action.confirmDelete")}</span>
          <button type="button" class="cw-button danger" disabled={busy} onClick={remove}>
            {t("action.deleteYes")}
          </button>
          <button type="button" class="cw-button secondary" onClick={() => setMode("view")}>
            {t("edit.cancel")}
          </button>
        </div>
      )}
      {error && (
        <p class="cw-error" role="alert">
          {commentErrorText(t, error, { nickname: 30, body: BodyLimit })}
        </p>
      )}
    </article>
  );
}

/**
 * VerticalText is a body in a vertical theme: converted to full width
 * (fullWidth), each run of Latin letters and digits in a span that keeps
 * the word whole (word-break: keep-all), so an English word is not broken
 * at any letter while Japanese text wraps as usual.
 */
function VerticalText(props: { text: string }) {
  return (
    <>
      {latinRuns(props.text).map((r) => (r.latin ? <span class="cw-latin">{fullWidth(r.text)}</span> : fullWidth(r.text)))}
    </>
  );
}
