// Every view of the Publications app at desktop and 375 px, in English
// and Japanese: axe-core finds no violation of any impact, nothing
// overflows sideways, no page error or CSP violation; a screenshot of
// each lands in ui/app/e2e/screenshots/.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { as, axe, DESKTOP, MOBILE, launch, noOverflow, open, shot, withPage } from "./lib.mjs";

let browser;
let postId = "";
before(async () => {
  browser = await launch();
  const api = await as("hanako");
  postId = (await api.gql("{ myPosts(limit: 1) { id } }")).myPosts[0].id;
});
after(async () => browser?.close());

const J = (en, ja) => ({ en, ja });
const views = [
  { name: "login", path: "/publications", anonymous: true, ready: J("Log in", "ログイン") },
  { name: "stats", path: "/publications/stats?period=15", ready: J("Stats", "統計"), after: async (page) => page.locator(".chart-box canvas").first().waitFor() },
  {
    name: "stats-table-open",
    path: "/publications/stats",
    ready: J("Stats", "統計"),
    after: async (page) => {
      await page.locator("summary").first().click();
      // The per-post views bar has a drawing area: the nav's header.bar
      // rule (padding) must not reach svg.bar. The demo data may have no
      // views (no posts table), so a bar like the table's is measured.
      const box = await page.evaluate(() => {
        const ns = "http://www.w3.org/2000/svg";
        const svg = document.createElementNS(ns, "svg");
        svg.setAttribute("class", "bar");
        svg.setAttribute("viewBox", "0 0 100 10");
        svg.setAttribute("preserveAspectRatio", "none");
        const rect = document.createElementNS(ns, "rect");
        rect.setAttribute("width", "50");
        rect.setAttribute("height", "10");
        svg.appendChild(rect);
        document.querySelector("main").appendChild(svg);
        const cs = getComputedStyle(svg);
        const out = { h: svg.getBoundingClientRect().height, pad: cs.paddingTop, rect: rect.getBoundingClientRect().height };
        svg.remove();
        return out;
      });
      assert.equal(box.pad, "0px", "svg.bar has no padding");
      assert.ok(box.h >= 6 && box.h <= 10, `svg.bar height ${box.h}`);
      assert.ok(box.rect >= 6, `the bar's rect is drawn ${box.rect} px high`);
    },
  },
  { name: "post-stats", path: () => `/publications/stats/${postId}`, ready: null },
  { name: "posts", path: "/publications/posts", ready: J("Posts", "投稿"), after: async (page) => page.locator(".post-card").first().waitFor() },
  {
    name: "editor-new",
    path: "/publications/posts/new",
    ready: J("New post", "新しい投稿"),
    after: async (page) => {
      await page.locator("#content").fill("# Preview of a heading\n\nSome **bold** text and a [link](https://example.com).\n\n- one\n- two\n\n日本語の段落です。");
      await page.locator(".preview-pane strong").waitFor();
    },
  },
  { name: "editor-edit", path: () => `/publications/posts/${postId}`, ready: null, after: async (page) => page.locator("#content").waitFor() },
  {
    name: "publication-dialog",
    path: () => `/publications/posts/${postId}`,
    ready: null,
    after: async (page) => {
      await page.locator(".publication-summary button").first().click();
      await page.getByRole("dialog").waitFor();
    },
  },
  { name: "comments", path: "/publications/comments", ready: J("Comments", "コメント"), after: async (page) => page.locator("#recent-h").waitFor() },
  { name: "settings", path: "/publications/settings", ready: J("Settings", "設定"), after: async (page) => page.locator("#f-siteName").waitFor() },
  { name: "not-found", path: "/publications/nowhere", ready: J("Page not found", "ページが見つかりません") },
];

for (const lang of ["en", "ja"]) {
  for (const [vpName, viewport] of [["desktop", DESKTOP], ["375", MOBILE]]) {
    describe(`views, ${lang}, ${vpName}`, () => {
      for (const v of views) {
        test(v.name, async () => {
          const label = `${v.name}-${lang}-${vpName}`;
          await withPage(browser, { viewport, lang, user: v.anonymous ? "" : "hanako" }, label, async (page) => {
            const path = typeof v.path === "function" ? v.path() : v.path;
            if (v.anonymous) await page.goto((await import("./lib.mjs")).BASE + path);
            else await open(page, path, { lang });
            const h1 = page.locator("main h1");
            await h1.first().waitFor();
            if (v.ready) await page.getByRole("heading", { level: 1, name: v.ready[lang] }).waitFor();
            if (v.after) await v.after(page);
            await page.locator(".loading").waitFor({ state: "detached" }).catch(() => {});
            assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
            assert.equal(await page.locator("main").count(), 1, "one <main> landmark");
            assert.equal(await page.locator("a.skip[href='#main']").count(), 1, "skip link");
            await axe(page, label);
            await noOverflow(page, label);
            await shot(page, label);
          });
        });
      }
    });
  }
}
