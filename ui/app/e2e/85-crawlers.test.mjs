// The crawler report and share counts in the owners' Stats (issue 23):
// a post fetched with GPTBot's User-Agent is listed in the "Crawlers"
// section with one AI crawl (and no view), and a reader's click on its X
// share link shows in the post's Stats.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { as, axe, BASE, html, launch, open, withPage } from "./lib.mjs";

const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

describe("crawler report", () => {
  let browser;
  let api;
  let id;
  before(async () => {
    browser = await launch();
    api = await as("mix");
    id = await api.createPost(`# Crawled by GPTBot ${Date.now()}\n\nBody.`, new Date(Date.now() - 60_000).toISOString());
    const res = await fetch(`${BASE}/pub/${id}`, { headers: { "User-Agent": GPTBOT } });
    assert.equal(res.status, 200);
    const share = await fetch(`${BASE}/share/${id}/x`, { headers: { "User-Agent": BROWSER }, redirect: "manual" });
    assert.equal(share.status, 302);
    assert.match(share.headers.get("location"), /^https:\/\/x\.com\/intent\/post\?url=/);
  });
  after(async () => {
    await browser?.close();
  });

  test("Stats lists the post under Crawlers with its AI crawl", async () => {
    await withPage(browser, { user: "mix" }, "stats-crawlers", async (page) => {
      await open(page, "/publications/stats");
      const section = page.locator("section.crawlers");
      await section.getByRole("heading", { name: "Crawlers" }).waitFor();
      // The report is live: the crawl is there once its batch ran; reload until it is.
      const row = section.locator(`tr[data-post="${id}"]`);
      for (let i = 0; i < 50 && !(await row.count()); i++) {
        await page.reload();
        await section.getByRole("heading", { name: "Crawlers" }).waitFor();
        await section.locator("table, p.muted").first().waitFor();
      }
      await row.waitFor();
      assert.equal((await row.locator('td[data-family="AI"]').textContent()).trim(), "1");
      assert.equal((await row.locator('td[data-family="SEARCH"]').textContent()).trim(), "0");
      assert.match(await row.locator("th").textContent(), /Crawled by GPTBot/);
      await section.locator(".chart-box canvas").first().waitFor();
      await axe(page, "stats crawlers");
    });
  });

  test("the post's Stats shows its share-link clicks", async () => {
    await withPage(browser, { user: "mix" }, "post-stats-shares", async (page) => {
      await open(page, `/publications/stats/${id}`);
      const x = page.locator('section.share-counts tr[data-service="X"] td');
      await x.waitFor();
      assert.equal((await x.textContent()).trim(), "1");
    });
  });

  test("Settings: asking AI crawlers to stay away changes robots.txt and the site's pages only", async () => {
    const gopher = await as("gopher");
    const gid = (await gopher.gql("{ me { id } }")).me.id;
    const mid = (await api.gql("{ me { id } }")).me.id;
    const gpost = (await gopher.gql("{ myPosts(limit: 20) { id publicationState } }")).myPosts.find((p) => p.publicationState === "PUBLISHED").id;
    const meta = '<meta name="robots" content="noai, noimageai">';
    await withPage(browser, { user: "gopher" }, "settings-disallow-ai", async (page) => {
      await open(page, "/publications/settings");
      await page.getByLabel("Ask AI crawlers to stay away").check();
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.getByText("Saved.", { exact: true }).waitFor();
      const robots = await (await fetch(`${BASE}/robots.txt`)).text();
      assert.match(robots, /User-agent: GPTBot\n/);
      assert.ok(robots.includes(`Disallow: /sites/${gid}\n`) && robots.includes(`Disallow: /pub/${gpost}\n`), robots);
      assert.ok(!robots.includes(mid) && !robots.includes(id), "another site is named");
      assert.ok((await html(`/pub/${gpost}`)).body.includes(meta));
      assert.ok(!(await html(`/pub/${id}`)).body.includes(meta), "another site's page got the meta");
      await page.getByLabel("Ask AI crawlers to stay away").uncheck();
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.getByText("Saved.", { exact: true }).waitFor();
      assert.ok(!(await (await fetch(`${BASE}/robots.txt`)).text()).includes("GPTBot"));
      assert.ok(!(await html(`/pub/${gpost}`)).body.includes(meta));
    });
  });
});
