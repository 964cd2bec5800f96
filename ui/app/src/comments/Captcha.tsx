// The CAPTCHA part of the form: the challenge image (fetched with the
// X-STGY-MinuteHash header), a "Listen" button that plays the same digits
// spoken (CaptchaChallenge.audio, in the page's language when there is a
// voice for it), a "New image" button and the answer field. The answer
// goes with the comment (solved inline); a failed answer or a dead
// challenge gets a new image through reloadKey. A wrong answer shows its
// message next to the field and moves the focus to the field (focusKey),
// which the message describes.
import { useEffect, useRef, useState } from "preact/hooks";
import { useClient } from "@urql/preact";
import type { CombinedError } from "@urql/core";
import { useI18n } from "../lib/i18n-context";
import { errorText } from "../lib/errors";
import { ChallengeMutation } from "./ops";
import { minuteHash, withHeaders } from "./protocol";

export interface Challenge {
  id: string;
  image: string;
  audio: string;
  width: number;
  height: number;
  digits: number;
}

/** errorID is the id of the CAPTCHA's error message (the answer field's description). */
export const captchaErrorID = "stgy-cw-captcha-error";

export function Captcha(props: {
  reloadKey: number;
  /** Changes when the answer was refused: the field takes the focus (now, or once the new challenge is there). */
  focusKey: number;
  /** The refusal to show next to the field ("" for none). */
  message: string;
  onChallenge: (c: Challenge | null) => void;
}) {
  const { t, lang } = useI18n();
  const client = useClient();
  const [ch, setCh] = useState<Challenge | null>(null);
  const [error, setError] = useState<CombinedError | null>(null);
  const [own, setOwn] = useState(0);
  const [audio, setAudio] = useState("");
  const loading = useRef(true); // a challenge is on its way (read by the focus effect in the same commit)
  const answer = useRef<HTMLInputElement>(null);
  const wantFocus = useRef(false);

  useEffect(() => {
    let live = true;
    setError(null);
    setAudio("");
    loading.current = true;
    const language = document.documentElement.lang || lang;
    void client
      .mutation(ChallengeMutation, { language }, withHeaders({ "X-STGY-MinuteHash": minuteHash() }))
      .toPromise()
      .then((r) => {
        if (!live) return;
        const c = r.data?.createCaptchaChallenge ?? null;
        setCh(c);
        setError(r.error ?? null);
        loading.current = false;
        props.onChallenge(c);
      });
    return () => {
      live = false;
    };
  }, [props.reloadKey, own]);

  // After a refused answer: focus the (new) field, select what was typed.
  useEffect(() => {
    if (props.focusKey > 0) wantFocus.current = true;
  }, [props.focusKey]);
  useEffect(() => {
    if (!wantFocus.current || loading.current || !answer.current) return;
    wantFocus.current = false;
    answer.current.focus();
    answer.current.select();
    answer.current.scrollIntoView({ block: "center" });
  });

  // Each play is a new rendering: a fresh URL per press.
  const listen = () => ch && setAudio(`${ch.audio}&n=${Date.now()}`);
  const describedBy = [props.message ? captchaErrorID : "", audio ? "stgy-cw-audio-hint" : ""].filter(Boolean).join(" ");
  return (
    <fieldset class="cw-captcha">
      <legend>{t("captcha.legend")}</legend>
      {ch && <img src={ch.image} width={ch.width} height={ch.height} alt={t("captcha.alt", { digits: ch.digits })} />}
      {error && (
        <p class="cw-error" role="alert">
          {errorText(t, error)}
        </p>
      )}
      <div class="cw-buttons">
        <button type="button" class="cw-button secondary" disabled={!ch} onClick={listen}>
          {audio ? t("captcha.listenAgain") : t("captcha.listen")}
        </button>
        <button type="button" class="cw-button secondary" onClick={() => setOwn(own + 1)}>
          {t("captcha.new")}
        </button>
      </div>
      {audio && (
        <>
          <audio class="cw-audio" src={audio} controls autoPlay aria-label={t("captcha.audioLabel", { digits: ch?.digits ?? 6 })} />
          <span class="cw-hint" id="stgy-cw-audio-hint">
            {t("captcha.audioHint")}
          </span>
        </>
      )}
      <label class="cw-field">
        {t("captcha.answer", { digits: ch?.digits ?? 6 })}
        <input
          key={ch?.id}
          ref={answer}
          name="captchaAnswer"
          inputMode="numeric"
          autoComplete="off"
          pattern="[0-9０-９ ]*"
          required
          aria-invalid={props.message ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
      </label>
      {props.message && (
        <p class="cw-error" id={captchaErrorID} role="alert">
          {props.message}
        </p>
      )}
    </fieldset>
  );
}
