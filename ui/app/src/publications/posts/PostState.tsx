// The publication state of a post in words, with its date in the site's
// labelled time zone; an unpublished post shows the date it last had.
import { useI18n } from "../../lib/i18n-context";
import { fmtDateTime } from "../../lib/time";
import { useSite } from "../site";

export function PostState(props: { state: string; publishedAt?: string | null; was?: string | null }) {
  const { t, lang } = useI18n();
  const site = useSite();
  const when = (iso: string) => (
    <time dateTime={iso}>
      {fmtDateTime(iso, site.zone, lang)} <span class="zone">({site.zone})</span>
    </time>
  );
  switch (props.state) {
    case "PUBLISHED":
      return (
        <span class="state state-published">
          <span class="badge">{t("posts.state.PUBLISHED")}</span> {props.publishedAt && when(props.publishedAt)}
        </span>
      );
    case "SCHEDULED":
      return (
        <span class="state state-scheduled">
          <span class="badge">{t("posts.state.SCHEDULED")}</span> {props.publishedAt && when(props.publishedAt)}
        </span>
      );
    default:
      return (
        <span class="state state-draft">
          <span class="badge">{t("posts.state.UNPUBLISHED")}</span>
          {props.was && (
            <>
              {" "}
              {t("posts.was")} {when(props.was)}
            </>
          )}
        </span>
      );
  }
}
