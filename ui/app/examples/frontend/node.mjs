// The urql example from Node: `node node.mjs http://localhost:8080`
// prints, as JSON, the first site's first two pages of posts (walked with
// cursors), its newest article with its sidebar, and the view it counted
// through a view token (docs/API.md "A working example").
import { article, countView, firstSite, newClient, postsPage } from "./client.mjs";

const base = process.argv[2] || "http://localhost:8080";
const client = newClient(base);
const site = await firstSite(client);
const page1 = await postsPage(client, site.id, 3);
const page2 = await postsPage(client, site.id, 3, page1.posts.pageInfo.endCursor);
const a = await article(client, page1.posts.nodes[0].id);
const view = await countView(client, a.viewToken);
const again = await countView(client, a.viewToken);
console.log(
  JSON.stringify({
    site: { id: site.id, name: page1.name, totalCount: page1.posts.totalCount },
    pages: [page1.posts.nodes.map((p) => p.title), page2.posts.nodes.map((p) => p.title)],
    article: { id: a.id, title: a.title, author: a.site.author, recent: a.site.recent.map((p) => p.title), prev: a.prev?.title ?? null },
    view,
    again,
  }),
);
