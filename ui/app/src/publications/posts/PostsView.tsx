// Posts: the owner's posts, newest first, 20 a page; the page number is
// in the URL (?page=N), so reload and Back return to it. Each post is a
// card with its state and visible actions (cards stack on narrow
// screens, tap targets 44 px).
import { useState } from "preact/hooks";
import { useQuery } from "@urql/preact";
import { useLocation } from "preact-iso";
import { useI18n } from "../../lib/i18n-context";
import { ErrorNote, Heading, Loading } from "../ui";
import { useSite } from "../site";
import { useBase } from "../paths";
import { previousPublication } from "../drafts";
import { MyPostsQuery } from "./ops";
import { PostState } from "./PostState";
import { PublicationDialog, type PublicationTarget } from "./PublicationDialog";
import type { Me } from "../me";

export const PAGE_SIZE = 20;

export function PostsView(props: { me: Me }) {
  const { t } = useI18n();
  const loc = useLocation();
  const base = useBase();
  const site = useSite();
  const page = Math.max(1, Math.floor(Number(loc.query.page) || 1));
  const [res, reexecute] = useQuery({ query: MyPostsQuery, variables: { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE + 1 } });
  const [dialog, setDialog] = useState<PublicationTarget | null>(null);
  const posts = res.data?.myPosts.slice(0, PAGE_SIZE) ?? [];
  const hasNext = (res.data?.myPosts.length ?? 0) > PAGE_SIZE;
  const pageLink = (p: number) => site.link("/posts", { page: p > 1 ? p : undefined });

  return (
    <section class="view posts">
      <div class="view-top">
        <Heading>{t("posts.heading")}</Heading>
        <a class="button" href={site.link("/posts/new")}>
          {t("posts.new")}
        </a>
      </div>
      {res.fetching && !res.data && <Loading />}
      {res.error && <ErrorNote error={res.error} onRetry={() => reexecute({ requestPolicy: "network-only" })} />}
      {res.data && posts.length === 0 && <p class="muted">{page > 1 ? t("posts.emptyPage") : t("posts.empty")}</p>}
      {posts.length > 0 && (
        <ul class="post-list" aria-label={t("posts.listLabel", { page })}>
          {posts.map((p) => {
            const title = p.title || t("posts.untitled");
            return (
              <li key={p.id} class="post-card">
                <h2 class="post-title">
                  <a href={site.link(`/posts/${p.id}`)}>{title}</a>
                </h2>
                <p class="post-meta">
                  <PostState state={p.publicationState} publishedAt={p.publishedAt} was={p.publicationState === "UNPUBLISHED" ? previousPublication(props.me.id, p.id) : null} />
                </p>
                {p.excerpt && <p class="post-digest muted">{p.excerpt}</p>}
                <div class="card-actions">
                  <a class="button secondary" href={site.link(`/posts/${p.id}`)} aria-label={t("posts.editNamed", { title })}>
                    {t("posts.edit")}
                  </a>
                  <button type="button" class="secondary" onClick={() => setDialog({ id: p.id, title, state: p.publicationState, publishedAt: p.publishedAt ?? null, version: p.version })} aria-label={t("posts.publicationNamed", { title })}>
                    {t("posts.publication")}
                  </button>
                  <a class="button secondary" href={`${base}/publications/preview/${p.id}`} target="_blank" rel="noopener" aria-label={t("posts.previewNamed", { title })}>
                    {t("posts.preview")}
                  </a>
                  {p.publicationState === "PUBLISHED" && (
                    <a class="button secondary" href={`${base}/pub/${p.id}`} target="_blank" rel="noopener" aria-label={t("posts.publicNamed", { title })}>
                      {t("posts.public")}
                    </a>
                  )}
                  <a class="button secondary" href={site.link(`/stats/${p.id}`)} aria-label={t("posts.statsNamed", { title })}>
                    {t("posts.stats")}
                  </a>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {(page > 1 || hasNext) && (
        <nav class="pager" aria-label={t("posts.pages")}>
          {page > 1 ? (
            <a href={pageLink(page - 1)} rel="prev">
              {t("posts.newer")}
            </a>
          ) : (
            <span />
          )}
          <span>{t("posts.page", { page })}</span>
          {hasNext ? (
            <a href={pageLink(page + 1)} rel="next">
              {t("posts.older")}
            </a>
          ) : (
            <span />
          )}
        </nav>
      )}
      {dialog && (
        <PublicationDialog
          me={props.me}
          post={dialog}
          onClose={(changed) => {
            setDialog(null);
            if (changed) reexecute({ requestPolicy: "network-only" });
          }}
        />
      )}
    </section>
  );
}
