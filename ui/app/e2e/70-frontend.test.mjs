// A frontend team's view of the API (docs/API.md "Building a frontend"):
// the graphql-http audit of GraphQL-over-HTTP conformance, the urql
// example in Node, and the same example in Chromium from a second origin
// (a static page on another loopback port): it lists a site's posts with
// cursors, renders an article from one query and counts one view through
// the view token flow.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import * as esbuild from "esbuild";
import { auditServer } from "graphql-http";
import { Api, BASE, CHROMIUM, OwnServer, launch, shot, withPage } from "./lib.mjs";

const here = path.dirname(new URL(import.meta.url).pathname);
const example = path.resolve(here, "../examples/frontend");
// A reader's browser: headless Chromium's own User-Agent names itself
// HeadlessChrome, which the view rules treat as a tool and never count.
const READER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("building a frontend", () => {
  test("graphql-http audit: no failure, no warning", async () => {
    const results = await auditServer({ url: BASE + "/graphql" });
    const bad = results.filter((r) => r.status !== "ok").map((r) => `${r.status} ${r.id} ${r.name}: ${r.reason}`);
    assert.deepEqual(bad, []);
    assert.ok(results.length >= 60, `${results.length} audits`);
  });

  test("GET queries are cached: public max-age, ETag through compression, 304", async () => {
    const sites = (await new Api().gql("{ sites(limit: 1) { id } }")).sites;
    const url = new URL(BASE + "/graphql");
    url.searchParams.set("query", "query($u: ID!) { site(userId: $u) { posts(first: 20) { nodes { id title url publishedAt } } } }");
    url.searchParams.set("variables", JSON.stringify({ u: sites[0].id }));
    const first = await fetch(url, { headers: { "Accept-Encoding": "gzip" } });
    const etag = first.headers.get("etag");
    assert.equal(first.status, 200);
    assert.equal(first.headers.get("cache-control"), "public, max-age=30, s-maxage=60");
    assert.match(etag, /^"[A-Za-z0-9_-]+-gzip"$/, "the compressed response's ETag");
    assert.ok((await first.json()).data.site.posts.nodes.length > 0);
    const again = await fetch(url, { headers: { "Accept-Encoding": "gzip", "If-None-Match": etag } });
    assert.equal(again.status, 304);
  });

  let viaNode;
  test("the urql example in Node: cursors, one-request article, one view", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(example, "node.mjs"), BASE]);
    viaNode = JSON.parse(stdout);
    const api = new Api();
    const d = await api.gql(
      `query($u: ID!) { site(userId: $u) { posts(first: 6) { totalCount nodes { id title } } } }`,
      { u: viaNode.site.id },
    );
    const titles = d.site.posts.nodes.map((p) => p.title);
    assert.deepEqual(viaNode.pages, [titles.slice(0, 3), titles.slice(3, 6)]);
    assert.equal(viaNode.site.totalCount, d.site.posts.totalCount);
    assert.equal(viaNode.article.id, d.site.posts.nodes[0].id);
    assert.equal(viaNode.article.title, titles[0]);
    assert.deepEqual(viaNode.article.recent, titles.slice(1, 6));
    assert.equal(viaNode.article.prev, titles[1]);
    assert.equal(viaNode.view.recorded, true);
    assert.deepEqual(viaNode.again, { recorded: false, pv: viaNode.view.pv });
  });

  describe("in Chromium from a second origin", () => {
    let browser, server, origin;
    before(async () => {
      const work = fs.mkdtempSync(path.join(process.env.STGY_E2E_WORK || "/tmp", "frontend-"));
      await esbuild.build({ entryPoints: [path.join(example, "app.mjs")], bundle: true, format: "esm", target: "es2022", outfile: path.join(work, "app.js"), logLevel: "warning" });
      fs.copyFileSync(path.join(example, "index.html"), path.join(work, "index.html"));
      server = http.createServer((req, res) => {
        const file = new URL(req.url, "http://x").pathname === "/app.js" ? "app.js" : "index.html";
        res.writeHead(200, { "Content-Type": file.endsWith(".js") ? "text/javascript" : "text/html; charset=utf-8" });
        res.end(fs.readFileSync(path.join(work, file)));
      });
      await new Promise((r) => server.listen(0, "127.0.0.1", r));
      origin = `http://127.0.0.1:${server.address().port}`;
      assert.notEqual(origin, BASE);
      browser = await launch();
    });
    after(async () => {
      await browser?.close();
      server?.close();
    });

    test("lists posts with cursors, renders an article from one query, counts one view", async () => {
      assert.ok(CHROMIUM);
      const context = await browser.newContext({ userAgent: READER_UA });
      // Only the page's own origin and the API's are reachable.
      await context.route((u) => !u.href.startsWith(origin) && !u.href.startsWith(BASE), (r) => r.abort());
      const page = await context.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const api = [];
      page.on("response", (r) => {
        if (r.url().startsWith(BASE + "/graphql")) api.push({ method: r.request().method(), url: r.url(), status: r.status(), acao: r.headers()["access-control-allow-origin"] });
      });
      // The demo site with the most posts (two pages of five and more).
      const sites = (await new Api().gql("{ sites { id posts { totalCount } } }")).sites;
      const site = sites.reduce((a, b) => (b.posts.totalCount > a.posts.totalCount ? b : a)).id;
      await page.goto(`${origin}/index.html?api=${encodeURIComponent(BASE)}&site=${site}`);
      await page.locator("body[data-ready='1']").waitFor();

      const all = await new Api().gql(`query($u: ID!) { site(userId: $u) { name posts(first: 10) { nodes { id title } } } }`, { u: site });
      const titles = all.site.posts.nodes.map((p) => p.title);
      assert.equal(await page.locator("#site").innerText(), all.site.name);
      assert.deepEqual(await page.locator("#posts a").allInnerTexts(), titles.slice(0, 5));
      await page.getByRole("button", { name: "Older posts" }).click();
      await page.locator("#posts li").nth(5).waitFor();
      assert.deepEqual(await page.locator("#posts a").allInnerTexts(), titles.slice(0, 10), "page 2 follows page 1 by cursor, nothing repeated");

      const target = all.site.posts.nodes[1];
      const before = api.length;
      await page.getByRole("link", { name: target.title, exact: true }).click();
      await page.locator("#views").filter({ hasText: "views today" }).waitFor();
      assert.equal(await page.locator("#title").innerText(), target.title);
      assert.ok((await page.locator("#body").innerHTML()).length > 50, "the article body is rendered");
      assert.deepEqual(await page.locator("#recent li").allInnerTexts(), titles.filter((t) => t !== target.title).slice(0, 5));
      const calls = api.slice(before);
      const reads = calls.filter((c) => c.method === "GET");
      assert.equal(reads.length, 1, "the article is one GET request (its hash was registered by the Node run)");
      assert.match(reads[0].url, /extensions=.*persistedQuery/);
      assert.doesNotMatch(reads[0].url, /[?&]query=/);
      assert.ok(calls.every((c) => c.status === 200 && c.acao === "*"), JSON.stringify(calls));
      const text = await page.locator("#views").innerText();
      const m = /^Counted: (\d+) views today$/.exec(text);
      assert.ok(m, text);
      // The view was counted for this browser's address: the same reader
      // reported again by a signed recordPubView is a duplicate.
      const dup = await new Api().recordView(target.id, "127.0.0.1");
      assert.deepEqual(dup, { recorded: false, pv: Number(m[1]) });
      await shot(page, "frontend-second-origin");
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
});

describe("a server that runs only persisted documents", () => {
  const own = new OwnServer({ STGY_GRAPHQL_PERSISTED_ONLY: "true" });
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await own.stop();
    await browser?.close();
  });

  test("the owners' app works (its operations are the allow-list); other documents are refused", async () => {
    const base = await own.start();
    await withPage(browser, { base, user: "gopher" }, "persisted-only", async (page) => {
      await page.goto(base + "/publications/posts");
      await page.getByRole("button", { name: "Log out", exact: true }).waitFor();
      await page.locator(".post-card").first().waitFor();
      await page.goto(base + "/publications/stats?period=15");
      await page.locator(".chart-box canvas").first().waitFor();
      await page.goto(base + "/publications/settings");
      assert.notEqual(await page.locator("#f-siteName").inputValue(), undefined);
    });
    const res = await fetch(base + "/graphql", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ query: "{ __typename }" }) });
    const body = await res.json();
    assert.equal(body.errors?.[0]?.extensions?.code, "PERSISTED_QUERY_NOT_IN_LIST");
    assert.equal(body.data, undefined);
  });
});
