// mount starts an entry point: it finds the element the server rendered
// for it (carrying data-base, the site's base path), picks the language,
// and renders the entry's root component with the shared GraphQL client
// (lib/client) and i18n providers. Every entry point calls it once; see
// docs/UI.md "Adding an entry point".
import { render, type ComponentType } from "preact";
import type { Resource } from "i18next";
import { Provider } from "@urql/preact";
import { newClient } from "./client";
import { newI18n, pickLang } from "./i18n";
import { I18nProvider } from "./i18n-context";

export interface MountOptions<P> {
  /** CSS selector of the elements to mount on (each gets its own root). */
  selector: string;
  /** The entry's text, per language and namespace (common is added). */
  resources: { en: Resource[string]; ja: Resource[string] };
  /** Follow the page's <html lang> (readers' widgets) instead of the owner's choice only. */
  followPageLang?: boolean;
  /** The app owns the document: keep <html lang> in step with the UI language. */
  ownsDocument?: boolean;
  /** The root component; gets the element's data-* attributes and basePath. */
  root: ComponentType<P & MountProps>;
  /** Maps the element's dataset to the component's own props. */
  props?: (el: HTMLElement) => P;
}

/** MountProps are given to every entry's root component. */
export interface MountProps {
  /** Path prefix of the site ("" or "/blog"), from data-base. */
  basePath: string;
}

/** mount renders the entry on every matching element once the DOM is ready. */
export function mount<P>(opts: MountOptions<P>): void {
  const start = () => {
    const lang = pickLang({ followPage: opts.followPageLang });
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(opts.selector))) {
      const basePath = el.dataset.base ?? "";
      const i18n = newI18n(lang, opts.resources);
      if (opts.ownsDocument) document.documentElement.lang = lang;
      const Root = opts.root;
      const own = opts.props ? opts.props(el) : ({} as P);
      el.replaceChildren();
      render(
        <I18nProvider i18n={i18n} setDocumentLang={opts.ownsDocument}>
          <Provider value={newClient(basePath)}>
            <Root {...own} basePath={basePath} />
          </Provider>
        </I18nProvider>,
        el,
      );
    }
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
}
