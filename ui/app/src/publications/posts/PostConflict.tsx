// The editor's conflict notice: the post was saved (or deleted) elsewhere
// after this editor loaded it, so the save was refused. It shows what
// differs between the stored post and the owner's text (title and a line
// diff of the body) and offers "Keep mine" (save this text over the new
// version) or "Load theirs" (replace the form with the stored post).
import { useI18n } from "../../lib/i18n-context";
import { fmtDateTime } from "../../lib/time";
import type { MyPostQuery as MyPostResult } from "../../gql/graphql";
import { useSite } from "../site";
import { changedOnly, lineDiff } from "./diff";

type Post = MyPostResult["myPost"];

export function PostConflict(props: {
  theirs: Post | null;
  mine: { content: string };
  myTitle: string;
  onKeepMine: () => void;
  onLoadTheirs: () => void;
  busy: boolean;
}) {
  const { t, lang } = useI18n();
  const site = useSite();
  const { theirs } = props;
  if (!theirs)
    return (
      <div class="notice conflict" role="alert">
        <p>
          <strong>{t("editor.conflictDeleted")}</strong>
        </p>
      </div>
    );
  const lines = changedOnly(lineDiff(theirs.content, props.mine.content));
  return (
    <div class="notice conflict" role="alert">
      <p>
        <strong>{t("editor.conflictTitle")}</strong>
        {theirs.updatedAt && <> {t("editor.conflictAt", { time: fmtDateTime(theirs.updatedAt, site.zone, lang) })}</>}
      </p>
      {theirs.title !== props.myTitle && <p>{t("editor.conflictTitleChange", { theirs: theirs.title || t("posts.untitled"), mine: props.myTitle || t("posts.untitled") })}</p>}
      {lines.length > 0 ? (
        <>
          <p id="conflict-diff-h">{t("editor.conflictBody")}</p>
          <pre class="diff" aria-labelledby="conflict-diff-h">
            {lines.map((l, i) =>
              l === null ? (
                <span key={i} class="diff-gap">
                  {"…\n"}
                </span>
              ) : (
                <span key={i} class={`diff-${l.kind}`}>
                  {l.kind === "theirs" ? <del aria-label={t("editor.diffTheirs")}>{"− " + l.text}</del> : l.kind === "mine" ? <ins aria-label={t("editor.diffMine")}>{"+ " + l.text}</ins> : "  " + l.text}
                  {"\n"}
                </span>
              ),
            )}
          </pre>
        </>
      ) : (
        <p>{t("editor.conflictSameBody")}</p>
      )}
      <p class="hint muted">{t("editor.conflictHint")}</p>
      <div class="actions">
        <button type="button" onClick={props.onKeepMine} disabled={props.busy}>
          {t("editor.keepMine")}
        </button>
        <button type="button" class="secondary" onClick={props.onLoadTheirs} disabled={props.busy}>
          {t("editor.loadTheirs")}
        </button>
      </div>
    </div>
  );
}
