// The UI language selector (English / 日本語), remembered per browser.
import { useI18n } from "../lib/i18n-context";
import { LANGS, type Lang } from "../lib/i18n";

export function LangSwitch() {
  const { t, lang, setLang } = useI18n();
  return (
    <label class="lang">
      <span class="visually-hidden">{t("common:language")}</span>
      <select value={lang} onChange={(e) => setLang((e.currentTarget as HTMLSelectElement).value as Lang)}>
        {LANGS.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`common:langName.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
