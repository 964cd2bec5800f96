// GraphQL operations of the Settings view's Federation section
// (docs/FEDERATION.md "Owner"): the handle, the follower list (paged) and
// removing a follower. The switch and the blocklist are settings, saved
// with the form (SaveSettings).
import { graphql } from "../../gql";

export const FederationQuery = graphql(`
  query Federation($userId: ID!, $first: Int, $after: String) {
    pubFederation(userId: $userId) {
      userId
      available
      enabled
      handle
      actorId
      followerCount
      reactions {
        likes
        announces
      }
      followers(first: $first, after: $after) {
        totalCount
        pageInfo {
          hasNextPage
          hasPreviousPage
          endCursor
        }
        edges {
          cursor
          node {
            actor
            inboxHost
            followedAt
          }
        }
      }
    }
  }
`);

export const RemoveFollowerMutation = graphql(`
  mutation RemoveFollower($userId: ID!, $actor: String!) {
    removePubFollower(userId: $userId, actor: $actor)
  }
`);
