// The Settings form model: what the form edits, read from a PubConfig;
// the patch a save sends (only fields the owner changed; the API keeps
// every omitted field); and the checks run before sending (the server
// checks again with the same limits).
import type { PubConfigInput, SiteSettingsQuery } from "../../gql/graphql";
import { count } from "../ui";

export type Config = SiteSettingsQuery["pubConfig"];

/** Share buttons the form offers, in the order pages show them. */
export const SHARE = ["x", "facebook", "line", "hatena"] as const;
export const THEMES = ["", "default", "newspaper", "whiteboard", "dark", "vertical", "vertical-newspaper", "vertical-dark"];
export const MODES = ["none", "moderated", "open"] as const;
/** Limits, in characters (code points), as the server enforces them. */
export const LIMITS = { siteName: 50, subtitle: 50, author: 50, introduction: 1000, measurementId: 128 };
export const SIDE_MAX = 20;

export interface Form {
  siteName: string;
  subtitle: string;
  author: string;
  introduction: string;
  designTheme: string;
  showServiceHeader: boolean;
  showSiteName: boolean;
  showPagination: boolean;
  showSideProfile: boolean;
  showSideRecent: string;
  showSidePopular: string;
  share: string[];
  commentsMode: string;
  measurementId: string;
  showViewCount: boolean;
  /** extensions.timeZone: an IANA name, "" for the default of the site's language. */
  timeZone: string;
  /** extensions.shareMode "links": plain first-party share links, clicks counted. */
  shareLinks: boolean;
  /** "copy" in extensions.shareButtons: a copy-link link (links mode). */
  copyLink: boolean;
  /** extensions.robots.disallowAI. */
  disallowAI: boolean;
  /** extensions.federation.enabled: the site is an ActivityPub actor. */
  federationEnabled: boolean;
  /** extensions.federation.blocked, one entry a line (host names or actor URLs). */
  blocked: string;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : null);

/** fromConfig reads the form's values from stored settings. */
export function fromConfig(c: Config): Form {
  const ext = obj(c.extensions) ?? {};
  const share = Array.isArray(ext.shareButtons) ? (ext.shareButtons as unknown[]).filter((s): s is string => typeof s === "string") : [];
  const mode = obj(ext.comments)?.mode;
  const ga = obj(obj(ext.analytics)?.googleAnalytics);
  return {
    siteName: c.siteName,
    subtitle: c.subtitle,
    author: c.author,
    introduction: c.introduction,
    designTheme: c.designTheme,
    showServiceHeader: c.showServiceHeader,
    showSiteName: c.showSiteName,
    showPagination: c.showPagination,
    showSideProfile: c.showSideProfile,
    showSideRecent: String(c.showSideRecent),
    showSidePopular: String(c.showSidePopular),
    share: SHARE.filter((s) => share.includes(s)),
    commentsMode: typeof mode === "string" && mode ? mode : "none",
    measurementId: typeof ga?.measurementId === "string" ? ga.measurementId : "",
    showViewCount: ext.showViewCount !== false,
    timeZone: typeof ext.timeZone === "string" ? ext.timeZone : "",
    shareLinks: ext.shareMode === "links",
    copyLink: share.includes("copy"),
    disallowAI: obj(ext.robots)?.disallowAI === true,
    federationEnabled: obj(ext.federation)?.enabled === true,
    blocked: blockedOf(obj(ext.federation)?.blocked).join("\n"),
  };
}

/** blockedOf reads a stored extensions.federation.blocked (strings only). */
function blockedOf(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : [];
}

/** blockedList is the blocklist the form sends: one entry a line, trimmed, blank lines and repeats dropped. */
export function blockedList(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const v = line.trim();
    if (v && !out.includes(v)) out.push(v);
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** changed lists the form fields whose value differs from the loaded one. */
export function changed(initial: Form, f: Form): (keyof Form)[] {
  return (Object.keys(f) as (keyof Form)[]).filter((k) => !same(initial[k], f[k]));
}

/**
 * patch is the updatePubConfig input for the changed fields only. Its
 * extensions is a JSON Merge Patch (the API merges it into the stored
 * object): only the pieces the owner changed, so unknown keys, other
 * providers, other comment options, and whatever another tab changed
 * meanwhile are kept; null deletes a key.
 */
export function patch(c: Config, initial: Form, f: Form): PubConfigInput {
  const keys = changed(initial, f);
  const input: PubConfigInput = {};
  for (const k of ["siteName", "subtitle", "author", "introduction", "designTheme"] as const) if (keys.includes(k)) input[k] = f[k];
  for (const k of ["showServiceHeader", "showSiteName", "showPagination", "showSideProfile"] as const) if (keys.includes(k)) input[k] = f[k];
  for (const k of ["showSideRecent", "showSidePopular"] as const) if (keys.includes(k)) input[k] = Number(f[k]);
  const extKeys = keys.filter((k) => k === "share" || k === "copyLink" || k === "shareLinks" || k === "disallowAI" || k === "commentsMode" || k === "measurementId" || k === "showViewCount" || k === "timeZone" || k === "federationEnabled" || k === "blocked");
  if (extKeys.length === 0) return input;
  const stored = obj(c.extensions) ?? {};
  const ext: Obj = {};
  if (extKeys.includes("share") || extKeys.includes("copyLink")) {
    // An array is replaced whole: identifiers this form does not offer
    // are sent back as stored.
    const had = Array.isArray(stored.shareButtons) ? (stored.shareButtons as unknown[]) : [];
    const foreign = had.filter((s) => typeof s === "string" && s !== "copy" && !(SHARE as readonly string[]).includes(s));
    ext.shareButtons = [...SHARE.filter((s) => f.share.includes(s)), ...(f.copyLink ? ["copy"] : []), ...foreign];
  }
  if (extKeys.includes("shareLinks")) ext.shareMode = f.shareLinks ? "links" : null;
  if (extKeys.includes("disallowAI")) ext.robots = { disallowAI: f.disallowAI ? true : null };
  if (extKeys.includes("commentsMode")) ext.comments = { mode: f.commentsMode };
  if (extKeys.includes("measurementId")) {
    const id = f.measurementId.trim();
    ext.analytics = { googleAnalytics: { measurementId: id || null } };
  }
  if (extKeys.includes("showViewCount")) ext.showViewCount = f.showViewCount ? null : false;
  if (extKeys.includes("timeZone")) ext.timeZone = f.timeZone || null;
  if (extKeys.includes("federationEnabled") || extKeys.includes("blocked")) {
    // An object is merged key by key: other federation keys are kept.
    const fed: Obj = {};
    if (extKeys.includes("federationEnabled")) fed.enabled = f.federationEnabled;
    if (extKeys.includes("blocked")) {
      const list = blockedList(f.blocked);
      fed.blocked = list.length ? list : null;
    }
    ext.federation = fed;
  }
  input.extensions = ext;
  return input;
}

/** labelKey is the catalogue key naming a form field (the conflict notice lists them). */
export function labelKey(k: keyof Form): string {
  return k === "share" ? "settings.shareGroup" : `settings.${k}`;
}

/**
 * zoneChoices are the time zones the form offers: the browser's IANA
 * list (Intl.supportedValuesOf) with UTC first, plus the stored one when
 * the browser does not list it (e.g. a legacy name), so it stays
 * selected.
 */
export function zoneChoices(stored: string): string[] {
  let all: string[] = [];
  try {
    all = (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf("timeZone");
  } catch {
    // an old browser: UTC and the stored zone only
  }
  const out = ["UTC", ...all.filter((z) => z !== "UTC" && z !== "Etc/UTC")];
  if (stored && !out.includes(stored)) out.push(stored);
  return out;
}

/** Problem is one field the form refuses before sending, as a message key and values. */
export interface Problem {
  field: keyof Form;
  key: string;
  values?: Record<string, string | number>;
}

const controlChars = /[\u0000-\u001f\u007f-\u009f]/;
const multilineControl = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const measurementRE = /^G-[A-Z0-9]{4,20}$/;

/** check returns the problems of the changed fields (unchanged stored values are the server's business). */
export function check(initial: Form, f: Form): Problem[] {
  const keys = changed(initial, f);
  const out: Problem[] = [];
  for (const k of ["siteName", "subtitle", "author", "introduction"] as const) {
    if (!keys.includes(k)) continue;
    const n = count(f[k]);
    if (n > LIMITS[k]) out.push({ field: k, key: "settings.tooLong", values: { max: LIMITS[k], n } });
    else if ((k === "introduction" ? multilineControl : controlChars).test(f[k])) out.push({ field: k, key: "settings.control" });
  }
  for (const k of ["showSideRecent", "showSidePopular"] as const) {
    if (!keys.includes(k)) continue;
    const v = f[k].trim();
    if (!/^\d+$/.test(v) || Number(v) > SIDE_MAX) out.push({ field: k, key: "settings.count", values: { max: SIDE_MAX } });
  }
  if (keys.includes("blocked")) {
    const list = blockedList(f.blocked);
    if (list.some((v) => /\s/.test(v))) out.push({ field: "blocked", key: "settings.blockedSpace" });
  }
  if (keys.includes("measurementId")) {
    const id = f.measurementId.trim();
    if (id && !measurementRE.test(id)) out.push({ field: "measurementId", key: "settings.measurementBad" });
  }
  return out;
}

/** fieldOf maps a server error's extensions.field to the form field it concerns. */
export function fieldOf(serverField: string): keyof Form | "" {
  if (serverField === "extensions.analytics.googleAnalytics.measurementId") return "measurementId";
  if (serverField === "extensions.comments.mode") return "commentsMode";
  if (serverField === "extensions.shareButtons") return "share";
  if (serverField === "extensions.showViewCount") return "showViewCount";
  if (serverField === "extensions.timeZone") return "timeZone";
  if (serverField === "extensions.shareMode") return "shareLinks";
  if (serverField.startsWith("extensions.robots")) return "disallowAI";
  if (serverField.startsWith("extensions.federation.blocked")) return "blocked";
  if (serverField.startsWith("extensions.federation")) return "federationEnabled";
  const plain = ["siteName", "subtitle", "author", "introduction", "designTheme", "showSideRecent", "showSidePopular"];
  return plain.includes(serverField) ? (serverField as keyof Form) : "";
}
