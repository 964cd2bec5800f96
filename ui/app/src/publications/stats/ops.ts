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

export const BotStatsQuery = graphql(`
  query BotStats($userId: ID!, $days: Int!) {
    pubBotStats(userId: $userId, days: $days) {
      postId
      title
      total
      crawls {
        family
        count
      }
      daily {
        date
        crawls {
          family
          count
        }
      }
    }
  }
`);

export const ShareCountsQuery = graphql(`
  query ShareCounts($id: ID!) {
    publishedPost(id: $id) {
      id
      shareCounts {
        service
        count
      }
    }
  }
`);
