// useStats loads the site's Stats once per view (cache-and-network: a
// revisit shows the last figures at once and refreshes them).
import { useQuery } from "@urql/preact";
import { useSite } from "../site";
import { StatsQuery } from "./ops";

export function useStats() {
  const site = useSite();
  return useQuery({ query: StatsQuery, variables: { userId: site.userId } });
}
