// Settings › Webhooks (issue 24, docs/WEBHOOKS.md): the owner adds a
// webhook pointing at a local receiver (scripts/e2e.sh allows loopback
// targets), sees a refused address explained next to the form, reads the
// signing secret, publishes a post, and the receiver gets one delivery
// signed with that secret whose ID is the X-STGY-Delivery header; the
// section then lists it as Delivered, and Delete removes the webhook.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import http from "node:http";
import { as, axe, launch, open, withPage } from "./lib.mjs";

/** receiver is a loopback endpoint recording each request (headers, raw body). */
function receiver() {
  const got = [];
  const waiters = [];
  const srv = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(204).end();
      waiters.splice(0).forEach((w) => w());
    });
  });
  return {
    got,
    listen: () => new Promise((r) => srv.listen(0, "127.0.0.1", () => r(`http://127.0.0.1:${srv.address().port}/hook`))),
    close: () => new Promise((r) => srv.close(r)),
    /** waitFor resolves once n requests arrived (fails after 60 s). */
    async waitFor(n) {
      const deadline = Date.now() + 60_000;
      while (got.length < n) {
        assert.ok(Date.now() < deadline, `receiver: ${got.length} requests, want ${n}`);
        await new Promise((r) => {
          waiters.push(r);
          setTimeout(r, 500);
        });
      }
      return got;
    },
  };
}

describe("settings: webhooks", () => {
  let browser;
  const recv = receiver();
  let url;
  before(async () => {
    browser = await launch();
    url = await recv.listen();
  });
  after(async () => {
    await browser?.close();
    await recv.close();
  });

  test("add a webhook, get a signed delivery of a publication, see it delivered, delete it", async () => {
    const api = await as("gopher");
    await withPage(browser, { user: "gopher" }, "settings-webhooks", async (page) => {
      await open(page, "/publications/settings");
      const section = page.locator("section.webhooks");
      await section.getByRole("heading", { name: "Webhooks", exact: true }).waitFor();
      const urlField = section.getByLabel("Endpoint URL", { exact: true });
      const addBtn = section.getByRole("button", { name: "Add webhook", exact: true });

      // A private address is refused, with the reason next to the form.
      await urlField.fill("http://10.0.0.1/hook");
      await addBtn.click();
      await section.getByText("This address cannot be called:").waitFor();

      await urlField.fill(url);
      await section.getByLabel("Post updated", { exact: true }).check();
      await addBtn.click();
      const hook = section.locator("article.webhook", { has: page.getByRole("heading", { name: url, exact: true }) });
      await hook.waitFor();
      assert.match(await hook.textContent(), /Post published, Post updated/);
      await hook.getByText("None yet.").waitFor();
      await hook.getByText("Signing secret", { exact: true }).click();
      const secret = (await hook.locator("code.secret").textContent()).trim();
      assert.match(secret, /^[0-9a-f]{64}$/);
      await axe(page, "settings webhooks");

      const postId = await api.createPost("# Hooked post\n\nSent to a webhook.\n", new Date().toISOString());
      const [r] = await recv.waitFor(1);
      const sig = "sha256=" + crypto.createHmac("sha256", secret).update(r.body).digest("hex");
      assert.equal(r.headers["x-stgy-signature"], sig, "signature over the raw body with the secret shown in Settings");
      const body = JSON.parse(r.body.toString("utf8"));
      assert.equal(body.event, "POST_PUBLISHED");
      assert.equal(r.headers["x-stgy-event"], "POST_PUBLISHED");
      assert.equal(body.postId, postId);
      assert.equal(body.title, "Hooked post");
      assert.equal(body.deliveryId, r.headers["x-stgy-delivery"]);
      assert.ok(body.url.endsWith("/pub/" + postId), body.url);

      // The section lists the delivery as delivered (reloaded until the
      // worker has recorded its answer).
      const row = () => hook.locator("table.deliveries tbody tr", { hasText: "Post published" });
      const deadline = Date.now() + 60_000;
      for (;;) {
        await page.reload();
        await hook.waitFor();
        if ((await row().count()) > 0 && /Delivered/.test(await row().first().textContent())) break;
        assert.ok(Date.now() < deadline, "the delivery is not shown as Delivered");
        await new Promise((res) => setTimeout(res, 200));
      }
      assert.match(await row().first().textContent(), /Delivered.*1.*204/);

      page.once("dialog", (d) => d.accept());
      await hook.getByRole("button", { name: "Delete webhook", exact: true }).click();
      await hook.waitFor({ state: "detached" });
      const left = (await api.gql("{ webhooks { url } }")).webhooks.filter((h) => h.url === url);
      assert.deepEqual(left, []);
    });
  });
});
