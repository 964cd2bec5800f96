// GraphQL operations of the Comments tab and the per-post queue.
import { graphql } from "../../gql";

export const OwnerCommentsQuery = graphql(`
  query OwnerComments($userId: ID!, $status: PubCommentStatus, $order: PostOrder, $offset: Int, $limit: Int) {
    ownerPubComments(userId: $userId, status: $status, order: $order, offset: $offset, limit: $limit) {
      totalCount
      items {
        id
        postId
        postTitle
        nickname
        body
        status
        isAuthor
        createdAt
        viewerCanEdit
        viewerCanModerate
        version
      }
    }
  }
`);

export const PostCommentsQuery = graphql(`
  query PostComments($postId: ID!, $page: Int) {
    pubComments(postId: $postId, page: $page, order: OLDEST) {
      totalCount
      hasNextPage
      items {
        id
        postId
        postTitle
        nickname
        body
        status
        isAuthor
        createdAt
        viewerCanEdit
        viewerCanModerate
        version
      }
    }
  }
`);

export const NotificationsQuery = graphql(`
  query CommentNotifications {
    pubCommentNotifications(unreadOnly: true, limit: 50) {
      unreadCount
      items {
        id
        postId
        commentId
        nickname
        createdAt
      }
    }
  }
`);

export const ApproveMutation = graphql(`
  mutation ApproveComment($id: ID!, $ifVersion: String) {
    approvePubComment(id: $id, ifVersion: $ifVersion) {
      id
      status
      version
    }
  }
`);

export const EditMutation = graphql(`
  mutation EditComment($id: ID!, $body: String!, $ifVersion: String) {
    editPubComment(id: $id, body: $body, ifVersion: $ifVersion) {
      id
      body
      version
    }
  }
`);

export const DeleteMutation = graphql(`
  mutation DeleteComment($id: ID!, $ifVersion: String) {
    deletePubComment(id: $id, ifVersion: $ifVersion)
  }
`);

export const MarkReadMutation = graphql(`
  mutation MarkNotificationsRead($ids: [ID!]) {
    markPubCommentNotificationsRead(ids: $ids)
  }
`);

export const ApproveManyMutation = graphql(`
  mutation ApproveComments($items: [PubCommentRef!]!) {
    approvePubComments(items: $items) {
      id
      ok
      code
    }
  }
`);

export const DeleteManyMutation = graphql(`
  mutation DeleteComments($items: [PubCommentRef!]!) {
    deletePubComments(items: $items) {
      id
      ok
      code
    }
  }
`);
