// Owners never lose work (issue 19): two tabs editing one post and two
// tabs editing Settings end with a visible conflict and no silent loss;
// bulk moderation in the Comments tab with focus on the next row; the
// owner comments after readers on the same address used their hourly
// allowance; axe on Comments and Stats at 1280 and 375 px, Views in view
// on a phone. Readers' comments and the owner's run against a server of
// this file (OwnServer: its own Redis prefix, an allowance of 3 an hour)
// so no other file's counts matter.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import fs from "node:fs";
import { execFileSync } from "node:child_process";
import { Api, as, axe, DESKTOP, launch, MOBILE, newPage, open, OwnServer, shownText, withPage } from "./lib.mjs";

const REDIS_PREFIX = (process.env.STGY_E2E_REDIS_PREFIX ?? "") + "own80:";
const REDIS_HOST = process.env.STGY_E2E_REDIS_HOST ?? "127.0.0.1";
const REDIS_PORT = process.env.STGY_E2E_REDIS_PORT ?? "6379";

const AXE = fs.readFileSync(new URL("../node_modules/axe-core/axe.min.js", import.meta.url), "utf8");

/**
 * nameMismatch runs axe's label-content-name-mismatch rule (experimental,
 * so not in axe's default run) and returns its violations: a control whose
 * accessible name does not start with its visible text.
 */
async function nameMismatch(page) {
  await page.evaluate(AXE + "\n;0");
  return page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { runOnly: { type: "rule", values: ["label-content-name-mismatch"] }, resultTypes: ["violations", "passes"] });
    return { violations: r.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" "))), checked: r.passes.reduce((n, p) => n + p.nodes.length, 0) };
  });
}

const minute = () => new Date().toISOString().replace(/[-:T]/g, "").slice(0, 12);
const sha1 = (s) => crypto.createHash("sha1").update(s).digest("hex");

/** readerComment posts a comment as an anonymous reader of base, solving the CAPTCHA inline; returns the GraphQL response body. */
async function readerComment(base, postId, nickname, body) {
  const call = async (query, variables, headers) => {
    const res = await fetch(base + "/graphql", { method: "POST", headers: { "Content-Type": "application/json", Origin: base, ...headers }, body: JSON.stringify({ query, variables }) });
    return res.json();
  };
  const ch = await call("mutation { createCaptchaChallenge { id } }", {}, { "X-STGY-MinuteHash": sha1(minute()) });
  assert.ok(ch.data?.createCaptchaChallenge, JSON.stringify(ch));
  const id = ch.data.createCaptchaChallenge.id;
  const answer = execFileSync("redis-cli", ["-h", REDIS_HOST, "-p", REDIS_PORT, "HGET", `${REDIS_PREFIX}stgy:captcha:challenge:{${id}}`, "answer"]).toString().trim();
  return call(
    "mutation($in: PostPubCommentInput!) { postPubComment(input: $in) { id status } }",
    { in: { postId, nickname, body, captchaId: id, captchaAnswer: answer } },
    { "X-STGY-QueryHash": sha1(minute() + ":" + postId) },
  );
}

describe("owners never lose work", () => {
  let browser;
  let api;
  let uid;
  const own = new OwnServer({ STGY_PUB_COMMENTS_PER_HOUR: "3", STGY_REDIS_PREFIX: REDIS_PREFIX });
  before(async () => {
    browser = await launch();
    api = await as("mix");
    uid = (await api.gql("{ me { id } }")).me.id;
  });
  after(async () => {
    await own.stop();
    await browser?.close();
  });

  test("two tabs edit one post: the later save is a visible conflict; Keep mine and Load theirs", async () => {
    const id = await api.createPost("# Shared draft\n\nLine one.\nLine two.\n");
    const path = `/publications/posts/${id}`;
    const b = await newPage(browser, { user: "mix" });
    try {
      await withPage(browser, { user: "mix" }, "two-tabs-post", async (a) => {
        await open(a, path);
        await open(b.page, path);
        const content = (p) => p.getByLabel("Content (Markdown)");
        const saveBtn = (p) => p.getByRole("button", { name: "Save", exact: true });
        await content(a).fill("# Shared draft\n\nLine one.\nEdited in tab A.\n");
        await saveBtn(a).click();
        await a.getByText("Saved.", { exact: true }).waitFor();

        const mine = "# Tab B title\n\nLine one.\nLine two.\nAdded in tab B.\n";
        await content(b.page).fill(mine);
        await saveBtn(b.page).click();
        const notice = b.page.getByRole("alert").filter({ hasText: "saved elsewhere" });
        await notice.waitFor();
        const text = await notice.innerText();
        assert.match(text, /Title: “Shared draft” there; “Tab B title” here/);
        assert.match(text, /− Edited in tab A\./);
        assert.match(text, /\+ Added in tab B\./);
        assert.equal(await b.page.getByText("Saved.", { exact: true }).count(), 0, "no Saved. for a save that did not happen");
        assert.equal(await content(b.page).inputValue(), mine, "the owner's text is kept");
        const stored = async () => (await api.gql("query($id: ID!) { myPost(id: $id) { content } }", { id })).myPost.content;
        assert.equal(await stored(), "# Shared draft\n\nLine one.\nEdited in tab A.\n", "tab A's save stands");
        await axe(b.page, "editor conflict");

        await b.page.getByRole("button", { name: "Keep mine" }).click();
        await b.page.getByText("Saved.", { exact: true }).waitFor();
        assert.equal(await stored(), mine);
        assert.equal(await b.page.getByRole("alert").filter({ hasText: "saved elsewhere" }).count(), 0);

        // Tab A is now the stale one: its save conflicts; Load theirs.
        await content(a).fill("# Shared draft\n\nTab A again.\n");
        await saveBtn(a).click();
        await a.getByRole("alert").filter({ hasText: "saved elsewhere" }).waitFor();
        assert.equal(await stored(), mine, "the stale save changed nothing");
        await a.getByRole("button", { name: "Load theirs" }).click();
        assert.equal(await content(a).inputValue(), mine);
        assert.equal(await a.getByText("Saved.", { exact: true }).count(), 0);
        // Saving from there works (the version is the loaded one).
        await content(a).fill(mine + "After loading.\n");
        await saveBtn(a).click();
        await a.getByText("Saved.", { exact: true }).waitFor();
        assert.equal(await stored(), mine + "After loading.\n");
      });
    } finally {
      await b.close();
      await api.gql("mutation($id: ID!) { deletePost(id: $id) }", { id });
    }
  });

  test("two tabs edit Settings: the stale tab sees what changed; Keep mine saves only its change", async () => {
    await api.gql("mutation($u: ID!, $x: JSON) { updatePubConfig(userId: $u, input: {extensions: $x}) { userId } }", {
      u: uid,
      x: { comments: { mode: "moderated" }, shareButtons: ["x"] },
    });
    const b = await newPage(browser, { user: "mix" });
    try {
      await withPage(browser, { user: "mix" }, "two-tabs-settings", async (a) => {
        await open(a, "/publications/settings");
        await open(b.page, "/publications/settings");
        await a.getByLabel("Comment mode").selectOption("open");
        await a.getByRole("button", { name: "Save settings" }).click();
        await a.getByText("Saved.", { exact: true }).waitFor();

        const sent = [];
        b.page.on("request", (r) => r.url().endsWith("/graphql") && r.method() === "POST" && sent.push(r.postDataJSON()));
        await b.page.getByLabel("LINE", { exact: true }).check();
        await b.page.getByRole("button", { name: "Save settings" }).click();
        const notice = b.page.getByRole("alert").filter({ hasText: "changed elsewhere" });
        await notice.waitFor();
        assert.match(await notice.innerText(), /Comment mode: now “Open \(comments appear at once\)” there; “Moderated \(you approve each comment\)” here\./);
        assert.equal(await b.page.getByText("Saved.", { exact: true }).count(), 0);
        let ext = (await api.config(uid)).extensions;
        assert.equal(ext.comments.mode, "open", "the stale tab did not turn the mode back");
        assert.deepEqual(ext.shareButtons, ["x"], "nothing of the refused save was stored");
        const save = sent.find((x) => x.operationName === "SaveSettings");
        assert.deepEqual(save.variables.input, { extensions: { shareButtons: ["x", "line"] } }, "a merge patch of the changed field only");
        assert.ok(save.variables.ifVersion, "the loaded version is sent");
        await axe(b.page, "settings conflict");

        await b.page.getByRole("button", { name: "Keep mine" }).click();
        await b.page.getByText("Saved.", { exact: true }).waitFor();
        ext = (await api.config(uid)).extensions;
        assert.equal(ext.comments.mode, "open", "Keep mine kept the other tab's change");
        assert.deepEqual(ext.shareButtons, ["x", "line"]);
        assert.equal(await b.page.getByLabel("Comment mode").inputValue(), "open", "the form shows the merged settings");
      });
    } finally {
      await b.close();
    }
  });

  let postId = "";
  test("bulk moderation in the Comments tab; focus moves to the next row; axe at 1280 and 375 px", async () => {
    const base = await own.start();
    const oa = await as("mix", base);
    await oa.gql("mutation($u: ID!, $x: JSON) { updatePubConfig(userId: $u, input: {extensions: $x}) { userId } }", { u: uid, x: { comments: { mode: "moderated" } } });
    postId = await oa.createPost("# Bulk moderation\n\nComment here.", new Date(Date.now() - 60_000).toISOString());
    const ids = [];
    for (const n of ["Ann", "Ben", "Cat"]) {
      const r = await readerComment(base, postId, n, `Hello from ${n}`);
      assert.ok(r.data?.postPubComment, JSON.stringify(r));
      ids.push(r.data.postPubComment.id);
    }
    await withPage(browser, { base, user: "mix" }, "bulk-moderation", async (page) => {
      await open(page, "/publications/comments", { base });
      const row = (n) => page.locator('ul[aria-labelledby="pending-h"] li.comment-card', { hasText: `Hello from ${n}` });
      await row("Ann").waitFor();
      for (const vp of [DESKTOP, MOBILE]) {
        await page.setViewportSize(vp);
        await axe(page, `comments ${vp.width}`);
      }
      await page.setViewportSize(DESKTOP);
      // Every named button (Approve, Delete, Mark as read, Select) has an
      // accessible name that starts with its visible text.
      const mm = await nameMismatch(page);
      assert.deepEqual(mm.violations, [], "label-content-name-mismatch");
      assert.ok(mm.checked >= 9, `the rule checked ${mm.checked} controls`);
      // Mark as read: the accessible name starts with the visible text.
      const mark = page.getByRole("button", { name: /^Mark as read: the notification of Ann$/ });
      assert.equal(await mark.innerText(), "Mark as read");

      // Approve one: focus goes to the row that took its place.
      await row("Ann").getByRole("button", { name: "Approve the comment of Ann" }).click();
      await row("Ann").waitFor({ state: "detached" });
      await page.waitForFunction(() => document.activeElement?.closest("li.comment-card")?.textContent?.includes("Hello from Ben"));

      await page.locator(".note-list li", { hasText: /Ben\u2069? commented/ }).waitFor();
      // Bulk: select Ben and Cat; Cat is approved elsewhere meanwhile.
      await page.getByLabel("Select the comment of Ben").check();
      await page.getByLabel("Select the comment of Cat").check();
      await oa.gql("mutation($id: ID!) { approvePubComment(id: $id) { id } }", { id: ids[2] });
      page.once("dialog", (d) => d.accept());
      await page.getByRole("button", { name: "Delete selected (2)" }).click();
      await page.getByText(/1 comment deleted\. 1 had changed elsewhere/).waitFor();
      await page.locator(".note-list li", { hasText: /Ben\u2069? commented/ }).waitFor({ state: "detached" });
      assert.equal(await page.locator(".note-list li", { hasText: /Cat\u2069? commented/ }).count(), 1);
      await axe(page, "comments after bulk");
      const left = (await oa.gql("query($u: ID!) { ownerPubComments(userId: $u, limit: 100) { items { id status } } }", { u: uid })).ownerPubComments.items;
      const byId = Object.fromEntries(left.map((c) => [c.id, c.status]));
      assert.equal(byId[ids[1]], undefined, "Ben's comment deleted");
      assert.equal(byId[ids[2]], "PUBLISHED", "Cat's comment, changed elsewhere, was left as it is");
      assert.equal(byId[ids[0]], "PUBLISHED");
      const notes = (await oa.gql("{ pubCommentNotifications(unreadOnly: true, limit: 100) { items { commentId } } }")).pubCommentNotifications.items.map((n) => n.commentId);
      assert.ok(!notes.includes(ids[1]), "the deleted comment's unread notification is gone");
      assert.ok(notes.includes(ids[2]));

    });
  });

  test("Japanese: moderation buttons' names start with their visible text", async () => {
    const base = await own.start();
    await withPage(browser, { base, user: "mix", lang: "ja" }, "comments-ja-names", async (page) => {
      await open(page, "/publications/comments", { base, lang: "ja" });
      const mark = page.getByRole("button", { name: /^既読にする: Ann さんの通知$/ });
      await mark.waitFor();
      assert.equal(await mark.innerText(), "既読にする");
      assert.equal(await page.getByRole("button", { name: /^削除: Cat さんのコメント$/ }).innerText(), "削除");
      const mm = await nameMismatch(page);
      assert.deepEqual(mm.violations, [], "label-content-name-mismatch (ja)");
      assert.ok(mm.checked >= 4, `the rule checked ${mm.checked} controls`);
      await axe(page, "comments ja");
    });
  });

  test("Stats keeps Views in view at 375 px; axe at 1280 and 375 px", async () => {
    // gopher's Stats, with views recorded before it is first loaded (the
    // figures are cached for minutes).
    const g = await as("gopher");
    const id = await g.createPost("# Read on a phone\n\nViews.", new Date(Date.now() - 60_000).toISOString());
    try {
      for (const ip of ["198.51.100.71", "198.51.100.72"]) await g.recordView(id, ip);
      await withPage(browser, { user: "gopher" }, "stats-narrow", async (page) => {
        await open(page, "/publications/stats");
        for (const vp of [DESKTOP, MOBILE]) {
          await page.setViewportSize(vp);
          await page.locator("table.stats-table").waitFor();
          await axe(page, `stats ${vp.width}`);
          const box = await page.getByRole("columnheader", { name: /^Views/ }).boundingBox();
          assert.ok(box && box.x >= 0 && box.x + box.width <= vp.width, `Views column at ${JSON.stringify(box)} in a ${vp.width} px viewport`);
          const cell = await page.locator("table.stats-table tbody tr").first().locator(".views-num").boundingBox();
          assert.ok(cell && cell.x + cell.width <= vp.width, `a row's views at ${JSON.stringify(cell)}`);
        }
        assert.equal(await page.getByRole("columnheader", { name: /^ID/ }).isVisible(), false, "the ID column goes first on a phone");
      });
    } finally {
      await g.gql("mutation($id: ID!) { deletePost(id: $id) }", { id });
    }
  });

  test("the owner comments after readers on the same address used the allowance", async () => {
    const base = await own.start();
    // The readers of the previous test used 3 of 3; one more reader is refused.
    const r = await readerComment(base, postId, "Dan", "One too many");
    assert.equal(r.errors?.[0]?.extensions?.code, "RATE_LIMITED", JSON.stringify(r));
    assert.equal(r.errors[0].extensions.limitedBy, "address");
    assert.equal(r.errors[0].extensions.clientNetwork, "127.0.0.0/24");
    assert.ok(!JSON.stringify(r).includes("127.0.0.1"), "the raw address is not in the response");
    await withPage(browser, { base, user: "mix" }, "owner-not-locked-out", async (page) => {
      await page.goto(`${base}/pub/${postId}`);
      await page.getByRole("button", { name: "Write a comment" }).click();
      await page.getByLabel("Nickname").fill("Mix");
      await page.getByLabel("Comment", { exact: true }).fill("The owner replies.");
      await page.getByRole("button", { name: "Post comment" }).click();
      // The server took it (not "Too many attempts"): the widget says so
      // and shows the stored comment in its list without a reload.
      await page.locator("#stgy-comments .cw-notice", { hasText: "Your comment was posted." }).waitFor();
      assert.equal(await page.getByText(/Too many/).count(), 0);
      await page.locator("#stgy-comments .cw-list li", { hasText: shownText("The owner replies.") }).waitFor();
    });
    await new Api(base).gql("{ me { id } }"); // the server still answers
  });
});
