// The one GraphQL client setup every entry point shares: urql over
// {base}/graphql with the page's session cookie (same origin), urql's
// document cache (results cached per query + variables, dropped when a
// mutation returns a type they contain) and fetch. Create one client per
// signed-in user (see session.tsx): a new client has an empty cache, so
// nothing of one owner's data survives a log-out.
import { Client, cacheExchange, fetchExchange } from "@urql/core";

/** newClient returns a client for the API under basePath ("" or "/blog"). */
export function newClient(basePath: string): Client {
  return new Client({
    url: `${basePath}/graphql`,
    exchanges: [cacheExchange, fetchExchange],
    fetchOptions: () => ({ credentials: "same-origin", headers: { Accept: "application/json" } }),
    // Reads are cached for the page's life, but a view that mounts again
    // asks the server again (cache-and-network) so figures are current.
    requestPolicy: "cache-and-network",
    preferGetMethod: false,
  });
}
