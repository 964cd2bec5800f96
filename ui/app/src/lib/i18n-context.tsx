// Preact binding of lib/i18n: useI18n() gives t (re-created when the
// language changes, so components re-render), the language and a setter
// that remembers the choice.
import { createContext, type ComponentChildren } from "preact";
import { useContext, useMemo, useState } from "preact/hooks";
import type { i18n as I18n, TFunction } from "i18next";
import { saveLang, type Lang } from "./i18n";

interface I18nValue {
  t: TFunction;
  lang: Lang;
  setLang: (l: Lang) => void;
  i18n: I18n;
}

const Ctx = createContext<I18nValue | null>(null);

/** I18nProvider makes an i18next instance available to useI18n below it. */
export function I18nProvider(props: { i18n: I18n; setDocumentLang?: boolean; children: ComponentChildren }) {
  const { i18n, setDocumentLang } = props;
  const [lang, setLangState] = useState<Lang>(i18n.language as Lang);
  const value = useMemo<I18nValue>(() => {
    const setLang = (l: Lang) => {
      void i18n.changeLanguage(l);
      saveLang(l);
      if (setDocumentLang) document.documentElement.lang = l;
      setLangState(l);
    };
    return { t: i18n.getFixedT(lang), lang, setLang, i18n };
  }, [i18n, lang, setDocumentLang]);
  return <Ctx.Provider value={value}>{props.children}</Ctx.Provider>;
}

/** useI18n returns the current translation function and language. */
export function useI18n(): I18nValue {
  const v = useContext(Ctx);
  if (!v) throw new Error("useI18n outside I18nProvider");
  return v;
}
