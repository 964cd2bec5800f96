// UI text in English and Japanese with i18next. Each entry point passes
// the catalogues it needs (namespaces), so a bundle carries only its own
// text; "common" (errors, language names) is always included. The
// language is the one the person chose (localStorage "stgy.lang"), else
// the page's <html lang> when the entry asks for it (readers' widgets
// follow the article), else the browser's preferred languages.
import i18next, { type i18n, type Resource } from "i18next";
import { common as enCommon } from "../locales/en/common";
import { common as jaCommon } from "../locales/ja/common";

export type Lang = "en" | "ja";
export const LANGS: readonly Lang[] = ["en", "ja"];
const STORAGE_KEY = "stgy.lang";

/** pickLang chooses a supported language from the person's choice, the page and the browser. */
export function pickLang(opts: { followPage?: boolean } = {}): Lang {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === "en" || saved === "ja") return saved;
  } catch {
    // storage blocked: fall through
  }
  const prefs = opts.followPage ? [document.documentElement.lang] : [];
  prefs.push(...(navigator.languages ?? [navigator.language]));
  for (const p of prefs) {
    const base = (p || "").toLowerCase().split("-")[0];
    if (base === "ja" || base === "en") return base;
  }
  return "en";
}

/** saveLang remembers the person's choice for every entry point on this origin. */
export function saveLang(lang: Lang): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}

/** newI18n returns an initialized, independent i18next instance. */
export function newI18n(lang: Lang, resources: { en: Resource[string]; ja: Resource[string] }): i18n {
  const inst = i18next.createInstance();
  void inst.init({
    lng: lang,
    fallbackLng: "en",
    supportedLngs: [...LANGS],
    defaultNS: Object.keys(resources.en)[0] ?? "common",
    resources: {
      en: { common: enCommon, ...resources.en },
      ja: { common: jaCommon, ...resources.ja },
    },
    interpolation: { escapeValue: false }, // Preact escapes text
    initAsync: false,
    returnNull: false,
  });
  return inst;
}

/**
 * dayKey picks key_one for a period of one day ("today", "yesterday") and
 * key_other otherwise, in every language: Japanese has no plural forms,
 * but a one-day period still reads differently.
 */
export function dayKey(key: string, n: number): string {
  return `${key}_${n === 1 ? "one" : "other"}`;
}
