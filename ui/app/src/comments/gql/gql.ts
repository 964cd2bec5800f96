/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query PubComments($postId: ID!, $page: Int!, $order: PostOrder!) {\n    pubComments(postId: $postId, page: $page, order: $order) {\n      postId\n      page\n      pageSize\n      totalCount\n      publishedCount\n      hasNextPage\n      viewerCanModerate\n      items {\n        id\n        nickname\n        body\n        status\n        isAuthor\n        createdAt\n        viewerCanEdit\n        viewerCanModerate\n        version\n      }\n    }\n  }\n": typeof types.PubCommentsDocument,
    "\n  query PubCommentFormState($postId: ID!) {\n    pubCommentFormState(postId: $postId) {\n      open\n      newStatus\n      captchaRequired\n      nickname\n      canPostAsOwner\n      asOwner\n      capReached\n      nicknameMaxChars\n      bodyMaxChars\n    }\n  }\n": typeof types.PubCommentFormStateDocument,
    "\n  mutation CreateCaptchaChallenge($language: String) {\n    createCaptchaChallenge {\n      id\n      image\n      audio(language: $language)\n      width\n      height\n      digits\n    }\n  }\n": typeof types.CreateCaptchaChallengeDocument,
    "\n  mutation PostPubComment($input: PostPubCommentInput!) {\n    postPubComment(input: $input) {\n      id\n      status\n    }\n  }\n": typeof types.PostPubCommentDocument,
    "\n  mutation ApprovePubComment($id: ID!, $ifVersion: String) {\n    approvePubComment(id: $id, ifVersion: $ifVersion) {\n      id\n      status\n    }\n  }\n": typeof types.ApprovePubCommentDocument,
    "\n  mutation EditPubComment($id: ID!, $nickname: String, $body: String!, $ifVersion: String) {\n    editPubComment(id: $id, nickname: $nickname, body: $body, ifVersion: $ifVersion) {\n      id\n      nickname\n      body\n    }\n  }\n": typeof types.EditPubCommentDocument,
    "\n  mutation DeletePubComment($id: ID!, $ifVersion: String) {\n    deletePubComment(id: $id, ifVersion: $ifVersion)\n  }\n": typeof types.DeletePubCommentDocument,
    "\n  subscription PubCommentAdded($postId: ID!) {\n    pubCommentAdded(postId: $postId) {\n      id\n      status\n    }\n  }\n": typeof types.PubCommentAddedDocument,
};
const documents: Documents = {
    "\n  query PubComments($postId: ID!, $page: Int!, $order: PostOrder!) {\n    pubComments(postId: $postId, page: $page, order: $order) {\n      postId\n      page\n      pageSize\n      totalCount\n      publishedCount\n      hasNextPage\n      viewerCanModerate\n      items {\n        id\n        nickname\n        body\n        status\n        isAuthor\n        createdAt\n        viewerCanEdit\n        viewerCanModerate\n        version\n      }\n    }\n  }\n": types.PubCommentsDocument,
    "\n  query PubCommentFormState($postId: ID!) {\n    pubCommentFormState(postId: $postId) {\n      open\n      newStatus\n      captchaRequired\n      nickname\n      canPostAsOwner\n      asOwner\n      capReached\n      nicknameMaxChars\n      bodyMaxChars\n    }\n  }\n": types.PubCommentFormStateDocument,
    "\n  mutation CreateCaptchaChallenge($language: String) {\n    createCaptchaChallenge {\n      id\n      image\n      audio(language: $language)\n      width\n      height\n      digits\n    }\n  }\n": types.CreateCaptchaChallengeDocument,
    "\n  mutation PostPubComment($input: PostPubCommentInput!) {\n    postPubComment(input: $input) {\n      id\n      status\n    }\n  }\n": types.PostPubCommentDocument,
    "\n  mutation ApprovePubComment($id: ID!, $ifVersion: String) {\n    approvePubComment(id: $id, ifVersion: $ifVersion) {\n      id\n      status\n    }\n  }\n": types.ApprovePubCommentDocument,
    "\n  mutation EditPubComment($id: ID!, $nickname: String, $body: String!, $ifVersion: String) {\n    editPubComment(id: $id, nickname: $nickname, body: $body, ifVersion: $ifVersion) {\n      id\n      nickname\n      body\n    }\n  }\n": types.EditPubCommentDocument,
    "\n  mutation DeletePubComment($id: ID!, $ifVersion: String) {\n    deletePubComment(id: $id, ifVersion: $ifVersion)\n  }\n": types.DeletePubCommentDocument,
    "\n  subscription PubCommentAdded($postId: ID!) {\n    pubCommentAdded(postId: $postId) {\n      id\n      status\n    }\n  }\n": types.PubCommentAddedDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PubComments($postId: ID!, $page: Int!, $order: PostOrder!) {\n    pubComments(postId: $postId, page: $page, order: $order) {\n      postId\n      page\n      pageSize\n      totalCount\n      publishedCount\n      hasNextPage\n      viewerCanModerate\n      items {\n        id\n        nickname\n        body\n        status\n        isAuthor\n        createdAt\n        viewerCanEdit\n        viewerCanModerate\n        version\n      }\n    }\n  }\n"): (typeof documents)["\n  query PubComments($postId: ID!, $page: Int!, $order: PostOrder!) {\n    pubComments(postId: $postId, page: $page, order: $order) {\n      postId\n      page\n      pageSize\n      totalCount\n      publishedCount\n      hasNextPage\n      viewerCanModerate\n      items {\n        id\n        nickname\n        body\n        status\n        isAuthor\n        createdAt\n        viewerCanEdit\n        viewerCanModerate\n        version\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PubCommentFormState($postId: ID!) {\n    pubCommentFormState(postId: $postId) {\n      open\n      newStatus\n      captchaRequired\n      nickname\n      canPostAsOwner\n      asOwner\n      capReached\n      nicknameMaxChars\n      bodyMaxChars\n    }\n  }\n"): (typeof documents)["\n  query PubCommentFormState($postId: ID!) {\n    pubCommentFormState(postId: $postId) {\n      open\n      newStatus\n      captchaRequired\n      nickname\n      canPostAsOwner\n      asOwner\n      capReached\n      nicknameMaxChars\n      bodyMaxChars\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCaptchaChallenge($language: String) {\n    createCaptchaChallenge {\n      id\n      image\n      audio(language: $language)\n      width\n      height\n      digits\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCaptchaChallenge($language: String) {\n    createCaptchaChallenge {\n      id\n      image\n      audio(language: $language)\n      width\n      height\n      digits\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PostPubComment($input: PostPubCommentInput!) {\n    postPubComment(input: $input) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation PostPubComment($input: PostPubCommentInput!) {\n    postPubComment(input: $input) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApprovePubComment($id: ID!, $ifVersion: String) {\n    approvePubComment(id: $id, ifVersion: $ifVersion) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation ApprovePubComment($id: ID!, $ifVersion: String) {\n    approvePubComment(id: $id, ifVersion: $ifVersion) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EditPubComment($id: ID!, $nickname: String, $body: String!, $ifVersion: String) {\n    editPubComment(id: $id, nickname: $nickname, body: $body, ifVersion: $ifVersion) {\n      id\n      nickname\n      body\n    }\n  }\n"): (typeof documents)["\n  mutation EditPubComment($id: ID!, $nickname: String, $body: String!, $ifVersion: String) {\n    editPubComment(id: $id, nickname: $nickname, body: $body, ifVersion: $ifVersion) {\n      id\n      nickname\n      body\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeletePubComment($id: ID!, $ifVersion: String) {\n    deletePubComment(id: $id, ifVersion: $ifVersion)\n  }\n"): (typeof documents)["\n  mutation DeletePubComment($id: ID!, $ifVersion: String) {\n    deletePubComment(id: $id, ifVersion: $ifVersion)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PubCommentAdded($postId: ID!) {\n    pubCommentAdded(postId: $postId) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  subscription PubCommentAdded($postId: ID!) {\n    pubCommentAdded(postId: $postId) {\n      id\n      status\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;