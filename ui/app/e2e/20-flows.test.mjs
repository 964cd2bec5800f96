// The owner's flows end to end: log in; write a post with the server's
// preview; publish it and read it on the public page; schedule one and
// preview it as its owner; change theme, comment mode and the view-count
// switch and see them publicly; approve a reader's pending comment; sort,
// page and export Stats with the URL and Back working; phone layout.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { as, BASE, DESKTOP, MOBILE, html, launch, loginForm, noOverflow, open, withPage } from "./lib.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

describe("writing and publishing", () => {
  test("log in, write with preview, publish, see it publicly; schedule and preview as owner", async () => {
    await withPage(browser, {}, "flow-write", async (page) => {
      await loginForm(page, "hanako");
      await page.getByRole("link", { name: "Posts", exact: true }).click();
      await page.getByRole("link", { name: "New post" }).click();
      const stamp = Date.now() % 1e6;
      await page.getByLabel("Content (Markdown)").fill(`# Flow post ${stamp}\n\nHello **world** <script>alert(1)</script>.`);
      // Live preview from the server's renderer: bold rendered, script gone, title derived.
      await page.locator(".preview-pane strong", { hasText: "world" }).waitFor();
      assert.equal(await page.locator(".preview-pane script").count(), 0);
      await page.locator(".derived-title", { hasText: `Flow post ${stamp}` }).waitFor();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Saved.", { exact: true }).waitFor();
      const id = page.url().split("/").pop();
      assert.match(id, /^[0-9A-F]{16}$/);
      assert.equal((await html(`/pub/${id}`)).status, 404, "a draft is not public");
      // Owner preview of the draft.
      const draft = await page.context().request.get(`${BASE}/publications/preview/${id}`);
      assert.equal(draft.status(), 200);
      assert.match(await draft.text(), /draft, not published/);
      // Publish now.
      await page.getByRole("button", { name: "External publication…" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Publish this post").check();
      await dialog.getByLabel("Now").check();
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.locator(".publication-summary .state-published").waitFor();
      const pub = await html(`/pub/${id}`);
      assert.equal(pub.status, 200);
      assert.match(pub.body, new RegExp(`Flow post ${stamp}`));
      assert.match(pub.body, /<strong>world<\/strong>/);

      // A second post, scheduled: 404 publicly, previewable by its owner.
      await page.goto(`${BASE}/publications/posts/new`);
      await page.getByLabel("Content (Markdown)").fill(`# Scheduled ${stamp}\n\nLater.`);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Saved.", { exact: true }).waitFor();
      const sid = page.url().split("/").pop();
      await page.getByRole("button", { name: "External publication…" }).click();
      await dialog.getByLabel("Publish this post").check();
      await dialog.getByLabel("At a date and time").check();
      await dialog.getByLabel(/Date and time, Asia\/Tokyo \(UTC\+09:00\)/).fill("2031-05-06T07:08");
      await dialog.getByText(/schedules the post/).waitFor();
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.locator(".publication-summary .state-scheduled", { hasText: "May 6, 2031, 7:08 AM (Asia/Tokyo)" }).waitFor();
      assert.equal((await html(`/pub/${sid}`)).status, 404);
      const [tab] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("link", { name: "Preview page" }).click()]);
      await tab.getByText(/scheduled for/).waitFor();
      assert.match(await tab.content(), /Scheduled \d+/);
      assert.match(await tab.content(), /<meta name="robots" content="noindex/);
      await tab.close();
      // Unpublishing keeps the date on screen.
      await page.getByRole("button", { name: "External publication…" }).click();
      await dialog.getByLabel("Publish this post").uncheck();
      assert.equal(await dialog.getByLabel(/Date and time, Asia\/Tokyo \(UTC\+09:00\)/).inputValue(), "2031-05-06T07:08");
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.getByRole("link", { name: "Posts", exact: true }).click();
      const card = page.locator(".post-card", { hasText: `Scheduled ${stamp}` });
      await card.locator(".state-draft", { hasText: "last published" }).waitFor();
      assert.match(await card.innerText(), /May 6, 2031/);
    });
  });
});

describe("settings seen publicly", () => {
  test("theme, comment mode and the view-count switch", async () => {
    const api = await as("mix");
    const uid = (await api.gql("{ me { id } }")).me.id;
    const post = (await api.gql("{ myPosts(limit: 50) { id publicationState allowReplies } }")).myPosts.find((p) => p.publicationState === "PUBLISHED" && p.allowReplies).id;
    await withPage(browser, { user: "mix" }, "flow-settings", async (page) => {
      await open(page, "/publications/settings");
      await page.getByLabel("Design theme").selectOption("dark");
      await page.getByLabel("Comment mode").selectOption("open");
      await page.getByLabel("View count line under articles").uncheck();
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.getByText("Saved.", { exact: true }).waitFor();
      let site = await html(`/sites/${uid}`);
      assert.match(site.body, /<body class="theme-dark/);
      let art = await html(`/pub/${post}`);
      assert.match(art.body, /<body class="theme-dark/);
      assert.match(art.body, /data-stgy-comments/, "open comments: the section is on the page");
      assert.doesNotMatch(art.body, /views in the last/, "the view count line is hidden");
      // Back: no comments, vertical theme, view count shown.
      await page.getByLabel("Design theme").selectOption("vertical");
      await page.getByLabel("Comment mode").selectOption("none");
      await page.getByLabel("View count line under articles").check();
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.getByText("Saved.", { exact: true }).waitFor();
      art = await html(`/pub/${post}`);
      assert.match(art.body, /<body class="theme-vertical vertical/);
      assert.doesNotMatch(art.body, /data-stgy-comments/);
      site = await html(`/sites/${uid}`);
      assert.match(site.body, /theme-vertical/);
      // The theme preview link opens the site with ?design=.
      assert.equal(await page.getByRole("link", { name: /Preview your site with vertical/ }).getAttribute("href"), `/sites/${uid}?design=vertical`);
    });
  });
});

// A reader's comment through the widget (its CAPTCHA answer read from Redis).
async function readerComment(postId, nickname, text) {
  const answer = (id) =>
    execFileSync("redis-cli", ["-h", process.env.STGY_E2E_REDIS_HOST ?? "127.0.0.1", "-p", process.env.STGY_E2E_REDIS_PORT ?? "6379", "HGET", `${process.env.STGY_E2E_REDIS_PREFIX ?? ""}stgy:captcha:challenge:{${id}}`, "answer"])
      .toString()
      .trim();
  const context = await browser.newContext({ viewport: DESKTOP });
  try {
    const page = await context.newPage();
    await page.goto(`${BASE}/pub/${postId}`);
    const challenge = page
      .waitForResponse((r) => r.url().endsWith("/graphql") && r.request().postDataJSON()?.operationName === "CreateCaptchaChallenge")
      .then((r) => r.json())
      .then((b) => b.data.createCaptchaChallenge.id);
    await page.getByRole("button", { name: "Write a comment" }).click();
    await page.getByLabel("Nickname").fill(nickname);
    await page.getByLabel("Comment", { exact: true }).fill(text);
    await page.getByLabel(/Type the 6 digits/).fill(answer(await challenge));
    await page.getByRole("button", { name: "Post comment" }).click();
    await page.locator(".cw-notice", { hasText: "once the author approves it" }).waitFor();
  } finally {
    await context.close();
  }
}

describe("moderation", () => {
  test("a reader's pending comment is approved from the Comments tab; the notification is marked read", async () => {
    const api = await as("hanako");
    const uid = (await api.gql("{ me { id } }")).me.id;
    await api.gql("mutation($u: ID!, $in: PubConfigInput!) { updatePubConfig(userId: $u, input: $in) { userId } }", { u: uid, in: { extensions: { comments: { mode: "moderated" } } } });
    const post = (await api.gql("{ myPosts(limit: 50) { id publicationState allowReplies } }")).myPosts.find((p) => p.publicationState === "PUBLISHED" && p.allowReplies).id;
    const nick = `Reader ${Date.now() % 100000}`;
    await readerComment(post, nick, "Is this <b>approved</b> yet?");
    const published = async () => (await new (await import("./lib.mjs")).Api().gql("query($p: ID!) { pubComments(postId: $p) { items { nickname } } }", { p: post })).pubComments.items.some((c) => c.nickname === nick);
    assert.equal(await published(), false, "pending comments are hidden from readers");
    await withPage(browser, { user: "hanako" }, "flow-moderation", async (page) => {
      await open(page, "/publications/comments");
      const row = page.locator(".comment-card", { hasText: nick }).first();
      await row.waitFor();
      assert.match(await row.innerText(), /Awaiting approval/);
      assert.match(await row.locator(".comment-body").innerText(), /<b>approved<\/b>/, "the text is shown as text");
      const note = page.locator(".note-list li", { hasText: nick });
      await note.waitFor();
      await row.getByRole("button", { name: `Approve the comment of ${nick}` }).click();
      await page.locator("ul[aria-labelledby='recent-h'] .comment-card", { hasText: nick }).waitFor();
      assert.equal(await page.locator("ul[aria-labelledby='pending-h'] .comment-card", { hasText: nick }).count(), 0);
      assert.equal(await published(), true, "readers see it once approved");
      await note.getByRole("button", { name: /^Mark as read: the notification/ }).click();
      await note.waitFor({ state: "detached" });
    });
  });
});

describe("Stats", () => {
  test("sort, page and export with the URL and Back", async () => {
    const api = await as("gopher");
    const posts = (await api.gql("{ myPosts(limit: 100) { id publicationState } }")).myPosts.filter((p) => p.publicationState === "PUBLISHED");
    assert.ok(posts.length > 50, `gopher has ${posts.length} published posts`);
    // Distinct view counts: post i gets 1 + i % 3 views.
    let ip = 0;
    for (const [i, p] of posts.entries()) for (let k = 0; k <= i % 3; k++) await api.recordView(p.id, `198.51.${100 + (ip >> 8)}.${ip++ & 255}`);
    await withPage(browser, { user: "gopher" }, "flow-stats", async (page) => {
      await open(page, "/publications/stats?period=15");
      const rows = page.locator(".stats-table tbody tr");
      await rows.first().waitFor();
      assert.equal(await rows.count(), 50);
      await page.getByText(`Page 1 of 2`).waitFor();
      const views = await page.locator(".stats-table .views-num").allInnerTexts();
      assert.deepEqual(views.map(Number), [...views.map(Number)].sort((a, b) => b - a), "default: most viewed first");
      // Sort by title.
      await page.getByRole("link", { name: "Title" }).click();
      await page.waitForURL(/sort=title/);
      // The server sorts: wait until the rows shown are the new order's.
      await page.locator(".stats-table[data-order='TITLE_ASC'][data-page='1']").waitFor();
      const titles = await page.locator(".stats-table tbody th").allInnerTexts();
      assert.deepEqual(titles, [...titles].sort(new Intl.Collator("en").compare));
      assert.equal(await page.locator("th[aria-sort='ascending']").innerText().then((s) => s.trim().startsWith("Title")), true);
      // Page 2.
      await page.getByRole("link", { name: "Next →" }).click();
      await page.waitForURL(/page=2/);
      await page.getByText("Page 2 of 2").waitFor();
      await page.locator(".stats-table[data-order='TITLE_ASC'][data-page='2']").waitFor();
      const page2 = await page.locator(".stats-table tbody th").allInnerTexts();
      assert.ok(page2.length > 0 && page2.length <= 50, `${page2.length} rows on page 2`);
      assert.deepEqual(page2, [...page2].sort(new Intl.Collator("en").compare));
      assert.ok(new Intl.Collator("en").compare(titles.at(-1), page2[0]) <= 0, "page 2 continues the order of page 1");
      // Back: page 1, still by title; Back again: by views.
      await page.goBack();
      await page.getByText("Page 1 of 2").waitFor();
      await page.locator(".stats-table[data-order='TITLE_ASC'][data-page='1']").waitFor();
      assert.match(page.url(), /sort=title/);
      assert.doesNotMatch(page.url(), /page=/);
      assert.deepEqual(await page.locator(".stats-table tbody th").allInnerTexts(), titles);
      await page.goBack();
      await page.waitForURL((u) => !u.search.includes("sort="));
      await page.locator(".stats-table[data-order='PV_DESC'][data-page='1']").waitFor();
      assert.equal(await page.locator("th[aria-sort='descending']").innerText().then((s) => s.trim().startsWith("Views")), true);
      // Export: every row of the table (both pages), in the table's order.
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
      const csv = fs.readFileSync(await download.path(), "utf8").replace(/^\ufeff/, "").trim().split("\r\n");
      assert.match(csv[0], /^id,title,published_at,views,\d{4}-\d{2}-\d{2},/);
      assert.equal(csv[0].split(",").length, 4 + 15);
      const body = csv.slice(1);
      assert.ok(body.length > 50, `${body.length} rows exported`);
      const firstIds = await page.locator(".stats-table .id-col code").allInnerTexts();
      assert.deepEqual(body.slice(0, 50).map((l) => l.split(",")[0]), firstIds);
      // A post's own view, and back to the table.
      await page.locator(".stats-table tbody th a").first().click();
      await page.getByRole("heading", { level: 1, name: /^Stats: / }).waitFor();
      await page.getByText(/Views of this post in the last 15 days/).waitFor();
      await page.goBack();
      await page.locator(".stats-table").waitFor();
    });
  });

  test("375 px: key figure and labels unclipped, post cards with 44 px actions", async () => {
    await withPage(browser, { user: "gopher", viewport: MOBILE }, "flow-mobile", async (page) => {
      await open(page, "/publications/stats?period=15");
      const key = page.locator(".key-value");
      await key.waitFor();
      await noOverflow(page, "stats 375");
      const fits = await key.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= innerWidth);
      assert.ok(fits, "the key figure is not clipped");
      await page.getByRole("link", { name: "Posts", exact: true }).click();
      await page.locator(".post-card").first().waitFor();
      await noOverflow(page, "posts 375");
      for (const b of await page.locator(".post-card").first().locator(".card-actions a, .card-actions button").all()) {
        const box = await b.boundingBox();
        assert.ok(box.height >= 44 && box.width >= 44, `tap target ${await b.innerText()} is ${box.width}x${box.height}`);
      }
      for (const b of await page.locator("nav .tabs a").all()) assert.ok((await b.boundingBox()).height >= 44);
    });
  });
});
