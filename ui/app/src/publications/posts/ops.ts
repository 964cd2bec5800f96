// GraphQL operations of the Posts list, the editor and the External
// publication dialog.
import { graphql } from "../../gql";

export const MyPostsQuery = graphql(`
  query MyPosts($offset: Int!, $limit: Int!) {
    myPosts(offset: $offset, limit: $limit) {
      id
      title
      excerpt
      publicationState
      publishedAt
      updatedAt
      createdAt
      version
    }
  }
`);

export const MyPostQuery = graphql(`
  query MyPost($id: ID!) {
    myPost(id: $id) {
      id
      ownerId
      title
      content
      locale
      tags
      allowLikes
      allowReplies
      publicationState
      publishedAt
      updatedAt
      createdAt
      version
    }
  }
`);

export const PreviewQuery = graphql(`
  query PreviewMarkdown($content: String!, $vertical: Boolean) {
    previewMarkdown(content: $content, vertical: $vertical) {
      html
      title
      description
      featuredImage
    }
  }
`);

export const CreatePostMutation = graphql(`
  mutation CreatePost($input: PostInput!) {
    createPost(input: $input) {
      id
      ownerId
      title
      content
      locale
      tags
      allowLikes
      allowReplies
      publicationState
      publishedAt
      updatedAt
      createdAt
      version
    }
  }
`);

export const UpdatePostMutation = graphql(`
  mutation UpdatePost($id: ID!, $input: PostInput!, $ifVersion: String) {
    updatePost(id: $id, input: $input, ifVersion: $ifVersion) {
      id
      ownerId
      title
      content
      locale
      tags
      allowLikes
      allowReplies
      publicationState
      publishedAt
      updatedAt
      createdAt
      version
    }
  }
`);

export const SetPublicationMutation = graphql(`
  mutation SetPublication($id: ID!, $publishedAt: Time, $ifVersion: String) {
    setPostPublication(id: $id, publishedAt: $publishedAt, ifVersion: $ifVersion) {
      id
      publicationState
      publishedAt
      updatedAt
      version
    }
  }
`);

export const DeletePostMutation = graphql(`
  mutation DeletePost($id: ID!, $ifVersion: String) {
    deletePost(id: $id, ifVersion: $ifVersion)
  }
`);
