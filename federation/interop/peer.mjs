// A fediverse peer built with Fedify (an independent ActivityPub
// implementation) for the interop check of docs/FEDERATION.md "Interop":
// go test ./server/ -run TestFedifyInterop (scripts/fedify-interop.sh)
// runs it against a STGY Pub site served over TLS on loopback. It only
// talks to loopback.
//
//   node peer.mjs @login@127.0.0.1:PORT
//
// Environment: NODE_EXTRA_CA_CERTS (the site's test certificate),
// PEER_TIMEOUT_MS (default 45000: the whole run, then exit 1),
// PEER_REPLIES (default 2), PEER_DEBUG=1 (Fedify's debug log on stderr).
//
// One actor, http://127.0.0.1:{port}/users/peer, which:
//  1. looks the site up by its handle (WebFinger, then the actor
//     document, Fedify's lookupObject) and prints its fields;
//  2. sends a Follow and waits for the Accept, which Fedify's inbox only
//     lets through when the site's signature verifies with the key the
//     site's actor document publishes;
//  3. prints {"event":"waiting-for-post","n":1}; the test then publishes
//     a post, and the site's Create of an Article reaches the inbox
//     (again verified by Fedify);
//  4. answers it with a public Create of a Note replying to the Article,
//     sent to the site's inbox signed by Fedify (a refusal ends the run
//     with an error);
// 3 and 4 repeat PEER_REPLIES times (default 2);
//  5. prints {"event":"waiting-for-edit"} and waits for the Update and
//     the Delete of the last post (verified by Fedify);
//  6. prints {"event":"waiting-for-actor-delete"} and waits for the
//     site's Delete of its actor (federation turned off), then exits 0.
// After the lookup it also reads the site's outbox (first page) and
// followers collection.
//
// Every step is one JSON line on stdout ({"event": ...}); every HTTP
// exchange with the site is one {"event":"http"} line (direction, method,
// URL, status, signature kind), so the test sees both sides. Fedify's
// own log goes to stderr.
import { createServer } from "node:http";
import { Temporal } from "@js-temporal/polyfill";
import { configure, getConsoleSink } from "@logtape/logtape";
import {
  Accept,
  Create,
  createFederation,
  Delete,
  Follow,
  generateCryptoKeyPair,
  InProcessMessageQueue,
  MemoryKvStore,
  Note,
  Person,
  PUBLIC_COLLECTION,
  Update,
} from "@fedify/fedify";

const handle = process.argv[2];
if (!handle) {
  console.error("usage: node peer.mjs @login@host:port");
  process.exit(2);
}
const timeoutMs = Number(process.env.PEER_TIMEOUT_MS || 45000);
const emit = (event, fields = {}) => process.stdout.write(JSON.stringify({ event, ...fields }) + "\n");
const fail = (step, err) => {
  emit("error", { step, message: String(err?.stack || err) });
  process.exit(1);
};
setTimeout(() => fail("timeout", `no end after ${timeoutMs} ms`), timeoutMs).unref();

await configure({
  sinks: { stderr: getConsoleSink({ console: { ...console, debug: console.error, info: console.error, log: console.error, warn: console.error } }) },
  loggers: [
    { category: "fedify", lowestLevel: process.env.PEER_DEBUG ? "debug" : "info", sinks: ["stderr"] },
    { category: ["logtape", "meta"], lowestLevel: "error", sinks: ["stderr"] },
  ],
});

// Outgoing requests (WebFinger, documents, deliveries) as the site sees
// them: Fedify calls the global fetch.
const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const req = input instanceof Request ? input : new Request(input, init);
  const res = await realFetch(input, init);
  emit("http", {
    direction: "out",
    method: req.method,
    url: req.url,
    status: res.status,
    signature: req.headers.has("signature-input") ? "rfc9421" : req.headers.has("signature") ? "draft-cavage" : "none",
    accept: req.headers.get("accept") ?? "",
    contentType: res.headers.get("content-type") ?? "",
  });
  return res;
};

const keys = await generateCryptoKeyPair("RSASSA-PKCS1-v1_5");
const federation = createFederation({
  kv: new MemoryKvStore(),
  // Received activities go through an in-memory queue; sent ones are
  // delivered at once (no outbox queue), so a refusal fails the step.
  queue: { inbox: new InProcessMessageQueue() },
  allowPrivateAddress: true, // the site and the peer are both on 127.0.0.1
});

let siteActor = null; // the site's Person, from step 1
let resolveAccept;
const accepted = new Promise((r) => (resolveAccept = r));
// Received Creates, Updates and Deletes, in order, by type; next(type)
// waits for the next one.
const received = { Create: [], Update: [], Delete: [] };
let wake = () => {};
const arrived = (type, item) => {
  received[type].push(item);
  wake();
};
const next = async (type) => {
  while (received[type].length === 0) await new Promise((r) => (wake = r));
  return received[type].shift();
};

federation
  .setActorDispatcher("/users/{identifier}", async (ctx, identifier) => {
    if (identifier !== "peer") return null;
    const [pair] = await ctx.getActorKeyPairs(identifier);
    return new Person({
      id: ctx.getActorUri(identifier),
      preferredUsername: identifier,
      name: "Fedify peer",
      url: ctx.getActorUri(identifier),
      inbox: ctx.getInboxUri(identifier),
      endpoints: null,
      publicKey: pair.cryptographicKey,
    });
  })
  .setKeyPairsDispatcher(async (_ctx, identifier) => (identifier === "peer" ? [keys] : []));

const notes = new Map(); // id -> Note, so the reply can be fetched back
federation.setObjectDispatcher(Note, "/users/{identifier}/notes/{id}", (_ctx, { id }) => notes.get(id) ?? null);

federation
  .setInboxListeners("/users/{identifier}/inbox", "/inbox")
  .on(Accept, async (ctx, accept) => {
    const follow = await accept.getObject();
    emit("accept", {
      id: accept.id?.href,
      actor: accept.actorId?.href,
      object: follow?.id?.href,
      objectType: follow?.constructor?.name,
      objectActor: follow instanceof Follow ? follow.actorId?.href : null,
    });
    resolveAccept(accept);
  })
  .on(Create, async (ctx, create) => {
    const obj = await create.getObject();
    const tags = [];
    for await (const tag of obj?.getTags() ?? []) tags.push(`${tag.constructor.name} ${tag.name} ${tag.href?.href}`);
    emit("create", {
      id: create.id?.href,
      actor: create.actorId?.href,
      objectType: obj?.constructor?.name,
      objectId: obj?.id?.href,
      name: obj?.name?.toString() ?? null,
      content: obj?.content?.toString() ?? null,
      summary: obj?.summary?.toString() ?? null,
      tags,
      url: obj?.url?.href ?? null,
      attributedTo: obj?.attributionId?.href ?? null,
      published: obj?.published?.toString() ?? null,
    });
    arrived("Create", { create, obj });
  })
  .on(Update, async (_ctx, update) => {
    const obj = await update.getObject();
    emit("update", {
      id: update.id?.href,
      actor: update.actorId?.href,
      objectType: obj?.constructor?.name,
      objectId: obj?.id?.href,
      name: obj?.name?.toString() ?? null,
      content: obj?.content?.toString() ?? null,
    });
    arrived("Update", update);
  })
  .on(Delete, async (_ctx, del) => {
    let objectType = null; // an actor's Delete names it by ID, and it is gone
    try {
      objectType = (await del.getObject())?.constructor?.name ?? null;
    } catch (_) {
      // 404: left null
    }
    emit("delete", { id: del.id?.href, actor: del.actorId?.href, objectType, objectId: del.objectId?.href });
    arrived("Delete", del);
  })
  .onError((_ctx, err) => emit("inbox-error", { message: String(err) }));

// A Node http server in front of federation.fetch, noting each request's
// answer (a 401 here is Fedify refusing the site's signature).
const server = createServer(async (req, res) => {
  try {
    const url = `http://${req.headers.host}${req.url}`;
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const request = new Request(url, { method: req.method, headers: req.headers, body: req.method === "GET" || req.method === "HEAD" ? undefined : body });
    const response = await federation.fetch(request, {
      contextData: undefined,
      onNotFound: () => new Response("not found", { status: 404 }),
      onNotAcceptable: () => new Response("not acceptable", { status: 406 }),
    });
    emit("http", {
      direction: "in",
      method: req.method,
      url,
      status: response.status,
      signature: req.headers["signature-input"] ? "rfc9421" : req.headers.signature ? "draft-cavage" : "none",
      contentType: req.headers["content-type"] ?? "",
      body: req.method === "POST" && response.status >= 400 ? await response.clone().text() : undefined,
    });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (err) {
    emit("http-error", { message: String(err?.stack || err) });
    res.writeHead(500).end();
  }
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const origin = `http://127.0.0.1:${server.address().port}`;
const ctx = federation.createContext(new URL(origin), undefined);
const me = ctx.getActorUri("peer");
emit("listening", { origin, actor: me.href });

// 1. WebFinger and the actor document.
try {
  siteActor = await ctx.lookupObject(handle);
} catch (err) {
  fail("lookup", err);
}
if (!(siteActor instanceof Person)) fail("lookup", `lookupObject(${handle}) = ${siteActor?.constructor?.name ?? siteActor}`);
const key = await siteActor.getPublicKey();
emit("lookup", {
  id: siteActor.id?.href,
  type: siteActor.constructor.name,
  preferredUsername: siteActor.preferredUsername?.toString() ?? null,
  name: siteActor.name?.toString() ?? null,
  inbox: siteActor.inboxId?.href ?? null,
  outbox: siteActor.outboxId?.href ?? null,
  followers: siteActor.followersId?.href ?? null,
  url: siteActor.url?.href ?? null,
  keyId: key?.id?.href ?? null,
  keyOwner: key?.ownerId?.href ?? null,
  keyAlgorithm: key?.publicKey?.algorithm?.name ?? null,
});

// The outbox and followers collections, as Fedify reads them.
try {
  const outbox = await siteActor.getOutbox();
  const first = await outbox?.getFirst();
  const items = [];
  for await (const item of first?.getItems() ?? []) {
    const object = item instanceof Create ? await item.getObject() : null;
    items.push(`${item.constructor.name} ${object?.constructor?.name} ${object?.name}`);
  }
  const followers = await siteActor.getFollowers();
  emit("collections", {
    outboxType: outbox?.constructor?.name,
    outboxTotal: outbox?.totalItems ?? null,
    pageType: first?.constructor?.name,
    items,
    followersType: followers?.constructor?.name,
    followersTotal: followers?.totalItems ?? null,
  });
} catch (err) {
  fail("collections", err);
}

// 2. Follow, then the Accept (Fedify verifies its signature before the
// listener runs).
const followId = new URL(`${me.href}/follows/1`);
try {
  await ctx.sendActivity({ identifier: "peer" }, siteActor, new Follow({ id: followId, actor: me, object: siteActor.id }));
} catch (err) {
  fail("follow", err);
}
emit("follow-sent", { id: followId.href });
await accepted;

// 3 and 4, PEER_REPLIES times (default 2): the test publishes a post,
// its Create reaches the inbox, the peer answers with a reply.
const replies = Number(process.env.PEER_REPLIES || 2);
for (let n = 1; n <= replies; n++) {
  emit("waiting-for-post", { n });
  const { create, obj } = await next("Create");
  const noteId = `reply-${n}`;
  const note = new Note({
    id: new URL(`${me.href}/notes/${noteId}`),
    attribution: me,
    replyTarget: obj.id,
    to: PUBLIC_COLLECTION, // a public reply, as Mastodon addresses one
    cc: siteActor.id,
    content: `<p>Reply ${n} from Fedify &amp; the fediverse! <a href="https://fedify.dev/">fedify.dev</a></p>`,
    published: Temporal.Now.instant(),
  });
  notes.set(noteId, note);
  try {
    await ctx.sendActivity(
      { identifier: "peer" },
      siteActor,
      new Create({ id: new URL(`${me.href}/notes/${noteId}/create`), actor: me, object: note, to: PUBLIC_COLLECTION, cc: siteActor.id }),
    );
  } catch (err) {
    fail("reply", err);
  }
  emit("reply-sent", { n, id: note.id.href, inReplyTo: obj.id.href, createOf: create.id?.href, body: JSON.stringify(await note.toJsonLd()) });
}
// 5. The test edits the last post, then deletes it.
emit("waiting-for-edit");
await next("Update");
await next("Delete");

// 6. The test turns federation off: the site's actor Delete arrives,
// verified with the key Fedify cached (the actor document is 404 now).
emit("waiting-for-actor-delete");
await next("Delete");
server.close();
server.closeAllConnections();
emit("done");
process.exit(0);
