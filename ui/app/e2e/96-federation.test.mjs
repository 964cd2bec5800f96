// Settings › Federation (issue 26, docs/FEDERATION.md "Owner"): on a
// server of this file with STGY_FEDERATION_KEY set, the owner turns the
// switch on and saves a blocklist (stored as extensions.federation.enabled
// and .blocked), reads the handle, sees a follower that a fake remote
// server (its own RSA key, Mastodon's actor shape, a draft-cavage signed
// Follow) just added, removes it (its inbox receives a Reject), and turns
// federation off again after the warning of what that does. axe checks
// the section.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import http from "node:http";
import { as, axe, launch, open, OwnServer, shot, withPage } from "./lib.mjs";

/** fakeRemote is a fediverse server on loopback: one actor, ann, whose inbox records what it receives. */
async function fakeRemote() {
  const { publicKey, privateKey } = crypto.generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const got = [];
  const srv = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "GET" && req.url === "/users/ann") {
        res.writeHead(200, { "Content-Type": "application/activity+json" });
        res.end(JSON.stringify({
          "@context": ["https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1"],
          id: actor, type: "Person", preferredUsername: "ann", inbox: actor + "/inbox",
          publicKey: { id: actor + "#main-key", owner: actor, publicKeyPem: publicKey },
        }));
        return;
      }
      if (req.method === "POST") got.push(JSON.parse(Buffer.concat(chunks).toString() || "{}"));
      res.writeHead(202).end();
    });
  });
  await new Promise((r) => srv.listen(0, "127.0.0.1", r));
  const actor = `http://127.0.0.1:${srv.address().port}/users/ann`;
  return {
    actor,
    got,
    close: () => new Promise((r) => srv.close(r)),
    /** send POSTs activity to inbox signed as Mastodon signs (rsa-sha256 over (request-target) host date digest). */
    async send(inbox, activity) {
      const body = JSON.stringify(activity);
      const u = new URL(inbox);
      const date = new Date().toUTCString();
      const digest = "SHA-256=" + crypto.createHash("sha256").update(body).digest("base64");
      const text = `(request-target): post ${u.pathname}\nhost: ${u.host}\ndate: ${date}\ndigest: ${digest}`;
      const sig = crypto.sign("sha256", Buffer.from(text), privateKey).toString("base64");
      const res = await fetch(inbox, {
        method: "POST",
        body,
        headers: {
          "Content-Type": "application/activity+json",
          Date: date,
          Digest: digest,
          Signature: `keyId="${actor}#main-key",algorithm="rsa-sha256",headers="(request-target) host date digest",signature="${sig}"`,
        },
      });
      return { status: res.status, text: await res.text() };
    },
  };
}

describe("settings: federation", () => {
  const own = new OwnServer({ STGY_FEDERATION_KEY: "5a".repeat(32), STGY_WEBHOOK_ALLOW_LOOPBACK: "true", STGY_WEBHOOK_POLL: "200ms" });
  let browser;
  let remote;
  let base;
  before(async () => {
    browser = await launch();
    remote = await fakeRemote();
    base = await own.start();
  });
  after(async () => {
    await browser?.close();
    await remote?.close();
    await own.stop();
  });

  test("switch on with a blocklist, the handle, a follower listed and removed, switch off", async () => {
    const api = await as("hanako", base);
    const uid = (await api.gql("{ me { id } }")).me.id;
    const reset = () => api.gql("mutation($u: ID!, $x: JSON) { updatePubConfig(userId: $u, input: {extensions: $x}) { userId } }", { u: uid, x: { federation: null } });
    await reset();
    try {
      await withPage(browser, { user: "hanako", base }, "settings-federation", async (page) => {
        page.on("dialog", (d) => void d.accept());
        await open(page, "/publications/settings", { base });
        const sw = page.getByLabel("Followable from the fediverse");
        assert.equal(await sw.isChecked(), false, "off by default");
        await sw.check();
        await page.getByLabel("Blocked servers and accounts").fill("spam.example\n\n https://bad.example/users/x \nspam.example");
        await page.getByRole("button", { name: "Save settings" }).click();
        await page.getByText("Saved.", { exact: true }).waitFor();
        const ext = (await api.config(uid)).extensions;
        assert.deepEqual(ext.federation, { enabled: true, blocked: ["spam.example", "https://bad.example/users/x"] }, "trimmed, blank lines and repeats dropped");

        const host = new URL(base).host;
        const handle = (await api.gql("query($u: ID!) { pubFederation(userId: $u) { handle } }", { u: uid })).pubFederation.handle;
        assert.equal(handle.toLowerCase(), `@hanako@${host}`);
        await page.getByText(handle, { exact: true }).waitFor();
        await page.getByText("No followers yet.").waitFor();

        // A refused entry: the server's reason at the field, nothing stored.
        for (const bad of ["not_a_host", "ftp://bad.example/users/x"]) {
          const field = page.getByLabel("Blocked servers and accounts");
          await field.fill(`spam.example\n${bad}`);
          await page.getByRole("button", { name: "Save settings" }).click();
          await page.locator("#f-blocked[aria-invalid=true]").waitFor();
          await page.getByText("is neither a host name").first().waitFor();
          assert.deepEqual((await api.config(uid)).extensions.federation.blocked, ["spam.example", "https://bad.example/users/x"], `${bad}: the stored list is kept`);
        }
        await page.reload();

        const siteActor = `${base}/sites/${uid}`;
        const r = await remote.send(siteActor + "/inbox", { "@context": "https://www.w3.org/ns/activitystreams", id: remote.actor + "/follows/1", type: "Follow", actor: remote.actor, object: siteActor });
        assert.equal(r.status, 202, r.text);
        await page.reload();
        const row = page.locator(`tr[data-actor="${remote.actor}"]`);
        await row.waitFor();
        assert.match(await row.innerText(), /127\.0\.0\.1:\d+/, "the follower's server is shown");
        await page.getByRole("heading", { name: "1 follower" }).waitFor();
        await axe(page, "settings federation");
        await shot(page, "settings-federation");

        await page.getByRole("button", { name: `Remove follower ${remote.actor}` }).click();
        await page.getByText("No followers yet.").waitFor();
        // The removed follower's server is told: an Accept, then a Reject of its Follow.
        const deadline = Date.now() + 60_000;
        while (!remote.got.some((a) => a.type === "Reject")) {
          assert.ok(Date.now() < deadline, `no Reject reached the remote: ${JSON.stringify(remote.got)}`);
          await new Promise((res) => setTimeout(res, 200));
        }
        const reject = remote.got.find((a) => a.type === "Reject");
        assert.equal(reject.actor, siteActor);
        assert.equal(reject.object.id, remote.actor + "/follows/1");

        await sw.uncheck();
        await page.getByRole("alert").filter({ hasText: "delete the site's fediverse account" }).waitFor();
        await page.getByRole("button", { name: "Save settings" }).click();
        await page.getByText("Saved.", { exact: true }).waitFor();
        assert.equal((await api.config(uid)).extensions.federation.enabled, false);
      });
    } finally {
      await reset();
    }
  });
});
