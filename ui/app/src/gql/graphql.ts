/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** The family of a bot in the crawler report (docs/SPEC.md#crawler-report): search engines, link previews of social services, AI crawlers and assistants, everything else (tools, monitors, unknown bots). */
export type BotFamily =
  | 'AI'
  | 'OTHER'
  | 'SEARCH'
  | 'SOCIAL';

/**
 * The body and flags of a post. An omitted (or null) optional field takes its
 * default on createPost (locale "", allowLikes and allowReplies true) and keeps
 * the post's current value on updatePost.
 */
export type PostInput = {
  allowLikes?: boolean | null | undefined;
  allowReplies?: boolean | null | undefined;
  content: string;
  /** A BCP 47 language tag, stored canonicalized (en_US and EN-us become en-US); "" when unknown. */
  locale?: string | null | undefined;
  /**
   * The post's tags (docs/SPEC.md#tags): at most 10, each 1-40 characters,
   * white space collapsed, compared case-insensitively (the first spelling
   * of equal tags is kept); omitted keeps them (createPost: none), [] clears
   * them. A tag breaking the rule is BAD_USER_INPUT (field "tags").
   */
  tags?: Array<string> | null | undefined;
};

/** Order of publication lists: by (publishedAt, id). */
export type PostOrder =
  | 'NEWEST'
  | 'OLDEST';

/** Order of Stats.postsPage: page views (most first, ties by ID), or publication (newest first, unpublished last, ties by ID). */
export type PostStatsSort =
  | 'ID_ASC'
  | 'ID_DESC'
  /** Publication, oldest first, unpublished first. */
  | 'PUBLISHED_ASC'
  | 'PUBLISHED_DESC'
  /** Page views of the period, fewest first (ties by ID ascending, as every order here). */
  | 'PV_ASC'
  | 'PV_DESC'
  /** Title (else digest) in Unicode collation order (root locale). */
  | 'TITLE_ASC'
  | 'TITLE_DESC';

/** A comment of a bulk moderation and the version it was read at. */
export type PubCommentRef = {
  id: string;
  /** PubComment.version as read; omitted: whatever the version. */
  ifVersion?: string | null | undefined;
};

/** Moderation state of an external comment: readers see PUBLISHED only. */
export type PubCommentStatus =
  | 'PENDING'
  | 'PUBLISHED';

/** Every field optional: an omitted field keeps its current value. */
export type PubConfigInput = {
  author?: string | null | undefined;
  /**
   * "", default, newspaper, whiteboard, dark, vertical, vertical-newspaper or
   * vertical-dark; other names are BAD_USER_INPUT (a stored value from before
   * this check may be sent back unchanged).
   */
  designTheme?: string | null | undefined;
  /**
   * A JSON Merge Patch (RFC 7396) on the stored extensions object: a key
   * given replaces its value, null deletes the key, a key not given is kept,
   * an object is merged key by key, an array replaces the stored one whole.
   * The merged object must be valid (BAD_USER_INPUT naming the field path,
   * nothing stored). With replaceExtensions: true it is the whole new
   * object instead. See docs/API.md "Settings updates".
   */
  extensions?: Record<string, unknown> | null | undefined;
  introduction?: string | null | undefined;
  /** true: extensions replaces the stored object whole (default false: merge patch). */
  replaceExtensions?: boolean | null | undefined;
  /**
   * The seed's spelling of showPagination, accepted for existing clients (an
   * exported PubConfig carries both); when both are given they must be equal.
   * @deprecated Use showPagination.
   */
  showPagenation?: boolean | null | undefined;
  showPagination?: boolean | null | undefined;
  showServiceHeader?: boolean | null | undefined;
  showSidePopular?: number | null | undefined;
  showSideProfile?: boolean | null | undefined;
  showSideRecent?: number | null | undefined;
  showSiteName?: boolean | null | undefined;
  siteName?: string | null | undefined;
  subtitle?: string | null | undefined;
  /** Ignored (accepted so that exportPubConfig output can be sent back unchanged). */
  userId?: string | null | undefined;
};

/** External publication state derived from publishedAt and the server clock. */
export type PublicationState =
  | 'PUBLISHED'
  | 'SCHEDULED'
  | 'UNPUBLISHED';

/** A service of the first-party share links /share/{postId}/{service} (COPY: the copy-link button). */
export type ShareService =
  | 'COPY'
  | 'FACEBOOK'
  | 'HATENA'
  | 'LINE'
  | 'X';

/** A delivery's state: queued or being retried, answered 2xx, or given up after the retry window. */
export type WebhookDeliveryState =
  | 'DELIVERED'
  | 'FAILED'
  | 'PENDING';

/** What a webhook delivery announces (docs/WEBHOOKS.md "Events"). */
export type WebhookEvent =
  /** A pending comment was approved. */
  | 'COMMENT_APPROVED'
  /** A comment was stored, pending or published. */
  | 'COMMENT_POSTED'
  /** A post became visible: published now, a scheduled time fell due, or imported or restored published. */
  | 'POST_PUBLISHED'
  /** A post announced as published was unpublished, moved to a future time, or deleted (the body's deleted is then true). */
  | 'POST_UNPUBLISHED'
  /** A published post's body or flags were saved. */
  | 'POST_UPDATED';

/**
 * url: https only (http to loopback addresses only when the server runs with
 * STGY_WEBHOOK_ALLOW_LOOPBACK=true), at most 2048 bytes, no user information
 * or fragment (else BAD_USER_INPUT, extensions.field "url"); a host that does
 * not resolve or resolves to a loopback, private, link-local (metadata
 * 169.254.169.254 included), CGNAT, unspecified, multicast or reserved
 * address is WEBHOOK_URL_REFUSED. events: at least one (duplicates dropped).
 */
export type WebhookInput = {
  events: Array<WebhookEvent>;
  url: string;
};

export type OwnerCommentsQueryVariables = Exact<{
  userId: string;
  status?: PubCommentStatus | null | undefined;
  order?: PostOrder | null | undefined;
  offset?: number | null | undefined;
  limit?: number | null | undefined;
}>;


export type OwnerCommentsQuery = { ownerPubComments: { totalCount: number, items: Array<{ id: string, postId: string, postTitle: string, nickname: string, body: string, status: PubCommentStatus, isAuthor: boolean, createdAt: string, viewerCanEdit: boolean, viewerCanModerate: boolean, version: string }> } };

export type PostCommentsQueryVariables = Exact<{
  postId: string;
  page?: number | null | undefined;
}>;


export type PostCommentsQuery = { pubComments: { totalCount: number, hasNextPage: boolean, items: Array<{ id: string, postId: string, postTitle: string, nickname: string, body: string, status: PubCommentStatus, isAuthor: boolean, createdAt: string, viewerCanEdit: boolean, viewerCanModerate: boolean, version: string }> } };

export type CommentNotificationsQueryVariables = Exact<{ [key: string]: never; }>;


export type CommentNotificationsQuery = { pubCommentNotifications: { unreadCount: number, items: Array<{ id: string, postId: string, commentId: string, nickname: string, createdAt: string }> } };

export type ApproveCommentMutationVariables = Exact<{
  id: string;
  ifVersion?: string | null | undefined;
}>;


export type ApproveCommentMutation = { approvePubComment: { id: string, status: PubCommentStatus, version: string } };

export type EditCommentMutationVariables = Exact<{
  id: string;
  body: string;
  ifVersion?: string | null | undefined;
}>;


export type EditCommentMutation = { editPubComment: { id: string, body: string, version: string } };

export type DeleteCommentMutationVariables = Exact<{
  id: string;
  ifVersion?: string | null | undefined;
}>;


export type DeleteCommentMutation = { deletePubComment: boolean };

export type MarkNotificationsReadMutationVariables = Exact<{
  ids?: Array<string> | string | null | undefined;
}>;


export type MarkNotificationsReadMutation = { markPubCommentNotificationsRead: number };

export type ApproveCommentsMutationVariables = Exact<{
  items: Array<PubCommentRef> | PubCommentRef;
}>;


export type ApproveCommentsMutation = { approvePubComments: Array<{ id: string, ok: boolean, code: string | null }> };

export type DeleteCommentsMutationVariables = Exact<{
  items: Array<PubCommentRef> | PubCommentRef;
}>;


export type DeleteCommentsMutation = { deletePubComments: Array<{ id: string, ok: boolean, code: string | null }> };

export type PubCommentNotificationLiveSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type PubCommentNotificationLiveSubscription = { pubCommentNotification: { id: string, postId: string, commentId: string } };

export type PubViewsTodayLiveSubscriptionVariables = Exact<{
  userId: string;
}>;


export type PubViewsTodayLiveSubscription = { pubViewsToday: { day: string, total: number } };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { id: string, loginName: string, nickname: string, isAdmin: boolean } | null };

export type LoginMutationVariables = Exact<{
  loginName: string;
  password: string;
}>;


export type LoginMutation = { login: { me: { id: string, loginName: string, nickname: string, isAdmin: boolean } } };

export type LogoutMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutMutation = { logout: boolean };

export type SiteZoneQueryVariables = Exact<{
  userId: string;
}>;


export type SiteZoneQuery = { pubConfig: { userId: string, timeZone: string } };

export type MyPostsQueryVariables = Exact<{
  offset: number;
  limit: number;
}>;


export type MyPostsQuery = { myPosts: Array<{ id: string, title: string, excerpt: string, publicationState: PublicationState, publishedAt: string | null, updatedAt: string | null, createdAt: string, version: string }> };

export type MyPostQueryVariables = Exact<{
  id: string;
}>;


export type MyPostQuery = { myPost: { id: string, ownerId: string, title: string, content: string, locale: string, tags: Array<string>, allowLikes: boolean, allowReplies: boolean, publicationState: PublicationState, publishedAt: string | null, updatedAt: string | null, createdAt: string, version: string } };

export type PreviewMarkdownQueryVariables = Exact<{
  content: string;
  vertical?: boolean | null | undefined;
}>;


export type PreviewMarkdownQuery = { previewMarkdown: { html: string, title: string, description: string, featuredImage: string } };

export type CreatePostMutationVariables = Exact<{
  input: PostInput;
}>;


export type CreatePostMutation = { createPost: { id: string, ownerId: string, title: string, content: string, locale: string, tags: Array<string>, allowLikes: boolean, allowReplies: boolean, publicationState: PublicationState, publishedAt: string | null, updatedAt: string | null, createdAt: string, version: string } };

export type UpdatePostMutationVariables = Exact<{
  id: string;
  input: PostInput;
  ifVersion?: string | null | undefined;
}>;


export type UpdatePostMutation = { updatePost: { id: string, ownerId: string, title: string, content: string, locale: string, tags: Array<string>, allowLikes: boolean, allowReplies: boolean, publicationState: PublicationState, publishedAt: string | null, updatedAt: string | null, createdAt: string, version: string } };

export type SetPublicationMutationVariables = Exact<{
  id: string;
  publishedAt?: string | null | undefined;
  ifVersion?: string | null | undefined;
}>;


export type SetPublicationMutation = { setPostPublication: { id: string, publicationState: PublicationState, publishedAt: string | null, updatedAt: string | null, version: string } };

export type DeletePostMutationVariables = Exact<{
  id: string;
  ifVersion?: string | null | undefined;
}>;


export type DeletePostMutation = { deletePost: boolean };

export type FederationQueryVariables = Exact<{
  userId: string;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type FederationQuery = { pubFederation: { userId: string, available: boolean, enabled: boolean, handle: string, actorId: string, followerCount: number, reactions: { likes: number, announces: number }, followers: { totalCount: number, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, endCursor: string | null }, edges: Array<{ cursor: string, node: { actor: string, inboxHost: string, followedAt: string } }> } } };

export type RemoveFollowerMutationVariables = Exact<{
  userId: string;
  actor: string;
}>;


export type RemoveFollowerMutation = { removePubFollower: boolean };

export type SiteSettingsQueryVariables = Exact<{
  userId: string;
}>;


export type SiteSettingsQuery = { pubConfig: { userId: string, siteName: string, subtitle: string, author: string, introduction: string, designTheme: string, showServiceHeader: boolean, showSiteName: boolean, showPagination: boolean, showSideProfile: boolean, showSideRecent: number, showSidePopular: number, extensions: Record<string, unknown>, timeZone: string, version: string, updatedAt: string | null } };

export type SaveSettingsMutationVariables = Exact<{
  userId: string;
  input: PubConfigInput;
  ifVersion?: string | null | undefined;
}>;


export type SaveSettingsMutation = { updatePubConfig: { userId: string, siteName: string, subtitle: string, author: string, introduction: string, designTheme: string, showServiceHeader: boolean, showSiteName: boolean, showPagination: boolean, showSideProfile: boolean, showSideRecent: number, showSidePopular: number, extensions: Record<string, unknown>, timeZone: string, version: string, updatedAt: string | null } };

export type WebhooksQueryVariables = Exact<{ [key: string]: never; }>;


export type WebhooksQuery = { webhooks: Array<{ id: string, url: string, events: Array<WebhookEvent>, secret: string, createdAt: string, deliveries: Array<{ id: string, event: WebhookEvent, postId: string, commentId: string | null, occurredAt: string, state: WebhookDeliveryState, attempts: number, lastStatus: number | null, lastError: string | null, deliveredAt: string | null }> }> };

export type CreateWebhookMutationVariables = Exact<{
  input: WebhookInput;
}>;


export type CreateWebhookMutation = { createWebhook: { id: string } };

export type DeleteWebhookMutationVariables = Exact<{
  id: string;
}>;


export type DeleteWebhookMutation = { deleteWebhook: boolean };

export type StatsPageQueryVariables = Exact<{
  userId: string;
  days?: number | null | undefined;
  sort?: PostStatsSort | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
  last?: number | null | undefined;
  before?: string | null | undefined;
}>;


export type StatsPageQuery = { pubStats: { days: number, updatedAt: string, totalPv: number, daily: Array<{ date: string, pv: number }>, postsPage: { totalCount: number, maxPv: number, maxDayPv: number, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null }, edges: Array<{ periodPv: number, node: { id: string, title: string, digest: string, publishedAt: string | null, dailyPv: Array<number> } }> } } };

export type PostStatsQueryVariables = Exact<{
  userId: string;
  id: string;
}>;


export type PostStatsQuery = { pubStats: { days: number, updatedAt: string, daily: Array<{ date: string, pv: number }>, post: { id: string, title: string, digest: string, daily: Array<{ date: string, pv: number }> } | null } };

export type BotStatsQueryVariables = Exact<{
  userId: string;
  days: number;
}>;


export type BotStatsQuery = { pubBotStats: Array<{ postId: string, title: string, total: number, crawls: Array<{ family: BotFamily, count: number }>, daily: Array<{ date: string, crawls: Array<{ family: BotFamily, count: number }> }> }> };

export type ShareCountsQueryVariables = Exact<{
  id: string;
}>;


export type ShareCountsQuery = { publishedPost: { id: string, shareCounts: Array<{ service: ShareService, count: number }> | null } | null };

export type FediverseCountsQueryVariables = Exact<{
  id: string;
}>;


export type FediverseCountsQuery = { publishedPost: { id: string, fediverseCounts: { likes: number, announces: number } | null } | null };


export const OwnerCommentsDocument = {"__meta__":{"hash":"1383ffca84038906178909a673c0e7678a1386a2a83cae7f7879a9450a22cf48"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OwnerComments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"PubCommentStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"order"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"PostOrder"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ownerPubComments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"order"},"value":{"kind":"Variable","name":{"kind":"Name","value":"order"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"postId"}},{"kind":"Field","name":{"kind":"Name","value":"postTitle"}},{"kind":"Field","name":{"kind":"Name","value":"nickname"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isAuthor"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"viewerCanEdit"}},{"kind":"Field","name":{"kind":"Name","value":"viewerCanModerate"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]}}]} as unknown as DocumentNode<OwnerCommentsQuery, OwnerCommentsQueryVariables>;
export const PostCommentsDocument = {"__meta__":{"hash":"f607b902847e661886446533f05c76d45069388655aa3b0d70bb24989384a3c9"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PostComments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"postId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pubComments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"postId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"postId"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"order"},"value":{"kind":"EnumValue","value":"OLDEST"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"postId"}},{"kind":"Field","name":{"kind":"Name","value":"postTitle"}},{"kind":"Field","name":{"kind":"Name","value":"nickname"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isAuthor"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"viewerCanEdit"}},{"kind":"Field","name":{"kind":"Name","value":"viewerCanModerate"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]}}]} as unknown as DocumentNode<PostCommentsQuery, PostCommentsQueryVariables>;
export const CommentNotificationsDocument = {"__meta__":{"hash":"b0c3fe9e80c21b4c9c1c356931cb529cef1c913a6599bd2286c538dd755c54de"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CommentNotifications"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pubCommentNotifications"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"unreadOnly"},"value":{"kind":"BooleanValue","value":true}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"50"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unreadCount"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"postId"}},{"kind":"Field","name":{"kind":"Name","value":"commentId"}},{"kind":"Field","name":{"kind":"Name","value":"nickname"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}}]} as unknown as DocumentNode<CommentNotificationsQuery, CommentNotificationsQueryVariables>;
export const ApproveCommentDocument = {"__meta__":{"hash":"fe36819f5110e445c114a929cf9e57a020cbb9cb1b96ba88f865896b9bc0ed3e"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ApproveComment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"approvePubComment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"ifVersion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<ApproveCommentMutation, ApproveCommentMutationVariables>;
export const EditCommentDocument = {"__meta__":{"hash":"54e8802b69320acae6ec1153dce35221f9b12f298b730a0419fb507bc0af2bdc"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"EditComment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"body"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"editPubComment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"body"},"value":{"kind":"Variable","name":{"kind":"Name","value":"body"}}},{"kind":"Argument","name":{"kind":"Name","value":"ifVersion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<EditCommentMutation, EditCommentMutationVariables>;
export const DeleteCommentDocument = {"__meta__":{"hash":"969a353d4f3c617709485e2eb2646063d23beefb8d8ded29ecd5fcd069ab1961"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteComment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deletePubComment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"ifVersion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}}}]}]}}]} as unknown as DocumentNode<DeleteCommentMutation, DeleteCommentMutationVariables>;
export const MarkNotificationsReadDocument = {"__meta__":{"hash":"054304f515e474950674560faa368e0ecb5551b16500ff291fc00944bf33744d"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MarkNotificationsRead"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ids"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"markPubCommentNotificationsRead"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ids"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ids"}}}]}]}}]} as unknown as DocumentNode<MarkNotificationsReadMutation, MarkNotificationsReadMutationVariables>;
export const ApproveCommentsDocument = {"__meta__":{"hash":"f229368e6f54986e4941542f79045b78d51f4bc8267d0a79df9f1119bb0cc432"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ApproveComments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"items"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PubCommentRef"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"approvePubComments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"items"},"value":{"kind":"Variable","name":{"kind":"Name","value":"items"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ok"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]} as unknown as DocumentNode<ApproveCommentsMutation, ApproveCommentsMutationVariables>;
export const DeleteCommentsDocument = {"__meta__":{"hash":"b6a63368a4f64db3b243397e9c28fd6ec4f0f979d8b8a50e547e9c38a4f40a68"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteComments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"items"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PubCommentRef"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deletePubComments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"items"},"value":{"kind":"Variable","name":{"kind":"Name","value":"items"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ok"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]} as unknown as DocumentNode<DeleteCommentsMutation, DeleteCommentsMutationVariables>;
export const PubCommentNotificationLiveDocument = {"__meta__":{"hash":"96c3e6b83cfbc6f23c734c3b7ccdc902b53fdff71bc51e77e3f9d289058c1ae3"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"PubCommentNotificationLive"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pubCommentNotification"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"postId"}},{"kind":"Field","name":{"kind":"Name","value":"commentId"}}]}}]}}]} as unknown as DocumentNode<PubCommentNotificationLiveSubscription, PubCommentNotificationLiveSubscriptionVariables>;
export const PubViewsTodayLiveDocument = {"__meta__":{"hash":"5d2b7f1a60dc5c365a7632e2ab5d73fbbcbac59b0bcde67b75e3c6dbda44f37f"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"PubViewsTodayLive"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pubViewsToday"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}}]} as unknown as DocumentNode<PubViewsTodayLiveSubscription, PubViewsTodayLiveSubscriptionVariables>;
export const MeDocument = {"__meta__":{"hash":"5bcee5ca435e8ff748f80da56681165ffbd61587bbc6d49d5afcb502bfb69fb3"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"loginName"}},{"kind":"Field","name":{"kind":"Name","value":"nickname"}},{"kind":"Field","name":{"kind":"Name","value":"isAdmin"}}]}}]}}]} as unknown as DocumentNode<MeQuery, MeQueryVariables>;
export const LoginDocument = {"__meta__":{"hash":"d41c6172a60181b9f423de3075286045a1b541574f52c2a279f172c3f31e553b"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Login"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"loginName"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"password"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"login"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"loginName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"loginName"}}},{"kind":"Argument","name":{"kind":"Name","value":"password"},"value":{"kind":"Variable","name":{"kind":"Name","value":"password"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"loginName"}},{"kind":"Field","name":{"kind":"Name","value":"nickname"}},{"kind":"Field","name":{"kind":"Name","value":"isAdmin"}}]}}]}}]}}]} as unknown as DocumentNode<LoginMutation, LoginMutationVariables>;
export const LogoutDocument = {"__meta__":{"hash":"cb1d14c1cc99a25294cfa4376de2402364cb32e6c038a11fb36cf0ebb3a5ce91"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Logout"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"logout"}}]}}]} as unknown as DocumentNode<LogoutMutation, LogoutMutationVariables>;
export const SiteZoneDocument = {"__meta__":{"hash":"7a3a437d016a97b45e1c962550e37cee627a06d447fbc1dd5917309e266bec0a"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SiteZone"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pubConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}}]}}]}}]} as unknown as DocumentNode<SiteZoneQuery, SiteZoneQueryVariables>;
export const MyPostsDocument = {"__meta__":{"hash":"79e810dd22739273a41eb460c3d76297e479f9b97207e09d36571e4d1f550384"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MyPosts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myPosts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"excerpt"}},{"kind":"Field","name":{"kind":"Name","value":"publicationState"}},{"kind":"Field","name":{"kind":"Name","value":"publishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<MyPostsQuery, MyPostsQueryVariables>;
export const MyPostDocument = {"__meta__":{"hash":"2e92c1810a91044b8ad610ea27b5c5d2162275e9be56dd3465db3dd08fe022b8"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MyPost"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myPost"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ownerId"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"locale"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"allowLikes"}},{"kind":"Field","name":{"kind":"Name","value":"allowReplies"}},{"kind":"Field","name":{"kind":"Name","value":"publicationState"}},{"kind":"Field","name":{"kind":"Name","value":"publishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<MyPostQuery, MyPostQueryVariables>;
export const PreviewMarkdownDocument = {"__meta__":{"hash":"a9ce5ea32a021df0df170aab053675904df7724c0aa4c442d302378f60dbf438"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PreviewMarkdown"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"content"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"vertical"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"previewMarkdown"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"content"},"value":{"kind":"Variable","name":{"kind":"Name","value":"content"}}},{"kind":"Argument","name":{"kind":"Name","value":"vertical"},"value":{"kind":"Variable","name":{"kind":"Name","value":"vertical"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"html"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"featuredImage"}}]}}]}}]} as unknown as DocumentNode<PreviewMarkdownQuery, PreviewMarkdownQueryVariables>;
export const CreatePostDocument = {"__meta__":{"hash":"b1ed651e153a1a4cf6e5e0727fc340549a7237a5b0d839dd5c772cf2bbfd7786"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreatePost"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PostInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createPost"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ownerId"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"locale"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"allowLikes"}},{"kind":"Field","name":{"kind":"Name","value":"allowReplies"}},{"kind":"Field","name":{"kind":"Name","value":"publicationState"}},{"kind":"Field","name":{"kind":"Name","value":"publishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<CreatePostMutation, CreatePostMutationVariables>;
export const UpdatePostDocument = {"__meta__":{"hash":"5d6a7b9206e9394e6b4f682ad7a3ed10c246bd338307ade9fb80d377d0ec19e0"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdatePost"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PostInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updatePost"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"ifVersion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ownerId"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"locale"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"allowLikes"}},{"kind":"Field","name":{"kind":"Name","value":"allowReplies"}},{"kind":"Field","name":{"kind":"Name","value":"publicationState"}},{"kind":"Field","name":{"kind":"Name","value":"publishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<UpdatePostMutation, UpdatePostMutationVariables>;
export const SetPublicationDocument = {"__meta__":{"hash":"c099dafcadbea02dc0dea4a38a07dd953582199382ab9b1dc875c6f708579071"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetPublication"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"publishedAt"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Time"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setPostPublication"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"publishedAt"},"value":{"kind":"Variable","name":{"kind":"Name","value":"publishedAt"}}},{"kind":"Argument","name":{"kind":"Name","value":"ifVersion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"publicationState"}},{"kind":"Field","name":{"kind":"Name","value":"publishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<SetPublicationMutation, SetPublicationMutationVariables>;
export const DeletePostDocument = {"__meta__":{"hash":"6f73d9d54de8ffd9c94f5dab60ed6cffbd04d4d1a5fcad3a38adc32b2aec6f5d"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeletePost"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deletePost"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"ifVersion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}}}]}]}}]} as unknown as DocumentNode<DeletePostMutation, DeletePostMutationVariables>;
export const FederationDocument = {"__meta__":{"hash":"c9297be1b679560d6ae5e0a84613c02ec7a07ff5c6390406603aeefdda802109"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Federation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pubFederation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"available"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"handle"}},{"kind":"Field","name":{"kind":"Name","value":"actorId"}},{"kind":"Field","name":{"kind":"Name","value":"followerCount"}},{"kind":"Field","name":{"kind":"Name","value":"reactions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"likes"}},{"kind":"Field","name":{"kind":"Name","value":"announces"}}]}},{"kind":"Field","name":{"kind":"Name","value":"followers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"actor"}},{"kind":"Field","name":{"kind":"Name","value":"inboxHost"}},{"kind":"Field","name":{"kind":"Name","value":"followedAt"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<FederationQuery, FederationQueryVariables>;
export const RemoveFollowerDocument = {"__meta__":{"hash":"29609281df77ab8474b7e24a03645f27f68ffafb9b4c72f2096225e6c43e83c3"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveFollower"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"actor"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removePubFollower"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}},{"kind":"Argument","name":{"kind":"Name","value":"actor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"actor"}}}]}]}}]} as unknown as DocumentNode<RemoveFollowerMutation, RemoveFollowerMutationVariables>;
export const SiteSettingsDocument = {"__meta__":{"hash":"88b18505a6875098441b51737118c09a95a34e601f921cd3b5dc07147f4ddb6f"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SiteSettings"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pubConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"siteName"}},{"kind":"Field","name":{"kind":"Name","value":"subtitle"}},{"kind":"Field","name":{"kind":"Name","value":"author"}},{"kind":"Field","name":{"kind":"Name","value":"introduction"}},{"kind":"Field","name":{"kind":"Name","value":"designTheme"}},{"kind":"Field","name":{"kind":"Name","value":"showServiceHeader"}},{"kind":"Field","name":{"kind":"Name","value":"showSiteName"}},{"kind":"Field","name":{"kind":"Name","value":"showPagination"}},{"kind":"Field","name":{"kind":"Name","value":"showSideProfile"}},{"kind":"Field","name":{"kind":"Name","value":"showSideRecent"}},{"kind":"Field","name":{"kind":"Name","value":"showSidePopular"}},{"kind":"Field","name":{"kind":"Name","value":"extensions"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<SiteSettingsQuery, SiteSettingsQueryVariables>;
export const SaveSettingsDocument = {"__meta__":{"hash":"2634faa150613a614f4c0fd91be38d1c5d07e9e4ebd4d495d5f3a8518e6d57fa"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SaveSettings"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PubConfigInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updatePubConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"ifVersion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"siteName"}},{"kind":"Field","name":{"kind":"Name","value":"subtitle"}},{"kind":"Field","name":{"kind":"Name","value":"author"}},{"kind":"Field","name":{"kind":"Name","value":"introduction"}},{"kind":"Field","name":{"kind":"Name","value":"designTheme"}},{"kind":"Field","name":{"kind":"Name","value":"showServiceHeader"}},{"kind":"Field","name":{"kind":"Name","value":"showSiteName"}},{"kind":"Field","name":{"kind":"Name","value":"showPagination"}},{"kind":"Field","name":{"kind":"Name","value":"showSideProfile"}},{"kind":"Field","name":{"kind":"Name","value":"showSideRecent"}},{"kind":"Field","name":{"kind":"Name","value":"showSidePopular"}},{"kind":"Field","name":{"kind":"Name","value":"extensions"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<SaveSettingsMutation, SaveSettingsMutationVariables>;
export const WebhooksDocument = {"__meta__":{"hash":"9e5026dec2f81c93eee7dc65ec8cbc572f5c6d1dcc576c7bb2fbd336b0c405ac"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Webhooks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhooks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"postId"}},{"kind":"Field","name":{"kind":"Name","value":"commentId"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"lastStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}}]}}]}}]} as unknown as DocumentNode<WebhooksQuery, WebhooksQueryVariables>;
export const CreateWebhookDocument = {"__meta__":{"hash":"90ab19ed8a990ad9fe64f1aa7507a2ddcd6f098482d380f9949249328fe51f54"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<CreateWebhookMutation, CreateWebhookMutationVariables>;
export const DeleteWebhookDocument = {"__meta__":{"hash":"2ea84e97b9e1fc90ac3b7194a2a2e7577ee5821dc5c1a8ffb8cba9e05241f262"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<DeleteWebhookMutation, DeleteWebhookMutationVariables>;
export const StatsPageDocument = {"__meta__":{"hash":"c2f75e08ace060295dfcb9d5f01a35d9ca5fa8e19c63ca06dc3898e5a32d013a"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"StatsPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"days"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sort"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"PostStatsSort"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"last"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"before"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pubStats"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"totalPv"}},{"kind":"Field","name":{"kind":"Name","value":"daily"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"pv"}}]}},{"kind":"Field","name":{"kind":"Name","value":"postsPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"days"},"value":{"kind":"Variable","name":{"kind":"Name","value":"days"}}},{"kind":"Argument","name":{"kind":"Name","value":"sort"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sort"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"last"},"value":{"kind":"Variable","name":{"kind":"Name","value":"last"}}},{"kind":"Argument","name":{"kind":"Name","value":"before"},"value":{"kind":"Variable","name":{"kind":"Name","value":"before"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"maxPv"}},{"kind":"Field","name":{"kind":"Name","value":"maxDayPv"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"periodPv"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"digest"}},{"kind":"Field","name":{"kind":"Name","value":"publishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"dailyPv"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<StatsPageQuery, StatsPageQueryVariables>;
export const PostStatsDocument = {"__meta__":{"hash":"ef28947ee300909a86fec84e43064ee05930a699dab347d641115421eb440b0b"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PostStats"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pubStats"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"daily"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"pv"}}]}},{"kind":"Field","name":{"kind":"Name","value":"post"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"digest"}},{"kind":"Field","name":{"kind":"Name","value":"daily"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"pv"}}]}}]}}]}}]}}]} as unknown as DocumentNode<PostStatsQuery, PostStatsQueryVariables>;
export const BotStatsDocument = {"__meta__":{"hash":"a17a58ef8385c392b4fd5a33d659aff9d036cc973838385636e6e404008ae3a6"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BotStats"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"days"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pubBotStats"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}},{"kind":"Argument","name":{"kind":"Name","value":"days"},"value":{"kind":"Variable","name":{"kind":"Name","value":"days"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"postId"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"crawls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"family"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}},{"kind":"Field","name":{"kind":"Name","value":"daily"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"crawls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"family"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}}]}}]}}]}}]} as unknown as DocumentNode<BotStatsQuery, BotStatsQueryVariables>;
export const ShareCountsDocument = {"__meta__":{"hash":"d7ab625f78e4672c38813d5887d71f8ae03aaad956bf2ec85637b0f54a45b19f"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ShareCounts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"publishedPost"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"shareCounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}}]}}]}}]} as unknown as DocumentNode<ShareCountsQuery, ShareCountsQueryVariables>;
export const FediverseCountsDocument = {"__meta__":{"hash":"7adadc340563a39b43c60f4566a4cb006bb5f9ab9c5b0e2f09975d5848998e79"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FediverseCounts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"publishedPost"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fediverseCounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"likes"}},{"kind":"Field","name":{"kind":"Name","value":"announces"}}]}}]}}]}}]} as unknown as DocumentNode<FediverseCountsQuery, FediverseCountsQueryVariables>;