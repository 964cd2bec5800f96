// GraphQL operations of the readers' comment widget (typed by
// graphql-codegen). See docs/API.md "Comments and CAPTCHA".
import { graphql } from "./gql";

export const CommentsQuery = graphql(`
  query PubComments($postId: ID!, $page: Int!, $order: PostOrder!) {
    pubComments(postId: $postId, page: $page, order: $order) {
      postId
      page
      pageSize
      totalCount
      publishedCount
      hasNextPage
      viewerCanModerate
      items {
        id
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

export const FormStateQuery = graphql(`
  query PubCommentFormState($postId: ID!) {
    pubCommentFormState(postId: $postId) {
      open
      newStatus
      captchaRequired
      nickname
      canPostAsOwner
      asOwner
      capReached
      nicknameMaxChars
      bodyMaxChars
    }
  }
`);

export const ChallengeMutation = graphql(`
  mutation CreateCaptchaChallenge($language: String) {
    createCaptchaChallenge {
      id
      image
      audio(language: $language)
      width
      height
      digits
    }
  }
`);

export const PostMutation = graphql(`
  mutation PostPubComment($input: PostPubCommentInput!) {
    postPubComment(input: $input) {
      id
      status
    }
  }
`);

export const ApproveMutation = graphql(`
  mutation ApprovePubComment($id: ID!, $ifVersion: String) {
    approvePubComment(id: $id, ifVersion: $ifVersion) {
      id
      status
    }
  }
`);

export const EditMutation = graphql(`
  mutation EditPubComment($id: ID!, $nickname: String, $body: String!, $ifVersion: String) {
    editPubComment(id: $id, nickname: $nickname, body: $body, ifVersion: $ifVersion) {
      id
      nickname
      body
    }
  }
`);

export const DeleteMutation = graphql(`
  mutation DeletePubComment($id: ID!, $ifVersion: String) {
    deletePubComment(id: $id, ifVersion: $ifVersion)
  }
`);

/** Comments stored or approved on the post (published ones for readers). */
export const CommentAddedSubscription = graphql(`
  subscription PubCommentAdded($postId: ID!) {
    pubCommentAdded(postId: $postId) {
      id
      status
    }
  }
`);
