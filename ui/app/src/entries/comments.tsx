// Entry point of the readers' comment widget on /pub/{postId}: mounts in
// the comment section's [data-stgy-comments] element, which the server
// renders only while the article takes comments (prerender pub.html).
import { mount } from "../lib/mount";
import { CommentsWidget, type CommentsWidgetProps } from "../comments/CommentsWidget";
import { comments as en } from "../locales/en/comments";
import { comments as ja } from "../locales/ja/comments";
import "../comments/comments.css";

/** validZone is the site's time zone from the page, UTC when missing or unknown to the browser. */
function validZone(zone: string | undefined): string {
  try {
    if (zone) return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    // an unknown zone: fall through
  }
  return "UTC";
}

mount<CommentsWidgetProps>({
  selector: "[data-stgy-comments]",
  resources: { en: { comments: en }, ja: { comments: ja } },
  followPageLang: true,
  root: CommentsWidget,
  props: (el) => ({ postId: el.dataset.postId ?? "", vertical: el.hasAttribute("data-vertical"), zone: validZone(el.dataset.zone) }),
});
