// The new-comment form. It reads the form state first (open?, CAPTCHA
// needed?, saved nickname, as-owner choice, cap reached?), then shows the
// nickname and text fields, the CAPTCHA when needed, the as-owner choice
// for the article's owner and admins, and posts with X-STGY-QueryHash.
// Nickname and as-owner choice are remembered by the server in cookies.
import { useEffect, useRef, useState } from "preact/hooks";
import { useClient, useQuery } from "@urql/preact";
import type { CombinedError } from "@urql/core";
import { useI18n } from "../lib/i18n-context";
import { errorCode, errorField, errorText } from "../lib/errors";
import { commentErrorText } from "./errors";
import { nicknameLength } from "./text";
import { FormStateQuery, PostMutation } from "./ops";
import { queryHash, withHeaders } from "./protocol";
import { BodyField } from "./BodyField";
import { Captcha, type Challenge } from "./Captcha";

export function CommentForm(props: { postId: string; onPosted: (pending: boolean) => void; onCancel: () => void }) {
  const { t } = useI18n();
  const client = useClient();
  const [{ data, fetching, error }] = useQuery({
    query: FormStateQuery,
    variables: { postId: props.postId },
    requestPolicy: "network-only",
  });
  const [busy, setBusy] = useState(false);
  const [postError, setPostError] = useState<CombinedError | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [captchaFocus, setCaptchaFocus] = useState(0);
  const errorLine = useRef<HTMLParagraphElement>(null);
  const [needCaptcha, setNeedCaptcha] = useState<boolean | null>(null);
  const [nickLen, setNickLen] = useState<number | null>(null);
  const challenge = useRef<Challenge | null>(null);
  const st = data?.pubCommentFormState;
  // Keyboard and screen-reader users land on the form once it is there.
  const heading = useRef<HTMLHeadingElement>(null);
  const ready = !!st && st.open && !st.capReached;
  useEffect(() => {
    if (!ready) return;
    // The whole form in view (a vertical theme scrolls sideways), then
    // the focus on its heading without scrolling again.
    heading.current?.closest("form")?.scrollIntoView({ block: "nearest", inline: "nearest" });
    heading.current?.focus({ preventScroll: true });
  }, [ready]);
  // A refusal that is not about the CAPTCHA: focus its message (the
  // CAPTCHA's own refusals move the focus to its answer field).
  const captchaRefusal = !!postError && (errorCode(postError) === "CAPTCHA_REQUIRED" || errorField(postError) === "captchaAnswer");
  useEffect(() => {
    if (postError && !captchaRefusal) {
      errorLine.current?.focus();
      errorLine.current?.scrollIntoView({ block: "center" });
    }
  }, [postError]);

  if (!st) {
    return (
      <div class="cw-form">
        {fetching && <p class="cw-muted">{t("common:loading")}</p>}
        {error && (
          <p class="cw-error" role="alert">
            {errorText(t, error)}
          </p>
        )}
      </div>
    );
  }
  if (!st.open || st.capReached) {
    return (
      <div class="cw-form">
        <p class="cw-muted" role="status">
          {st.open ? t("form.full") : t("form.closed")}
        </p>
        <button type="button" class="cw-button secondary" onClick={props.onCancel}>
          {t("edit.cancel")}
        </button>
      </div>
    );
  }
  const captcha = needCaptcha ?? st.captchaRequired;
  const nickMax = st.nicknameMaxChars;
  const nickCount = nickLen ?? nicknameLength(st.nickname ?? "");
  const nickOver = nickCount > nickMax;

  const submit = async (e: Event) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget as HTMLFormElement);
    const input = {
      postId: props.postId,
      nickname: String(data.get("nickname") ?? ""),
      body: String(data.get("body") ?? ""),
      ...(st.canPostAsOwner ? { asOwner: data.get("asOwner") === "on" } : {}),
      ...(captcha && challenge.current
        ? { captchaId: challenge.current.id, captchaAnswer: String(data.get("captchaAnswer") ?? "") }
        : {}),
    };
    setBusy(true);
    setPostError(null);
    const r = await client
      .mutation(PostMutation, { input }, withHeaders({ "X-STGY-QueryHash": queryHash(props.postId) }))
      .toPromise();
    setBusy(false);
    if (r.error || !r.data) {
      setPostError(r.error ?? null);
      // No usable pass or a dead challenge: show (a new) CAPTCHA.
      if (errorCode(r.error) === "CAPTCHA_REQUIRED") {
        setNeedCaptcha(true);
        setCaptchaKey(captchaKey + 1);
      }
      if (errorCode(r.error) === "CAPTCHA_REQUIRED" || errorField(r.error) === "captchaAnswer") setCaptchaFocus(captchaFocus + 1);
      return;
    }
    props.onPosted(r.data.postPubComment.status === "PENDING");
  };

  const message = postError && commentErrorText(t, postError, { nickname: nickMax, body: st.bodyMaxChars });
  return (
    <form class="cw-form" onSubmit={submit} aria-labelledby="stgy-cw-form-h">
      <h3 id="stgy-cw-form-h" tabIndex={-1} ref={heading}>
        {t("form.heading")}
      </h3>
      {st.newStatus === "PENDING" && <p class="cw-muted">{t("form.moderated")}</p>}
      <label class="cw-field">
        {t("form.nickname")}
        <input
          name="nickname"
          defaultValue={st.nickname}
          required
          autoComplete="nickname"
          dir="auto"
          aria-invalid={nickOver}
          aria-describedby="stgy-cw-nick-hint"
          onInput={(e) => setNickLen(nicknameLength((e.currentTarget as HTMLInputElement).value))}
        />
        <span class="cw-hint" id="stgy-cw-nick-hint">
          {t("form.nicknameHint", { max: nickMax })}{" "}
          <span class={nickOver ? "cw-count over" : "cw-count"}>
            {nickCount}/{nickMax}
          </span>
        </span>
        {nickOver && (
          <span class="cw-warning" role="alert">
            {t("form.nicknameTooLong", { count: nickCount, max: nickMax })}
          </span>
        )}
      </label>
      {st.canPostAsOwner && (
        <label class="cw-check">
          <input type="checkbox" name="asOwner" defaultChecked={st.asOwner} />
          {t("form.asOwner")}
        </label>
      )}
      {captcha && (
        <Captcha
          reloadKey={captchaKey}
          focusKey={captchaFocus}
          message={captchaRefusal ? (message ?? "") : ""}
          onChallenge={(c) => (challenge.current = c)}
        />
      )}
      <BodyField label={t("form.body")} limit={st.bodyMaxChars}>
        {(over) => (
          <>
            <button type="submit" class="cw-button" disabled={busy || over || nickOver}>
              {busy ? t("form.posting") : t("form.post")}
            </button>
            <button type="button" class="cw-button secondary" onClick={props.onCancel}>
              {t("edit.cancel")}
            </button>
          </>
        )}
      </BodyField>
      {message && !(captcha && captchaRefusal) && (
        <p class="cw-error" role="alert" tabIndex={-1} ref={errorLine}>
          {message}
        </p>
      )}
    </form>
  );
}
