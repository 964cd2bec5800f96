// The urql example in a browser page on its own origin (index.html?api=…):
// a site's posts with cursors ("Older posts" loads the next page), an
// article rendered from one query, and its view counted with the token
// that query returned. Bundled by the browser test
// (ui/app/e2e/70-frontend.test.mjs) with esbuild.
import { article, countView, firstSite, newClient, postsPage } from "./client.mjs";

const params = new URLSearchParams(location.search);
const client = newClient(params.get("api"));
const $ = (id) => document.getElementById(id);
let site = null;
let after = null;

async function more() {
  const page = await postsPage(client, site, 5, after);
  $("site").textContent = page.name;
  for (const p of page.posts.nodes) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "#" + p.id;
    a.textContent = p.title;
    a.addEventListener("click", (e) => {
      e.preventDefault();
      open(p.id);
    });
    li.append(a);
    $("posts").append(li);
  }
  after = page.posts.pageInfo.endCursor;
  $("more").hidden = !page.posts.pageInfo.hasNextPage;
}

async function open(id) {
  const a = await article(client, id);
  $("title").textContent = a.title;
  $("body").innerHTML = a.html; // sanitized by the server
  $("recent").replaceChildren(...a.site.recent.map((p) => Object.assign(document.createElement("li"), { textContent: p.title })));
  $("article").hidden = false;
  const v = await countView(client, a.viewToken);
  $("views").textContent = `${v.recorded ? "Counted" : "Already counted"}: ${v.pv} views today`;
}

$("more").addEventListener("click", () => more());
site = params.get("site") || (await firstSite(client)).id;
await more();
document.body.dataset.ready = "1";
