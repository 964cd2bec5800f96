// The owners' app's subscriptions (docs/API.md "Subscriptions").
import { graphql } from "../gql";

export const NotificationSubscription = graphql(`
  subscription PubCommentNotificationLive {
    pubCommentNotification {
      id
      postId
      commentId
    }
  }
`);

export const ViewsTodaySubscription = graphql(`
  subscription PubViewsTodayLive($userId: ID!) {
    pubViewsToday(userId: $userId) {
      day
      total
    }
  }
`);
