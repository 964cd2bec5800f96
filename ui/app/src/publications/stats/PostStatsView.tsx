// One post's Stats: its views in the period with the previous period, its
// daily chart and data table, and links to edit, preview and read it.
// (With comments on the server, its comment count and pending queue.)
import { useLocation } from "preact-iso";
import { useQuery } from "@urql/preact";
import { useI18n } from "../../lib/i18n-context";
import { dayKey } from "../../lib/i18n";
import { ErrorNote, Heading, Loading } from "../ui";
import { useSite } from "../site";
import { useBase } from "../paths";
import { MyPostQuery } from "../posts/ops";
import { PostState } from "../posts/PostState";
import { compare, lastDays, period, type Day } from "./model";
import { usePostStats } from "./useStats";
import { KeyFigure, PeriodPicker, StatsIntro } from "./StatsIntro";
import { DailyChart } from "./DailyChart";
import { PostComments } from "../comments/PostComments";
import { ShareCounts } from "./ShareCounts";
import { FediverseCounts } from "./FediverseCounts";

export function PostStatsView(props: { params?: Record<string, string> }) {
  const { t } = useI18n();
  const loc = useLocation();
  const site = useSite();
  const base = useBase();
  const id = props.params?.id ?? "";
  const [res, reexecute] = usePostStats(id);
  const [postRes] = useQuery({ query: MyPostQuery, variables: { id } });
  const stats = res.data?.pubStats;
  const row = stats?.post;
  const post = postRes.data?.myPost;
  const n = period(loc.query.period, stats?.days ?? 15);
  // A post without views in the window is not in Stats: zeros for every day.
  const daily: Day[] = row?.daily ?? stats?.daily.map((d) => ({ date: d.date, pv: 0 })) ?? [];
  const title = post?.title || row?.title || row?.digest || t("posts.untitled");

  return (
    <section class="view post-stats">
      <p class="crumbs">
        <a href={site.link("/stats", { period: n === 7 ? undefined : n })}>{t("stats.back")}</a>
      </p>
      <Heading>{t("stats.postHeading", { title })}</Heading>
      {post && (
        <p>
          <PostState state={post.publicationState} publishedAt={post.publishedAt} />
        </p>
      )}
      <p class="muted">
        {t("stats.colId")}: <code>{id}</code>
      </p>
      <div class="actions">
        <a class="button secondary" href={site.link(`/posts/${id}`)}>{t("posts.edit")}</a>
        <a class="button secondary" href={`${base}/publications/preview/${id}`} target="_blank" rel="noopener">{t("posts.preview")}</a>
        {post?.publicationState === "PUBLISHED" && (
          <a class="button secondary" href={`${base}/pub/${id}`} target="_blank" rel="noopener">{t("posts.public")}</a>
        )}
      </div>
      {(res.fetching && !stats) || (postRes.fetching && !post) ? <Loading /> : null}
      {res.error && <ErrorNote error={res.error} onRetry={() => reexecute({ requestPolicy: "network-only" })} />}
      {postRes.error && !res.error && <ErrorNote error={postRes.error} />}
      {stats && (
        <>
          <StatsIntro updatedAt={stats.updatedAt} period={n} />
          <PeriodPicker current={n} days={stats.days} href={(p) => site.link(`/stats/${id}`, { period: p === 7 ? undefined : p })} />
          <div class="figures">
            <KeyFigure label={t(dayKey("stats.postViews", n), { count: n})} period={n} {...compare(daily, n)} />
          </div>
          <DailyChart id="post-chart" days={lastDays(daily, n)} caption={t(dayKey("stats.postChartCaption", n), { count: n, title })} />
        </>
      )}
      {id && post?.publicationState === "PUBLISHED" && <ShareCounts postId={id} />}
      {id && post?.publicationState === "PUBLISHED" && <FediverseCounts postId={id} />}
      {id && <PostComments postId={id} />}
    </section>
  );
}
