// useStatsPage loads the site's Stats totals with one page of rows, and
// usePostStats one post's row (cache-and-network: a revisit shows the
// last figures at once and refreshes them).
import { useQuery } from "@urql/preact";
import type { PostStatsSort } from "../../gql/graphql";
import { useSite } from "../site";
import { PostStatsQuery, StatsPageQuery } from "./ops";
import { PAGE_SIZE } from "./model";

/** PageRequest is the page the URL asks for: after a cursor, before one, or the first. */
export interface PageRequest {
  /** The period in days; undefined is the whole window. */
  days?: number;
  sort: PostStatsSort;
  after?: string;
  before?: string;
}

export function useStatsPage(p: PageRequest) {
  const site = useSite();
  const paging = p.before ? { last: PAGE_SIZE, before: p.before } : { first: PAGE_SIZE, after: p.after };
  return useQuery({ query: StatsPageQuery, variables: { userId: site.userId, days: p.days, sort: p.sort, ...paging } });
}

export function usePostStats(id: string) {
  const site = useSite();
  return useQuery({ query: PostStatsQuery, variables: { userId: site.userId, id } });
}
