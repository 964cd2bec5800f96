// The Settings form's fields, each with its limit and its own message.
import { useI18n } from "../../lib/i18n-context";
import { count } from "../ui";
import { Check, Field } from "./controls";
import { FederationFields } from "./FederationSection";
import { LIMITS, MODES, SHARE, SIDE_MAX, THEMES, zoneChoices, type Form, type Problem } from "./model";

interface Props {
  form: Form;
  set: <K extends keyof Form>(k: K, v: Form[K]) => void;
  problems: Problem[];
  siteUrl: string;
  /** The zone the site uses now (pubConfig.timeZone), named by the default choice when no zone is set. */
  effectiveZone: string;
  /** Whether the stored settings name a zone (else the default applies). */
  zoneSet: boolean;
  /** Whether federation is on in the stored settings. */
  federationOn: boolean;
}

export function SettingsFields({ form, set, problems, siteUrl, effectiveZone, zoneSet, federationOn }: Props) {
  const { t } = useI18n();
  const problem = (f: keyof Form) => problems.find((p) => p.field === f);
  const err = (f: keyof Form) => {
    const p = problem(f);
    return p ? t(p.key, p.values) : "";
  };
  const text = (k: "siteName" | "subtitle" | "author" | "introduction", multiline = false) => (
    <Field id={`f-${k}`} label={t(`settings.${k}`)} hint={t("settings.limit", { n: count(form[k]), max: LIMITS[k] })} error={err(k)}>
      {(a) =>
        multiline ? (
          <textarea {...a} rows={5} value={form[k]} onInput={(e) => set(k, e.currentTarget.value)} />
        ) : (
          <input {...a} value={form[k]} onInput={(e) => set(k, e.currentTarget.value)} />
        )
      }
    </Field>
  );
  const vertical = form.designTheme.startsWith("vertical");
  const themes = THEMES.includes(form.designTheme) ? THEMES : [...THEMES, form.designTheme];
  return (
    <>
      <fieldset>
        <legend>{t("settings.siteGroup")}</legend>
        {text("siteName")}
        {text("subtitle")}
        {text("author")}
        {text("introduction", true)}
        <Field id="f-timeZone" label={t("settings.timeZone")} hint={t("settings.timeZoneHint")} error={err("timeZone")}>
          {(a) => (
            <select {...a} value={form.timeZone} onChange={(e) => set("timeZone", e.currentTarget.value)}>
              <option value="">{zoneSet ? t("settings.zoneDefault") : t("settings.zoneDefaultNow", { zone: effectiveZone })}</option>
              {zoneChoices(form.timeZone).map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </select>
          )}
        </Field>
      </fieldset>

      <fieldset>
        <legend>{t("settings.designGroup")}</legend>
        <Field id="f-designTheme" label={t("settings.designTheme")} hint={t("settings.verticalNote")} error={err("designTheme")}>
          {(a) => (
            <select {...a} value={form.designTheme} onChange={(e) => set("designTheme", e.currentTarget.value)}>
              {themes.map((th) => (
                <option key={th} value={th}>
                  {th === "" ? t("settings.themeDefault") : th}
                </option>
              ))}
            </select>
          )}
        </Field>
        <p>
          <a class="button secondary" href={`${siteUrl}?design=${encodeURIComponent(form.designTheme || "default")}`} target="_blank" rel="noopener">
            {t("settings.themePreview", { theme: form.designTheme || t("settings.themeDefault") })}
          </a>
          {vertical && <span class="muted note"> {t("settings.verticalOn")}</span>}
        </p>
      </fieldset>

      <fieldset>
        <legend>{t("settings.showGroup")}</legend>
        <Check id="f-showServiceHeader" label={t("settings.showServiceHeader")} checked={form.showServiceHeader} onChange={(v) => set("showServiceHeader", v)} />
        <Check id="f-showSiteName" label={t("settings.showSiteName")} checked={form.showSiteName} onChange={(v) => set("showSiteName", v)} />
        <Check id="f-showPagination" label={t("settings.showPagination")} checked={form.showPagination} onChange={(v) => set("showPagination", v)} />
        <Check id="f-showSideProfile" label={t("settings.showSideProfile")} checked={form.showSideProfile} onChange={(v) => set("showSideProfile", v)} />
        <Check id="f-showViewCount" label={t("settings.showViewCount")} hint={t("settings.showViewCountHint")} checked={form.showViewCount} onChange={(v) => set("showViewCount", v)} />
        {(["showSideRecent", "showSidePopular"] as const).map((k) => (
          <Field key={k} id={`f-${k}`} label={t(`settings.${k}`)} hint={t("settings.countHint", { max: SIDE_MAX })} error={err(k)}>
            {(a) => <input {...a} type="number" inputMode="numeric" min={0} max={SIDE_MAX} step={1} value={form[k]} onInput={(e) => set(k, e.currentTarget.value)} />}
          </Field>
        ))}
      </fieldset>

      <fieldset aria-describedby="share-hint">
        <legend>{t("settings.shareGroup")}</legend>
        <p id="share-hint" class="muted">{t("settings.shareHint")}</p>
        {SHARE.map((s) => (
          <Check
            key={s}
            id={`f-share-${s}`}
            label={t(`settings.share.${s}`)}
            checked={form.share.includes(s)}
            onChange={(v) => set("share", v ? SHARE.filter((x) => x === s || form.share.includes(x)) : form.share.filter((x) => x !== s))}
          />
        ))}
        <Check id="f-shareLinks" label={t("settings.shareLinks")} hint={t("settings.shareLinksHint")} checked={form.shareLinks} onChange={(v) => set("shareLinks", v)} />
        {form.shareLinks && <Check id="f-copyLink" label={t("settings.copyLink")} checked={form.copyLink} onChange={(v) => set("copyLink", v)} />}
      </fieldset>

      <fieldset>
        <legend>{t("settings.robotsGroup")}</legend>
        <Check id="f-disallowAI" label={t("settings.disallowAI")} hint={t("settings.disallowAIHint")} checked={form.disallowAI} onChange={(v) => set("disallowAI", v)} />
      </fieldset>

      <fieldset>
        <legend>{t("settings.commentsGroup")}</legend>
        <Field id="f-commentsMode" label={t("settings.commentsMode")} hint={t("settings.commentsNote")} error={err("commentsMode")}>
          {(a) => (
            <select {...a} value={form.commentsMode} onChange={(e) => set("commentsMode", e.currentTarget.value)}>
              {(MODES.includes(form.commentsMode as (typeof MODES)[number]) ? [...MODES] : [...MODES, form.commentsMode]).map((m) => (
                <option key={m} value={m}>
                  {t(`settings.mode.${m}`, { defaultValue: m })}
                </option>
              ))}
            </select>
          )}
        </Field>
      </fieldset>

      <fieldset>
        <legend>{t("settings.analyticsGroup")}</legend>
        <Field id="f-measurementId" label={t("settings.measurementId")} hint={t("settings.measurementHint")} error={err("measurementId")}>
          {(a) => (
            <input {...a} value={form.measurementId} maxLength={LIMITS.measurementId} autoComplete="off" spellcheck={false} placeholder="G-XXXXXXXXXX" onInput={(e) => set("measurementId", e.currentTarget.value)} />
          )}
        </Field>
      </fieldset>

      <FederationFields form={form} set={set} err={err} savedOn={federationOn} />
    </>
  );
}
