// Entry point of the readers' comment widget on /pub/{postId}: mounts in
// the comment section's [data-stgy-comments] element, which the server
// renders only while the article takes comments (prerender pub.html).
import { mount } from "../lib/mount";
import { CommentsWidget, type CommentsWidgetProps } from "../comments/CommentsWidget";
import { comments as en } from "../locales/en/comments";
import { comments as ja } from "../locales/ja/comments";
import "../comments/comments.css";

mount<CommentsWidgetProps>({
  selector: "[data-stgy-comments]",
  resources: { en: { comments: en }, ja: { comments: ja } },
  followPageLang: true,
  root: CommentsWidget,
  props: (el) => ({ postId: el.dataset.postId ?? "", vertical: el.hasAttribute("data-vertical") }),
});
