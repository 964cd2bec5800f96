// Live updates (issue 23, docs/API.md "Subscriptions"): the owner's app
// shows a reader's comment posted from another browser without reload —
// a badge on the Comments tab, then the pending list — and Stats shows a
// live "today" line that a counted view moves; the reader's widget never shows the pending comment,
// and once it is approved offers "1 new comment — show". Runs against a
// server of this file (OwnServer, own Redis prefix) so the CAPTCHA answer
// can be read from Redis.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import { execFileSync } from "node:child_process";
import { as, launch, open, OwnServer, shownText, withPage, newPage } from "./lib.mjs";

const REDIS_PREFIX = (process.env.STGY_E2E_REDIS_PREFIX ?? "") + "own85:";
const REDIS_HOST = process.env.STGY_E2E_REDIS_HOST ?? "127.0.0.1";
const REDIS_PORT = process.env.STGY_E2E_REDIS_PORT ?? "6379";
const minute = () => new Date().toISOString().replace(/[-:T]/g, "").slice(0, 12);
const sha1 = (s) => crypto.createHash("sha1").update(s).digest("hex");

describe("live updates", () => {
  let browser;
  const own = new OwnServer({ STGY_REDIS_PREFIX: REDIS_PREFIX });
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await own.stop();
    await browser?.close();
  });

  test("a reader's comment from another browser reaches the owner's app without reload", async () => {
    const base = await own.start();
    const api = await as("mix", base);
    const uid = (await api.gql("{ me { id } }")).me.id;
    await api.gql("mutation($u: ID!, $in: PubConfigInput!) { updatePubConfig(userId: $u, input: $in) { userId } }", {
      u: uid,
      in: { extensions: { comments: { mode: "moderated" } } },
    });
    const postId = await api.createPost("# Live comments\n\nSay something.\n", new Date(Date.now() - 60_000).toISOString());
    const nickname = "live-" + crypto.randomBytes(3).toString("hex");

    await withPage(browser, { user: "mix", base }, "live-owner", async (owner) => {
      await open(owner, "/publications/stats", { base });
      const live = owner.locator(".live-today", { hasText: "Today (UTC, live):" });
      await live.waitFor();
      // A counted view (another address) moves the live line, no reload.
      const before = Number((await live.textContent()).replace(/\D/g, ""));
      const rec = await api.recordView(postId, "198.51.100." + (1 + crypto.randomInt(250)));
      assert.equal(rec.recorded, true, JSON.stringify(rec));
      await owner.locator(".live-today", { hasText: `: ${before + 1} view` }).waitFor();
      await owner.evaluate(() => (window.__noReload = true));

      const reader = await newPage(browser, { base });
      try {
        await reader.page.goto(`${base}/pub/${postId}`);
        await reader.page.getByRole("button", { name: "Write a comment" }).waitFor();
        // The widget's subscription is open before the comment is posted.
        await reader.page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => e.name.endsWith("/graphql") && e.initiatorType === "fetch"));
        const ch = await reader.page.evaluate(
          async ([h]) => (await (await fetch("/graphql", { method: "POST", headers: { "Content-Type": "application/json", "X-STGY-MinuteHash": h }, body: JSON.stringify({ query: "mutation { createCaptchaChallenge { id } }" }) })).json()),
          [sha1(minute())],
        );
        const id = ch.data.createCaptchaChallenge.id;
        const answer = execFileSync("redis-cli", ["-h", REDIS_HOST, "-p", REDIS_PORT, "HGET", `${REDIS_PREFIX}stgy:captcha:challenge:{${id}}`, "answer"]).toString().trim();
        const posted = await reader.page.evaluate(
          async ([h, input]) =>
            (await (await fetch("/graphql", { method: "POST", headers: { "Content-Type": "application/json", "X-STGY-QueryHash": h }, body: JSON.stringify({ query: "mutation($in: PostPubCommentInput!) { postPubComment(input: $in) { id status } }", variables: { in: input } }) })).json()),
          [sha1(minute() + ":" + postId), { postId, nickname, body: "Hello from another browser", captchaId: id, captchaAnswer: answer }],
        );
        assert.equal(posted.data?.postPubComment?.status, "PENDING", JSON.stringify(posted));

        // The owner: a badge on the Comments tab, then the comment in the
        // pending list, all in the same document.
        const tab = owner.getByRole("link", { name: /^Comments/ });
        await tab.locator(".live-badge", { hasText: "1" }).waitFor();
        await tab.click();
        await owner.locator("li", { hasText: nickname }).first().waitFor();
        assert.equal(await owner.evaluate(() => window.__noReload), true, "the owner's app reloaded");

        // The reader never sees the pending comment; after approval the
        // widget offers it.
        assert.equal(await reader.page.getByRole("button", { name: /new comment/ }).count(), 0);
        await api.gql("mutation($id: ID!) { approvePubComment(id: $id) { id } }", { id: posted.data.postPubComment.id });
        const show = reader.page.getByRole("button", { name: "1 new comment — show" });
        await show.waitFor();
        await show.click();
        // "show" brings the approved comment into the reader's list.
        await reader.page.locator(".cw-list li", { hasText: shownText(nickname) }).waitFor();
        assert.deepEqual(reader.problems, []);
      } finally {
        await reader.close();
      }
    });
  });
});
