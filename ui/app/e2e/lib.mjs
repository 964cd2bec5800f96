// Shared helpers of the browser tests (run by scripts/e2e.sh): the server
// under test, a GraphQL client with its own cookie, signed page views,
// Debian's Chromium driven by playwright-core (never a downloaded
// browser), axe-core checks, screenshots, and a second server the fault
// tests can stop and start.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import assert from "node:assert/strict";

export const BASE = process.env.STGY_E2E_BASE_URL || "";
if (!BASE) throw new Error("STGY_E2E_BASE_URL is not set: run scripts/e2e.sh");
export const SECRET = process.env.STGY_E2E_VIEW_SECRET || "stgy-pub-development-secret-change-me";
export const CHROMIUM = process.env.STGY_E2E_CHROMIUM || "/usr/bin/chromium";
export const PASSWORD = "demo-password";
export const SHOTS = path.join(path.dirname(new URL(import.meta.url).pathname), "screenshots");
const AXE = fs.readFileSync(new URL("../node_modules/axe-core/axe.min.js", import.meta.url), "utf8");

export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 375, height: 740 };

/** launch starts Chromium once per test file. */
export async function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

// Logins are rate-limited per client address (10 a minute), so the tests
// sign in through the API once per user for the whole run and share the
// session cookies through a file in the run's work directory; only the
// tests about the login form itself use the form.
const SESSIONS = path.join(process.env.STGY_E2E_WORK || "/tmp", "e2e-sessions.json");

/** session returns a session cookie value of user name (one API login per run). */
export async function session(name) {
  let all = {};
  try {
    all = JSON.parse(fs.readFileSync(SESSIONS, "utf8"));
  } catch {
    // first use
  }
  if (!all[name]) {
    const a = new Api();
    await a.login(name);
    all[name] = a.cookie.split("=").slice(1).join("=");
    fs.writeFileSync(SESSIONS, JSON.stringify(all));
  }
  return all[name];
}

/** as returns an Api client signed in as name (shared session). */
export async function as(name, base = BASE) {
  const a = new Api(base);
  a.cookie = "stgy_session=" + (await session(name));
  return a;
}

/**
 * newPage opens a fresh context (own cookies and storage) with a viewport,
 * language and optionally a User-Agent (a reader's, so views count);
 * requests leaving the servers under test are aborted and recorded, as
 * are page errors and CSP violations (tests assert none).
 */
export async function newPage(browser, { viewport = DESKTOP, lang = "en", base = BASE, user = "", userAgent = undefined } = {}) {
  const context = await browser.newContext({
    viewport,
    userAgent, // undefined: Chromium's own (HeadlessChrome, a bot to the view counter)
    locale: lang === "ja" ? "ja-JP" : "en-US",
    timezoneId: "America/Los_Angeles", // not the site's zone: the UI must not use the browser's
    acceptDownloads: true,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
  });
  if (user) await context.addCookies([{ name: "stgy_session", value: await session(user), domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" }]);
  const problems = [];
  await context.route(
    (url) => !url.href.startsWith(base) && !url.href.startsWith(BASE) && !url.href.startsWith("blob:") && !url.href.startsWith("data:"),
    (route) => route.abort(),
  );
  const page = await context.newPage();
  page.on("pageerror", (e) => problems.push("pageerror: " + e.message));
  page.on("console", (m) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(m.text())) problems.push("csp: " + m.text());
  });
  return { context, page, problems, close: () => context.close() };
}

/** loginForm signs in through the form and waits for the owner's app (its Log out button). */
export async function loginForm(page, name, { base = BASE, path: p = "/publications", lang = "en" } = {}) {
  await page.goto(base + p);
  const L = lang === "ja" ? { n: "ログイン名", p: "パスワード", b: "ログイン", o: "ログアウト" } : { n: "Login name", p: "Password", b: "Log in", o: "Log out" };
  await page.getByLabel(L.n, { exact: true }).fill(name);
  await page.getByLabel(L.p, { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: L.b, exact: true }).click();
  await page.getByRole("button", { name: L.o, exact: true }).waitFor();
}

/** open goes to an app URL of a page whose context carries a session and waits for the owner's app. */
export async function open(page, p, { base = BASE, lang = "en" } = {}) {
  await page.goto(base + p);
  await page.getByRole("button", { name: lang === "ja" ? "ログアウト" : "Log out", exact: true }).waitFor();
}

/** axe runs axe-core on the page (every rule, every impact) and fails on any violation. */
export async function axe(page, label) {
  await page.evaluate(AXE + "\n;0");
  const res = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  });
  assert.deepEqual(res, [], `${label}: axe violations:\n${JSON.stringify(res, null, 2)}`);
}

/** shot writes a full-page screenshot to ui/app/e2e/screenshots/{name}.png. */
export async function shot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** noOverflow fails when the page scrolls sideways (clipped content on a phone). */
export async function noOverflow(page, label) {
  const { sw, cw } = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth }));
  assert.ok(sw <= cw + 1, `${label}: page is ${sw}px wide in a ${cw}px viewport`);
}

const hmac = (key, msg) => crypto.createHmac("sha256", key).update(msg).digest("hex");
export const fingerprint = (ip) => hmac(SECRET, ip).slice(0, 8);
export const signature = (postId, fp) => hmac(SECRET, postId + "\n" + fp);

/** Api is a GraphQL client with its own session cookie (like one browser). */
export class Api {
  constructor(base = BASE) {
    this.base = base;
    this.cookie = "";
  }
  async gql(query, variables = {}) {
    const headers = { "Content-Type": "application/json", Origin: this.base };
    if (this.cookie) headers.Cookie = this.cookie;
    const res = await fetch(this.base + "/graphql", { method: "POST", headers, body: JSON.stringify({ query, variables }) });
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
  async login(name, password = PASSWORD) {
    const d = await this.gql("mutation($l: String!, $p: String!) { login(loginName: $l, password: $p) { me { id } } }", { l: name, p: password });
    return d.login.me.id;
  }
  async recordView(postId, ip) {
    const fp = fingerprint(ip);
    const d = await this.gql("mutation($p: ID!, $f: String!, $s: String!) { recordPubView(postId: $p, fingerprint: $f, signature: $s) { recorded pv } }", { p: postId, f: fp, s: signature(postId, fp) });
    return d.recordPubView;
  }
  async config(userId) {
    const d = await this.gql(
      "query($u: ID!) { pubConfig(userId: $u) { siteName subtitle author introduction designTheme showServiceHeader showSiteName showPagination showSideProfile showSideRecent showSidePopular extensions } }",
      { u: userId },
    );
    return d.pubConfig;
  }
  async createPost(content, publishedAt) {
    const d = await this.gql("mutation($in: PostInput!) { createPost(input: $in) { id } }", { in: { content } });
    if (publishedAt !== undefined) await this.gql("mutation($id: ID!, $t: Time) { setPostPublication(id: $id, publishedAt: $t) { id } }", { id: d.createPost.id, t: publishedAt });
    return d.createPost.id;
  }
}

/** html fetches a public page as a bot would (never counted as a view). */
export async function html(pathname, base = BASE) {
  const res = await fetch(base + pathname, { headers: { "User-Agent": "stgy-e2e-bot/1.0" } });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
}

/**
 * OwnServer runs `stgy-pub serve` on its own loopback port against the
 * database of the server under test, so a test can stop it (kill by pid)
 * and start it again on the same port.
 */
export class OwnServer {
  /** env holds extra environment variables of the server (settings under test). */
  constructor(env = {}) {
    this.env = env;
  }
  async start() {
    if (this.proc && this.proc.exitCode === null && this.proc.signalCode === null) return this.base;
    this.port ??= await freePort();
    this.base = `http://127.0.0.1:${this.port}`;
    const bin = process.env.STGY_E2E_BINARY;
    if (!bin) throw new Error("STGY_E2E_BINARY is not set: run scripts/e2e.sh");
    this.proc = spawn(bin, ["serve"], {
      env: { ...process.env, ...this.env, STGY_LISTEN: `127.0.0.1:${this.port}`, STGY_BASE_URL: this.base },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let log = "";
    this.proc.stderr.on("data", (b) => (log = (log + b).slice(-4000)));
    for (let i = 0; i < 100; i++) {
      if (this.proc.exitCode !== null) throw new Error("own server exited: " + log);
      try {
        if ((await fetch(this.base + "/healthz")).ok) return this.base;
      } catch {
        // not up yet
      }
      if (this.proc.exitCode !== null) throw new Error("own server exited: " + log);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("own server did not start: " + log);
  }
  async stop() {
    const p = this.proc;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    const done = new Promise((r) => p.once("exit", r));
    p.kill("SIGTERM");
    const t = setTimeout(() => p.kill("SIGKILL"), 5000);
    await done;
    clearTimeout(t);
  }
}

/**
 * shownText matches text as a comment widget shows it: as typed, or in
 * the full-width form vertical themes display (docs/SPEC.md: printable
 * ASCII and the space converted, the stored text unchanged), so a check
 * holds whichever theme an earlier test left the site on.
 */
export function shownText(text) {
  const full = [...text].map((c) => (c === " " ? "\u3000" : c >= "!" && c <= "~" ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join("");
  const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`${esc(text)}|${esc(full)}`);
}

/**
 * withPage runs fn with a fresh page (see newPage), asserts that no page
 * error or CSP violation happened, saves a screenshot named FAIL-{label}
 * when fn throws, and always closes the context.
 */
export async function withPage(browser, opts, label, fn) {
  const p = await newPage(browser, opts);
  try {
    await fn(p.page, p);
    assert.deepEqual(p.problems, [], `${label}: page errors or CSP violations`);
  } catch (e) {
    await shot(p.page, "FAIL-" + label.replace(/[^A-Za-z0-9-]+/g, "_")).catch(() => {});
    throw e;
  } finally {
    await p.close();
  }
}
