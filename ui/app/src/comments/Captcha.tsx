// The CAPTCHA part of the form: the challenge image (fetched with the
// X-STGY-MinuteHash header), a "New image" button and the answer field.
// The answer goes with the comment (solved inline); a failed answer or a
// dead challenge gets a new image through reloadKey.
import { useEffect, useState } from "preact/hooks";
import { useClient } from "@urql/preact";
import type { CombinedError } from "@urql/core";
import { useI18n } from "../lib/i18n-context";
import { errorText } from "../lib/errors";
import { ChallengeMutation } from "./ops";
import { minuteHash, withHeaders } from "./protocol";

export interface Challenge {
  id: string;
  image: string;
  width: number;
  height: number;
  digits: number;
}

export function Captcha(props: { reloadKey: number; onChallenge: (c: Challenge | null) => void }) {
  const { t } = useI18n();
  const client = useClient();
  const [ch, setCh] = useState<Challenge | null>(null);
  const [error, setError] = useState<CombinedError | null>(null);
  const [own, setOwn] = useState(0);

  useEffect(() => {
    let live = true;
    setError(null);
    void client
      .mutation(ChallengeMutation, {}, withHeaders({ "X-STGY-MinuteHash": minuteHash() }))
      .toPromise()
      .then((r) => {
        if (!live) return;
        const c = r.data?.createCaptchaChallenge ?? null;
        setCh(c);
        setError(r.error ?? null);
        props.onChallenge(c);
      });
    return () => {
      live = false;
    };
  }, [props.reloadKey, own]);

  return (
    <fieldset class="cw-captcha">
      <legend>{t("captcha.legend")}</legend>
      {ch && <img src={ch.image} width={ch.width} height={ch.height} alt={t("captcha.alt", { digits: ch.digits })} />}
      {error && (
        <p class="cw-error" role="alert">
          {errorText(t, error)}
        </p>
      )}
      <button type="button" class="cw-button secondary" onClick={() => setOwn(own + 1)}>
        {t("captcha.new")}
      </button>
      <label class="cw-field">
        {t("captcha.answer", { digits: ch?.digits ?? 6 })}
        <input key={ch?.id} name="captchaAnswer" inputMode="numeric" autoComplete="off" pattern="[0-9０-９ ]*" required />
      </label>
    </fieldset>
  );
}
