// The one GraphQL client setup every entry point shares: urql over
// {base}/graphql with the page's session cookie (same origin), urql's
// document cache (results cached per query + variables, dropped when a
// mutation returns a type they contain) and fetch. Create one client per
// signed-in user (see session.tsx): a new client has an empty cache, so
// nothing of one owner's data survives a log-out.
//
// Operations go by hash alone (persistedExchange): graphql-codegen embeds
// each document's SHA-256 in it and writes the server's allow-list
// (codegen.ts), so the app works on a server that accepts only its
// persisted documents (STGY_GRAPHQL_PERSISTED_ONLY; docs/API.md
// "Persisted queries"). They stay POST: the app's answers are the
// signed-in owner's and never cached.
import { Client, cacheExchange, fetchExchange } from "@urql/core";
import { persistedExchange } from "@urql/exchange-persisted";

/** documentHash is the hash codegen embedded in a document (undefined for a document it did not generate). */
async function documentHash(_query: string, document: unknown): Promise<string | undefined> {
  return (document as { __meta__?: { hash?: string } }).__meta__?.hash;
}

/** newClient returns a client for the API under basePath ("" or "/blog"). */
export function newClient(basePath: string): Client {
  return new Client({
    url: `${basePath}/graphql`,
    exchanges: [
      cacheExchange,
      persistedExchange({ enforcePersistedQueries: true, enableForMutation: true, preferGetForPersistedQueries: false, generateHash: documentHash }),
      fetchExchange,
    ],
    fetchOptions: () => ({ credentials: "same-origin", headers: { Accept: "application/json" } }),
    // Reads are cached for the page's life, but a view that mounts again
    // asks the server again (cache-and-network) so figures are current.
    requestPolicy: "cache-and-network",
    preferGetMethod: false,
  });
}
