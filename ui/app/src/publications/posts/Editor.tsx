// Editor: Markdown with a live preview rendered by the server's own
// renderer (previewMarkdown), the title rule on screen, post options, the
// publication state and actions. Unsaved edits are kept as a local draft
// (reload-safe) and leaving or Cancel asks first. Errors appear next to
// the Save button, which stays in view (sticky action bar).
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { useClient } from "@urql/preact";
import { useLocation } from "preact-iso";
import { useI18n } from "../../lib/i18n-context";
import { errorCode, errorText } from "../../lib/errors";
import { fmtDateTime } from "../../lib/time";
import type { MyPostQuery as MyPostResult } from "../../gql/graphql";
import { useSite } from "../site";
import { useBase } from "../paths";
import { useUnsavedGuard } from "../guard";
import { dropDraft, loadDraft, saveDraft, type Draft } from "../drafts";
import { ActionError, count } from "../ui";
import { CreatePostMutation, DeletePostMutation, MyPostQuery, PreviewQuery, UpdatePostMutation } from "./ops";
import { PostState } from "./PostState";
import { PublicationDialog } from "./PublicationDialog";
import { usePreview } from "./usePreview";
import { PostConflict } from "./PostConflict";
import type { Me } from "../me";

type Post = MyPostResult["myPost"];
interface Values {
  content: string;
  locale: string;
  /** The tags as typed: comma-separated (docs/SPEC.md#tags). */
  tags: string;
  allowLikes: boolean;
  allowReplies: boolean;
}
const CONTENT_MAX = 100_000;

// savedFlash carries "Saved." from the new-post editor to the editor the
// created post's URL mounts.
let savedFlash = "";
function takeFlash(postId: string | null): boolean {
  const hit = postId !== null && savedFlash === postId;
  if (hit) savedFlash = "";
  return hit;
}

const valuesOf = (p: Post | null): Values =>
  p
    ? { content: p.content, locale: p.locale, tags: p.tags.join(", "), allowLikes: p.allowLikes, allowReplies: p.allowReplies }
    : { content: "", locale: "", tags: "", allowLikes: true, allowReplies: true };
// tagList is the typed tags as the API takes them; the server applies the rule.
const tagList = (s: string) =>
  s
    .split(/[,、，]/)
    .map((x) => x.trim())
    .filter((x) => x !== "");
const sameValues = (a: Values, b: Values) =>
  a.content === b.content && a.locale === b.locale && tagList(a.tags).join("\n") === tagList(b.tags).join("\n") && a.allowLikes === b.allowLikes && a.allowReplies === b.allowReplies;

export function Editor(props: { me: Me; post: Post | null }) {
  const { t, lang } = useI18n();
  const site = useSite();
  const base = useBase();
  const client = useClient();
  const loc = useLocation();
  const [post, setPost] = useState<Post | null>(props.post);
  const saved = useMemo(() => valuesOf(post), [post]);
  const postId = post?.id ?? null;
  // A local draft newer than the stored post wins, with a notice.
  const [restored, setRestored] = useState<Draft | null>(() => {
    const d = loadDraft(props.me.id, postId);
    return d && !sameValues({ ...d, tags: d.tags ?? saved.tags }, saved) ? d : null;
  });
  const [values, setValues] = useState<Values>(() => (restored ? { content: restored.content, locale: restored.locale, tags: restored.tags ?? saved.tags, allowLikes: restored.allowLikes, allowReplies: restored.allowReplies } : saved));
  const [status, setStatus] = useState<{ kind: "idle" | "saving" | "saved" | "deleting" } | { kind: "error"; text: string }>(() =>
    takeFlash(postId) ? { kind: "saved" } : { kind: "idle" },
  );
  const [dialog, setDialog] = useState(false);
  // theirs: the post as stored now, after a save was refused because it
  // changed elsewhere (null when it is gone); myTitle: the title of the
  // text that was not saved, by the server's rule.
  const [conflict, setConflict] = useState<{ theirs: Post | null; myTitle: string } | null>(null);
  const dirty = !sameValues(values, saved);
  useUnsavedGuard(dirty, t("unsaved.leave"));
  const preview = usePreview(values.content);

  // Keep the draft in localStorage while it differs from the stored post:
  // 300 ms after the last change, and at once when the page goes away (a
  // reload right after typing loses nothing).
  const timer = useRef<number>();
  const keepDraft = useRef<() => void>(() => {});
  keepDraft.current = () => {
    if (dirty) saveDraft(props.me.id, postId, { ...values, baseUpdatedAt: post?.updatedAt ?? null, savedAt: new Date().toISOString() });
    else dropDraft(props.me.id, postId);
  };
  useEffect(() => {
    clearTimeout(timer.current);
    timer.current = window.setTimeout(() => keepDraft.current(), 300);
    return () => clearTimeout(timer.current);
  }, [values, dirty]);
  useEffect(() => {
    const flush = () => {
      clearTimeout(timer.current);
      keepDraft.current();
    };
    window.addEventListener("pagehide", flush);
    return () => window.removeEventListener("pagehide", flush);
  }, []);

  const set = <K extends keyof Values>(k: K, v: Values[K]) => {
    setValues((x) => ({ ...x, [k]: v }));
    if (status.kind === "saved") setStatus({ kind: "idle" });
  };

  const save = async (e: Event) => {
    e.preventDefault();
    if (count(values.content) > CONTENT_MAX) {
      setStatus({ kind: "error", text: t("editor.tooLong", { max: CONTENT_MAX.toLocaleString(lang) }) });
      return;
    }
    await send(post?.version ?? null);
  };

  // send saves the form under version (the post's version it was edited
  // from). A CONFLICT loads the post as stored now and shows what changed
  // there; the owner's text stays in the form and nothing says "Saved.".
  const send = async (version: string | null) => {
    setStatus({ kind: "saving" });
    const input = { content: values.content, locale: values.locale.trim(), tags: tagList(values.tags), allowLikes: values.allowLikes, allowReplies: values.allowReplies };
    if (postId) {
      const r = await client.mutation(UpdatePostMutation, { id: postId, input, ifVersion: version }).toPromise();
      if (errorCode(r.error) === "CONFLICT") {
        const [now, mine] = await Promise.all([
          client.query(MyPostQuery, { id: postId }, { requestPolicy: "network-only" }).toPromise(),
          client.query(PreviewQuery, { content: values.content }).toPromise(),
        ]);
        if (now.data || errorCode(now.error) === "NOT_FOUND") {
          setConflict({ theirs: now.data ? now.data.myPost : null, myTitle: mine.data?.previewMarkdown.title ?? title });
          setStatus({ kind: "idle" });
          return;
        }
      }
      if (r.error || !r.data) return setStatus({ kind: "error", text: errorText(t, r.error) });
      dropDraft(props.me.id, postId);
      setConflict(null);
      setPost(r.data.updatePost);
      setValues(valuesOf(r.data.updatePost));
    } else {
      const r = await client.mutation(CreatePostMutation, { input }).toPromise();
      if (r.error || !r.data) return setStatus({ kind: "error", text: errorText(t, r.error) });
      dropDraft(props.me.id, null);
      setPost(r.data.createPost);
      setValues(valuesOf(r.data.createPost));
      // The post's own URL mounts a new editor: it shows "Saved." too.
      savedFlash = r.data.createPost.id;
      loc.route(site.link(`/posts/${r.data.createPost.id}`), true);
    }
    setRestored(null);
    setStatus({ kind: "saved" });
  };

  const title = preview.data?.title ?? post?.title ?? "";
  const leave = () => loc.route(site.link("/posts"));
  const cancel = () => {
    if (dirty && !confirm(t("unsaved.discard"))) return;
    dropDraft(props.me.id, postId);
    setValues(saved); // not dirty any more: the guard lets the navigation through
    setTimeout(leave, 0);
  };
  const discardDraft = () => {
    if (!confirm(t("unsaved.discard"))) return;
    dropDraft(props.me.id, postId);
    setValues(saved);
    setRestored(null);
  };
  const remove = async () => {
    if (!postId || !confirm(t("editor.deleteConfirm", { title: post?.title || t("posts.untitled") }))) return;
    setStatus({ kind: "deleting" });
    const r = await client.mutation(DeletePostMutation, { id: postId, ifVersion: post?.version ?? null }).toPromise();
    if (r.error) return setStatus({ kind: "error", text: errorText(t, r.error) });
    dropDraft(props.me.id, postId);
    setValues(saved);
    setTimeout(leave, 0);
  };

  const keepMine = () => {
    if (conflict?.theirs) void send(conflict.theirs.version);
  };
  const loadTheirs = () => {
    const theirs = conflict?.theirs;
    if (!theirs) return;
    dropDraft(props.me.id, postId);
    setPost(theirs);
    setValues(valuesOf(theirs));
    setRestored(null);
    setConflict(null);
    setStatus({ kind: "idle" });
  };

  return (
    <form class="form editor" onSubmit={save} noValidate>
      {conflict && (
        <PostConflict theirs={conflict.theirs} mine={values} myTitle={conflict.myTitle} onKeepMine={keepMine} onLoadTheirs={loadTheirs} busy={status.kind === "saving"} />
      )}
      {restored && (
        <div class="notice" role="status">
          <p>{t("editor.restored", { time: fmtDateTime(restored.savedAt, site.zone, lang) })}</p>
          {restored.baseUpdatedAt && post?.updatedAt && restored.baseUpdatedAt !== post.updatedAt && <p class="error">{t("editor.changedElsewhere")}</p>}
          <button type="button" class="secondary" onClick={discardDraft}>
            {t("editor.discardDraft")}
          </button>
        </div>
      )}
      <div class="title-rule">
        <p>
          <span class="muted">{t("editor.title")}</span> <strong class="derived-title">{title || t("posts.untitled")}</strong>
        </p>
        <p class="hint muted" id="title-rule">
          {t("editor.titleRule")}
        </p>
      </div>
      <div class="editor-panes">
        <div class="pane">
          <label for="content">{t("editor.content")}</label>
          <textarea id="content" rows={18} value={values.content} aria-describedby="title-rule content-count" spellcheck onInput={(e) => set("content", e.currentTarget.value)} />
          <p id="content-count" class="hint muted">
            {t("editor.count", { n: count(values.content).toLocaleString(lang), max: CONTENT_MAX.toLocaleString(lang) })}
          </p>
        </div>
        <section class="pane preview-pane" aria-labelledby="preview-h">
          <h2 id="preview-h">{t("editor.preview")}</h2>
          <p class="muted preview-status" role="status">
            {preview.fetching ? t("editor.previewUpdating") : preview.error ? errorText(t, preview.error) : ""}
          </p>
          {/* HTML sanitized by the server's renderer (the same as the article page). */}
          <div class="article-body" dangerouslySetInnerHTML={{ __html: preview.data?.html ?? "" }} />
        </section>
      </div>
      <fieldset>
        <legend>{t("editor.options")}</legend>
        <div class="field">
          <label for="locale">{t("editor.locale")}</label>
          <input id="locale" value={values.locale} maxLength={50} placeholder="en, ja-JP" aria-describedby="locale-hint" onInput={(e) => set("locale", e.currentTarget.value)} />
          <p id="locale-hint" class="hint muted">
            {t("editor.localeHint")}
          </p>
        </div>
        <div class="field">
          <label for="tags">{t("editor.tags")}</label>
          <input id="tags" value={values.tags} maxLength={500} placeholder="Go, 日本語" aria-describedby="tags-hint" onInput={(e) => set("tags", e.currentTarget.value)} />
          <p id="tags-hint" class="hint muted">
            {t("editor.tagsHint")}
          </p>
        </div>
        <div class="field check">
          <input id="allowLikes" type="checkbox" checked={values.allowLikes} onChange={(e) => set("allowLikes", e.currentTarget.checked)} />
          <label for="allowLikes">{t("editor.allowLikes")}</label>
        </div>
        <div class="field check">
          <input id="allowReplies" type="checkbox" checked={values.allowReplies} aria-describedby="replies-hint" onChange={(e) => set("allowReplies", e.currentTarget.checked)} />
          <label for="allowReplies">{t("editor.allowReplies")}</label>
          <p id="replies-hint" class="hint muted">
            {t("editor.allowRepliesHint")}
          </p>
        </div>
      </fieldset>
      {post && (
        <div class="publication-summary">
          <h2>{t("publication.heading")}</h2>
          <p>
            <PostState state={post.publicationState} publishedAt={post.publishedAt} />
          </p>
          <div class="actions">
            <button type="button" class="secondary" onClick={() => setDialog(true)}>
              {t("posts.publication")}
            </button>
            <a class="button secondary" href={`${base}/publications/preview/${post.id}`} target="_blank" rel="noopener">
              {t("editor.previewPage")}
            </a>
            {post.publicationState === "PUBLISHED" && (
              <a class="button secondary" href={`${base}/pub/${post.id}`} target="_blank" rel="noopener">
                {t("posts.public")}
              </a>
            )}
          </div>
          {dirty && <p class="hint muted">{t("editor.previewSavedOnly")}</p>}
        </div>
      )}
      <div class="actions sticky-actions">
        <button type="submit" disabled={status.kind === "saving" || status.kind === "deleting"}>
          {status.kind === "saving" ? t("editor.saving") : t("editor.save")}
        </button>
        <button type="button" class="secondary" onClick={cancel}>
          {t("editor.cancel")}
        </button>
        {postId && (
          <button type="button" class="danger" onClick={remove} disabled={status.kind === "deleting"}>
            {t("editor.delete")}
          </button>
        )}
        <p class="status" role="status" aria-live="polite">
          {status.kind === "saved" && <span class="ok">{t("editor.saved")}</span>}
          {dirty && status.kind === "idle" && <span class="muted">{t("editor.unsaved")}</span>}
        </p>
        {status.kind === "error" && <ActionError text={status.text} />}
      </div>
      {dialog && post && (
        <PublicationDialog
          me={props.me}
          post={{ id: post.id, title: post.title || t("posts.untitled"), state: post.publicationState, publishedAt: post.publishedAt ?? null, version: post.version }}
          onClose={async (changed) => {
            setDialog(false);
            if (!changed) return;
            const r = await client.query(MyPostQuery, { id: post.id }, { requestPolicy: "network-only" }).toPromise();
            if (r.data) setPost((p) => (p ? { ...p, publicationState: r.data!.myPost.publicationState, publishedAt: r.data!.myPost.publishedAt, updatedAt: r.data!.myPost.updatedAt, version: r.data!.myPost.version } : p));
          }}
        />
      )}
    </form>
  );
}
