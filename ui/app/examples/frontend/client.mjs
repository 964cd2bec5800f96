// A frontend on its own origin, built on the STGY Pub GraphQL API with
// urql (docs/API.md "Building a frontend"): queries go over GET as
// automatic persisted queries (by hash first, the text once on a miss), so
// they are short URLs that browsers and CDNs cache; the article query asks
// for a view token, and the view is recorded with it. Runs in Node 20
// (node.mjs) and in the browser (app.mjs).
import { Client, fetchExchange, gql } from "@urql/core";
import { persistedExchange } from "@urql/exchange-persisted";

/** newClient returns an anonymous client of the API at base (no cookies: any origin may read). */
export function newClient(base) {
  return new Client({
    url: `${base}/graphql`,
    exchanges: [persistedExchange({ preferGetForPersistedQueries: "within-url-limit" }), fetchExchange],
    preferGetMethod: "within-url-limit",
    fetchOptions: { credentials: "omit" },
    requestPolicy: "network-only",
  });
}

export const Sites = gql`
  query Sites {
    sites(limit: 10) {
      id
      name
    }
  }
`;

/** Posts is one page of a site's posts: pass the last page's endCursor as after. */
export const Posts = gql`
  query Posts($site: ID!, $first: Int!, $after: String) {
    site(userId: $site) {
      name
      url
      posts(first: $first, after: $after) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          id
          title
          url
          publishedAt
        }
      }
    }
  }
`;

/** Article is everything the article page shows, in one request. */
export const Article = gql`
  query Article($id: ID!) {
    publishedPost(id: $id) {
      id
      title
      url
      html
      publishedAt
      viewToken
      prev {
        id
        title
      }
      next {
        id
        title
      }
      site {
        name
        author
        introduction
        recent(limit: 5, excludeId: $id) {
          id
          title
        }
      }
    }
  }
`;

export const View = gql`
  mutation View($token: String!) {
    recordPubViewToken(token: $token) {
      recorded
      pv
    }
  }
`;

async function run(promise) {
  const r = await promise;
  if (r.error) throw r.error;
  return r.data;
}

/** firstSite returns the newest site with published posts. */
export async function firstSite(client) {
  return (await run(client.query(Sites, {}).toPromise())).sites[0];
}

/** postsPage returns one page of a site's posts (first after the cursor after, or the start). */
export async function postsPage(client, site, first, after = null) {
  return (await run(client.query(Posts, { site, first, after }).toPromise())).site;
}

/** article returns a published post with its sidebar and view token (null when not published). */
export async function article(client, id) {
  return (await run(client.query(Article, { id }).toPromise())).publishedPost;
}

/** countView records the view of an article read by this client: { recorded, pv }. */
export async function countView(client, token) {
  return (await run(client.mutation(View, { token }).toPromise())).recordPubViewToken;
}
