// GraphQL operations of Stats: the totals with one page of rows (the
// server sorts and pages, 50 rows a screen; each row's series as bare
// numbers, dailyPv, against the dates of the totals' daily), and one
// post's row.
import { graphql } from "../../gql";

export const StatsPageQuery = graphql(`
  query StatsPage($userId: ID!, $days: Int, $sort: PostStatsSort, $first: Int, $after: String, $last: Int, $before: String) {
    pubStats(userId: $userId) {
      days
      updatedAt
      totalPv
      daily {
        date
        pv
      }
      postsPage(days: $days, sort: $sort, first: $first, after: $after, last: $last, before: $before) {
        totalCount
        maxPv
        maxDayPv
        pageInfo {
          hasNextPage
          hasPreviousPage
          startCursor
          endCursor
        }
        edges {
          periodPv
          node {
            id
            title
            digest
            publishedAt
            dailyPv
          }
        }
      }
    }
  }
`);

export const PostStatsQuery = graphql(`
  query PostStats($userId: ID!, $id: ID!) {
    pubStats(userId: $userId) {
      days
      updatedAt
      daily {
        date
        pv
      }
      post(id: $id) {
        id
        title
        digest
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

export const FediverseCountsQuery = graphql(`
  query FediverseCounts($id: ID!) {
    publishedPost(id: $id) {
      id
      fediverseCounts {
        likes
        announces
      }
    }
  }
`);
