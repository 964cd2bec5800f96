// Shared helpers of the browser tests: the server under test (started by
// scripts/e2e.sh), a GraphQL client with its own session cookie, signed
// page views, and Debian's Chromium driven by playwright-core (never a
// downloaded browser), each launch with a fresh user-data dir.
import { chromium } from "playwright-core";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export const BASE = process.env.STGY_E2E_BASE_URL || "";
if (!BASE) throw new Error("STGY_E2E_BASE_URL is not set: run scripts/e2e.sh");
// The demo's development secret unless the script sets its own.
export const SECRET = process.env.STGY_E2E_VIEW_SECRET || "stgy-pub-development-secret-change-me";
export const CHROMIUM = process.env.STGY_E2E_CHROMIUM || "/usr/bin/chromium";
export const LOGIN = { name: "gopher", password: "demo-password" };

const ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

// launch starts Chromium with a fresh profile; close() also removes it.
// Requests leaving the server under test are aborted (no network in tests)
// and recorded in `external`.
export async function launch(options = {}) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "stgy-e2e-chromium-"));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    timezoneId: "UTC",
    locale: "en-US",
    viewport: { width: 1100, height: 900 },
    ...options,
  });
  const external = [];
  await context.route(
    (url) => !url.href.startsWith(BASE),
    (route) => {
      external.push(route.request().url());
      return route.abort();
    }
  );
  return {
    context,
    external,
    page: context.pages()[0] || (await context.newPage()),
    async close() {
      await context.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

const hmac = (key, msg) => crypto.createHmac("sha256", key).update(msg).digest("hex");

// fingerprint is visitor.Fingerprint: the first 4 bytes of
// HMAC-SHA256(secret, ip) as 8 lower-case hex digits.
export const fingerprint = (ip) => hmac(SECRET, ip).slice(0, 8);

// signature is visitor.Sign: hex HMAC-SHA256(secret, postId + "\n" + fp).
export const signature = (postId, fp) => hmac(SECRET, postId + "\n" + fp);

// Api is a GraphQL client with its own cookie (like one browser).
export class Api {
  constructor() {
    this.cookie = "";
  }

  // gql returns data or throws an Error whose code is extensions.code.
  async gql(query, variables = {}) {
    const headers = { "Content-Type": "application/json", Origin: BASE };
    if (this.cookie) headers.Cookie = this.cookie;
    const res = await fetch(BASE + "/graphql", { method: "POST", headers, body: JSON.stringify({ query, variables }) });
    const set = res.headers.get("set-cookie");
    if (set) this.cookie = set.split(";")[0];
    const body = await res.json();
    if (body.errors?.length) {
      const err = new Error(body.errors[0].message);
      err.code = body.errors[0].extensions?.code;
      throw err;
    }
    return body.data;
  }

  async login(name = LOGIN.name, password = LOGIN.password) {
    const d = await this.gql(
      "mutation($l: String!, $p: String!) { login(loginName: $l, password: $p) { me { id } } }",
      { l: name, p: password }
    );
    return d.login.me.id;
  }

  // recordView records one view of postId from ip (signed like an
  // external SSR frontend) and returns {recorded, pv}.
  async recordView(postId, ip) {
    const fp = fingerprint(ip);
    const d = await this.gql(
      "mutation($p: ID!, $f: String!, $s: String!) { recordPubView(postId: $p, fingerprint: $f, signature: $s) { recorded pv } }",
      { p: postId, f: fp, s: signature(postId, fp) }
    );
    return d.recordPubView;
  }
}

// status fetches a public page and returns its HTTP status.
export async function status(pathname) {
  const res = await fetch(BASE + pathname, { headers: { "User-Agent": "stgy-e2e-bot/1.0" } });
  await res.arrayBuffer();
  return res.status;
}

// html fetches a public page's body.
export async function html(pathname) {
  const res = await fetch(BASE + pathname, { headers: { "User-Agent": "stgy-e2e-bot/1.0" } });
  return { status: res.status, body: await res.text() };
}

// loginThroughForm logs in on /publications with the page's form.
export async function loginThroughForm(page, query = "") {
  await page.goto(BASE + "/publications" + query);
  await page.locator("#login-form").waitFor({ state: "visible" });
  await page.fill("#login-form input[name=loginName]", LOGIN.name);
  await page.fill("#login-form input[name=password]", LOGIN.password);
  await page.click("#login-form button[type=submit]");
  await page.locator("#tabs").waitFor({ state: "visible" });
}
