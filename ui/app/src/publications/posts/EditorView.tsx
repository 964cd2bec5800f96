// The post editor in its own view (/publications/posts/new and
// /publications/posts/{id}): loads the post, then hands it to Editor.
import { useQuery } from "@urql/preact";
import { useI18n } from "../../lib/i18n-context";
import { ErrorNote, Heading, Loading } from "../ui";
import { useSite } from "../site";
import { MyPostQuery } from "./ops";
import { Editor } from "./Editor";
import type { Me } from "../me";

export function NewPostView(props: { me: Me }) {
  const { t } = useI18n();
  return (
    <section class="view editor-view">
      <Heading>{t("editor.newHeading")}</Heading>
      <Editor me={props.me} post={null} />
    </section>
  );
}

export function EditPostView(props: { me: Me; params?: Record<string, string>; id?: string }) {
  const { t } = useI18n();
  const site = useSite();
  const id = props.params?.id ?? props.id ?? "";
  const [res, reexecute] = useQuery({ query: MyPostQuery, variables: { id }, requestPolicy: "network-only" });
  const post = res.data?.myPost;
  return (
    <section class="view editor-view">
      <Heading>{t("editor.editHeading")}</Heading>
      {res.fetching && !post && <Loading />}
      {res.error && (
        <>
          <ErrorNote error={res.error} onRetry={() => reexecute({ requestPolicy: "network-only" })} />
          <p>
            <a href={site.link("/posts")}>{t("editor.backToList")}</a>
          </p>
        </>
      )}
      {post && <Editor key={`${post.id}`} me={props.me} post={post} />}
    </section>
  );
}
