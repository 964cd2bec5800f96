// Publications Stats in a real Chromium: login through the form, the
// total and per-post PV of views recorded just before (exact figures on a
// fresh database), the site chart, sorting by PV / ID / date with ?page=
// in the URL, an admin's ?user= view, and a narrow window. Runs first of
// the browser files (node runs files in name order): nothing may count
// views before its before() hook.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { Api, BASE, launch, loginThroughForm } from "./lib.mjs";

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

describe("Publications Stats", () => {
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
  it("logs out and fits a narrow window", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(BASE + "/publications");
    await page.locator("#stats-table tbody tr").first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, "no horizontal scrolling of the page at 360px");
    await page.screenshot({ path: "/tmp/stats-narrow.png" });
    await page.click("#logout");
    await page.locator("#login-form").waitFor({ state: "visible" });
    await page.reload();
    await page.locator("#login-form").waitFor({ state: "visible" });
  });});
