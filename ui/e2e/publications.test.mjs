// The owners' Publications page in a real Chromium: login, Stats with
// known page views, sorting and ?page=, Settings that show on the public
// site (with user text kept as text), the publication dialog, the editor
// and the error codes. Run through scripts/e2e.sh.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { Api, BASE, html, launch, loginThroughForm, status } from "./lib.mjs";

const api = new Api();
let userId = "";
let posts = []; // gopher's published posts, newest first
let viewed = []; // the posts given views
let top, second;
let expectedTotal = 0;
let browser;

const rows = (page, table) => page.locator(`#${table} tbody tr`);
const cell = (page, id, cls) => page.locator(`#stats-table tr[data-id="${id}"] td.${cls}`);

before(async () => {
  userId = await api.login();
  const base = await api.gql("query($u: ID!) { pubStats(userId: $u) { totalPv } }", { u: userId });
  // A fresh database and Redis prefix: nothing counted yet (so nothing
  // cached, and the figures below are exact).
  assert.equal(base.pubStats.totalPv, 0, "fresh demo has no page views");
  const d = await api.gql("{ myPosts(limit: 100) { id publicationState } }");
  posts = d.myPosts.filter((p) => p.publicationState === "PUBLISHED");
  assert.ok(posts.length >= 55, `gopher has ${posts.length} published posts; scripts/e2e.sh imports extra ones`);
  viewed = posts.slice(0, 55);
  [top, second] = [viewed[7], viewed[30]];
  for (const p of viewed) {
    assert.equal((await api.recordView(p.id, "203.0.113.1")).recorded, true);
  }
  for (const ip of ["203.0.113.2", "203.0.113.3", "203.0.113.4", "203.0.113.5"]) {
    assert.equal((await api.recordView(top.id, ip)).recorded, true);
  }
  for (const ip of ["203.0.113.2", "203.0.113.3"]) {
    assert.equal((await api.recordView(second.id, ip)).recorded, true);
  }
  // The same visitor again is deduplicated, not counted.
  assert.equal((await api.recordView(top.id, "203.0.113.2")).recorded, false);
  expectedTotal = 55 + 4 + 2;
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

describe("Publications page", () => {
  it("shows the login form to an anonymous visitor and refuses a wrong password", async () => {
    const { page } = browser;
    await page.goto(BASE + "/publications");
    await page.locator("#login-form").waitFor({ state: "visible" });
    assert.equal(await page.locator("#tabs").isVisible(), false);
    await page.fill("#login-form input[name=loginName]", "gopher");
    await page.fill("#login-form input[name=password]", "wrong-password");
    await page.click("#login-form button[type=submit]");
    const err = page.locator("#login-form .form-error");
    await err.waitFor({ state: "visible" });
    assert.match(await err.textContent(), /^UNAUTHENTICATED: /);
  });

  it("logs in and shows Stats with the recorded page views", async () => {
    const { page } = browser;
    await loginThroughForm(page);
    await page.locator("#stats-table tbody tr").first().waitFor();
    assert.equal(await page.textContent("#stats-total"), String(expectedTotal));
    assert.equal(await page.textContent("#stats-days"), "in the last 15 days");
    // Default order: PV descending, 50 rows on page 1 of 2.
    assert.equal(await rows(page, "stats-table").count(), 50);
    assert.equal(await rows(page, "stats-table").nth(0).getAttribute("data-id"), top.id);
    assert.equal(await rows(page, "stats-table").nth(1).getAttribute("data-id"), second.id);
    assert.equal(await cell(page, top.id, "pv").textContent(), "5");
    assert.equal(await cell(page, second.id, "pv").textContent(), "3");
    assert.equal(await page.locator(`#stats-table tr[data-id="${top.id}"] a`).getAttribute("href"), `/pub/${top.id}`);
    assert.ok((await cell(page, top.id, "digest").textContent()).length > 20, "digest shown");
    assert.match(await cell(page, top.id, "date").textContent(), /^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    assert.equal(await page.textContent("#stats-pageinfo"), "Page 1 of 2");
    assert.equal(await page.locator("#stats-prev").isVisible(), false);
    // Site chart: 15 bars, today's (the last) holds every view.
    const bars = page.locator("#stats-chart svg g.bar");
    assert.equal(await bars.count(), 15);
    const today = new Date().toISOString().slice(0, 10);
    assert.equal(await bars.nth(14).locator("title").textContent(), `${today}: ${expectedTotal} views`);
    assert.match(await page.locator("#stats-chart svg > title").textContent(), new RegExp(`${expectedTotal} page views over 15 days`));
    // Per-post sparkline with its series in the title.
    const spark = page.locator(`#stats-table tr[data-id="${top.id}"] svg.sparkline title`);
    assert.match(await spark.textContent(), / 5$/);
    await page.screenshot({ path: "/tmp/stats.png", fullPage: false });
  });

  it("sorts by PV, ID and date and keeps ?page= in the URL", async () => {
    const { page } = browser;
    await page.click("#stats-table th[data-sort=pv] button");
    assert.match(page.url(), /dir=asc/);
    assert.equal(await page.getAttribute("#stats-table th[data-sort=pv]", "aria-sort"), "ascending");
    assert.equal(await rows(page, "stats-table").nth(0).locator("td.pv").textContent(), "1");
    await page.click("#stats-table th[data-sort=id] button");
    const ids = viewed.map((p) => p.id).sort().reverse();
    assert.equal(await rows(page, "stats-table").nth(0).getAttribute("data-id"), ids[0]);
    await page.click("#stats-next");
    assert.match(page.url(), /[?&]page=2(&|$)/);
    assert.equal(await rows(page, "stats-table").count(), 5);
    assert.equal(await rows(page, "stats-table").nth(4).getAttribute("data-id"), ids[54]);
    assert.equal(await page.textContent("#stats-pageinfo"), "Page 2 of 2");
    // A reload keeps page and order.
    await page.reload();
    await page.locator("#stats-table tbody tr").first().waitFor();
    assert.equal(await rows(page, "stats-table").count(), 5);
    assert.equal(await rows(page, "stats-table").nth(0).getAttribute("data-id"), ids[50]);
    await page.click("#stats-prev");
    assert.doesNotMatch(page.url(), /page=/);
    await page.click("#stats-table th[data-sort=publishedAt] button");
    const dates = await rows(page, "stats-table").locator("td.date").allTextContents();
    assert.deepEqual(dates, [...dates].sort().reverse(), "newest publication first");
  });

  it("lets an admin see another user's Stats and Settings with ?user=", async () => {
    const admin = await launch();
    try {
      const { page } = admin;
      await page.goto(BASE + `/publications?user=${userId}`);
      await page.fill("#login-form input[name=loginName]", "hanako");
      await page.fill("#login-form input[name=password]", "demo-password");
      await page.click("#login-form button[type=submit]");
      await page.locator("#stats-table tbody tr").first().waitFor();
      assert.match(await page.textContent("#who-name"), /\(hanako, admin\)$/);
      assert.equal(await page.textContent("#who-target"), `viewing user ${userId}`);
      assert.equal(await page.textContent("#stats-total"), String(expectedTotal));
      assert.equal(await page.locator("#tabs [data-tab=posts]").isVisible(), false);
      await page.click("#tabs [data-tab=settings]");
      await page.waitForFunction(() => document.querySelector("#settings-form [name=siteName]").value !== "");
      assert.equal(await page.inputValue("#settings-form [name=siteName]"), "Go Blog Reader");
      assert.match(page.url(), new RegExp(`user=${userId}`));
    } finally {
      await admin.close();
    }
  });

  it("saves settings, keeps unknown extension keys and shows them on the public site as text", async () => {
    await api.gql("mutation($u: ID!, $in: PubConfigInput!) { updatePubConfig(userId: $u, input: $in) { userId } }", {
      u: userId,
      in: {
        extensions: {
          shareButtons: ["mastodon", "x"],
          comments: { mode: "moderated", maxDepth: 2 },
          analytics: { plausible: { domain: "example.org" } },
          futureKey: { a: [1, 2] },
        },
      },
    });
    const { page } = browser;
    await page.goto(BASE + "/publications?tab=settings");
    const f = page.locator("#settings-form");
    await page.waitForFunction(() => document.querySelector("#settings-form [name=siteName]").value !== "");
    assert.equal(await f.locator("input[name=share][value=x]").isChecked(), true);
    assert.equal(await f.locator("input[name=share][value=line]").isChecked(), false);
    assert.equal(await f.locator("select[name=commentsMode]").inputValue(), "moderated");
    const subtitle = `<script>window.__pwned=1</script> & "q"`;
    await f.locator("input[name=subtitle]").fill(subtitle);
    await f.locator("input[name=share][value=line]").check();
    await f.locator("input[name=measurementId]").fill("G-E2ETEST01");
    await f.locator("button[type=submit]").click();
    await page.locator("#settings-status", { hasText: "Saved." }).waitFor();
    assert.equal(await f.locator("input[name=subtitle]").inputValue(), subtitle);
    // Over the 50-character limit (maxlength only stops typing): the
    // server's BAD_USER_INPUT appears next to the form, nothing is saved.
    await f.locator("input[name=subtitle]").evaluate((i) => { i.value = "s".repeat(51); });
    await f.locator("button[type=submit]").click();
    await f.locator(".form-error").waitFor({ state: "visible" });
    assert.match(await f.locator(".form-error").textContent(), /^BAD_USER_INPUT: .*subtitle/i);
    assert.equal(await page.textContent("#settings-status"), "");

    const cfg = await api.gql("query($u: ID!) { pubConfig(userId: $u) { subtitle extensions } }", { u: userId });
    assert.equal(cfg.pubConfig.subtitle, subtitle);
    assert.deepEqual(cfg.pubConfig.extensions, {
      shareButtons: ["x", "line", "mastodon"],
      comments: { mode: "moderated", maxDepth: 2 },
      analytics: { plausible: { domain: "example.org" }, googleAnalytics: { measurementId: "G-E2ETEST01" } },
      futureKey: { a: [1, 2] },
    });

    const site = await html(`/sites/${userId}`);
    assert.equal(site.status, 200);
    assert.ok(site.body.includes("&lt;script&gt;window.__pwned=1&lt;/script&gt;"), "subtitle escaped in HTML");
    assert.ok(!site.body.includes("<script>window.__pwned"), "no raw script from the subtitle");
    await page.goto(BASE + `/sites/${userId}`);
    assert.equal(await page.textContent(".site-subtitle"), subtitle);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    await page.goto(BASE + `/pub/${top.id}`);
    assert.equal(await page.locator(".share a.twitter-share-button").count(), 1);
    assert.equal(await page.locator(".share a.line").count(), 1);
  });

  it("publishes, schedules and unpublishes a post through the dialog", async () => {
    const { page } = browser;
    const target = posts[posts.length - 1];
    await page.goto(BASE + "/publications?tab=posts");
    const next = page.locator("#posts-next");
    const row = page.locator(`#posts-table tr[data-id="${target.id}"]`);
    await page.locator("#posts-table tbody tr").first().waitFor();
    while (!(await row.count())) {
      assert.ok(await next.isVisible(), "post found before the last page");
      const shown = await page.textContent("#posts-pageinfo");
      await next.click();
      await page.waitForFunction((s) => document.getElementById("posts-pageinfo").textContent !== s, shown);
    }
    const dialog = page.locator("#pub-dialog");
    const save = async () => {
      await dialog.locator("button[type=submit]").click();
      await dialog.waitFor({ state: "hidden" });
    };
    assert.equal(await status(`/pub/${target.id}`), 200);

    await row.locator("button", { hasText: "Publication" }).click();
    assert.equal(await dialog.locator("input[name=enabled]").isChecked(), true);
    await dialog.locator("input[name=enabled]").uncheck();
    assert.match(await page.textContent("#pub-state"), /unpublishes/);
    await save();
    await row.locator("td.state", { hasText: "Not published" }).waitFor();
    assert.equal(await status(`/pub/${target.id}`), 404);

    await row.locator("button", { hasText: "Publication" }).click();
    await dialog.locator("input[name=enabled]").check();
    await dialog.locator("input[name=at]").fill("2099-01-01T09:00");
    assert.match(await page.textContent("#pub-state"), /^Scheduled/);
    await save();
    await row.locator("td.state", { hasText: "Scheduled" }).waitFor();
    assert.equal(await row.locator("td.date").textContent(), "2099-01-01 09:00");
    assert.equal(await status(`/pub/${target.id}`), 404);

    await row.locator("button", { hasText: "Publication" }).click();
    await dialog.locator("input[name=at]").fill("2020-05-01T12:30");
    await save();
    await row.locator("td.state", { hasText: "Published" }).waitFor();
    assert.equal(await status(`/pub/${target.id}`), 200);
  });

  it("creates a post with the editor, shows BAD_USER_INPUT next to the form, and deletes with confirmation", async () => {
    const { page } = browser;
    await page.goto(BASE + "/publications?tab=posts");
    await page.locator("#posts-table tbody tr").first().waitFor();
    await page.click("#post-new");
    const f = page.locator("#post-editor");
    await f.locator("textarea[name=content]").fill("# E2E draft\n\nHello <script>window.__pwned=1</script> from the browser test.");
    await f.locator("input[name=locale]").fill("not a locale!");
    await f.locator("button[type=submit]").click();
    await f.locator(".form-error").waitFor({ state: "visible" });
    assert.match(await f.locator(".form-error").textContent(), /^BAD_USER_INPUT: /);
    await f.locator("input[name=locale]").fill("en");
    await f.locator("button[type=submit]").click();
    await f.waitFor({ state: "hidden" });
    const row = page.locator("#posts-table tbody tr").first();
    assert.equal(await row.locator("td.title span").textContent(), "E2E draft");
    assert.equal(await row.locator("td.state").textContent(), "Not published");
    const id = await row.getAttribute("data-id");
    page.once("dialog", (d) => d.accept());
    await row.locator("button", { hasText: "Delete" }).click();
    await page.locator(`#posts-table tr[data-id="${id}"]`).waitFor({ state: "detached" });
  });

  it("shows FORBIDDEN, BAD_USER_INPUT and UNAUTHENTICATED in the message area", async () => {
    const { page, context } = browser;
    await page.goto(BASE + "/publications?user=0000000000000001");
    await page.locator("#message").waitFor({ state: "visible" });
    assert.match(await page.textContent("#message"), /^FORBIDDEN: /);
    await page.goto(BASE + "/publications?user=nope");
    await page.locator("#message").waitFor({ state: "visible" });
    assert.match(await page.textContent("#message"), /^BAD_USER_INPUT: /);
    await page.goto(BASE + "/publications");
    await page.locator("#tabs").waitFor({ state: "visible" });
    await context.clearCookies();
    await page.click("#tabs [data-tab=posts]");
    await page.locator("#login-form").waitFor({ state: "visible" });
    assert.match(await page.textContent("#message"), /^UNAUTHENTICATED: /);
  });

  it("logs out and fits a narrow window", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 360, height: 800 });
    await loginThroughForm(page);
    await page.locator("#stats-table tbody tr").first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, "no horizontal scrolling of the page at 360px");
    await page.screenshot({ path: "/tmp/stats-narrow.png" });
    await page.click("#logout");
    await page.locator("#login-form").waitFor({ state: "visible" });
    await page.reload();
    await page.locator("#login-form").waitFor({ state: "visible" });
  });
});
