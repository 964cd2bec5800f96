// The owners' Publications page in a real Chromium, Settings and Posts
// tabs: settings that show on the public site (user text kept as text,
// unknown extension keys kept), the publication dialog, the editor,
// delete, and the error codes in the message area.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { Api, BASE, html, launch, loginThroughForm, status } from "./lib.mjs";

const api = new Api();
let userId = "";
let posts = []; // gopher's published posts, newest first
let browser;

before(async () => {
  userId = await api.login();
  const d = await api.gql("{ myPosts(limit: 100) { id publicationState } }");
  posts = d.myPosts.filter((p) => p.publicationState === "PUBLISHED");
  browser = await launch();
  await loginThroughForm(browser.page);
});

after(async () => {
  await browser?.close();
});

describe("Publications Settings and Posts", () => {
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
    await page.goto(BASE + `/pub/${posts[0].id}`);
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
});
