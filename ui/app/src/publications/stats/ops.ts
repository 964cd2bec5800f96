// GraphQL operations of Stats.
import { graphql } from "../../gql";

export const StatsQuery = graphql(`
  query Stats($userId: ID!) {
    pubStats(userId: $userId) {
      days
      updatedAt
      totalPv
      daily {
        date
        pv
      }
      posts {
        id
        title
        digest
        publishedAt
        pv
        daily {
          date
          pv
        }
      }
    }
  }
`);
