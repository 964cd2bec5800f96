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
    "\n  query OwnerComments($userId: ID!, $status: PubCommentStatus, $order: PostOrder, $offset: Int, $limit: Int) {\n    ownerPubComments(userId: $userId, status: $status, order: $order, offset: $offset, limit: $limit) {\n      totalCount\n      items {\n        id\n        postId\n        postTitle\n        nickname\n        body\n        status\n        isAuthor\n        createdAt\n        viewerCanEdit\n        viewerCanModerate\n        version\n      }\n    }\n  }\n": typeof types.OwnerCommentsDocument,
    "\n  query PostComments($postId: ID!, $page: Int) {\n    pubComments(postId: $postId, page: $page, order: OLDEST) {\n      totalCount\n      hasNextPage\n      items {\n        id\n        postId\n        postTitle\n        nickname\n        body\n        status\n        isAuthor\n        createdAt\n        viewerCanEdit\n        viewerCanModerate\n        version\n      }\n    }\n  }\n": typeof types.PostCommentsDocument,
    "\n  query CommentNotifications {\n    pubCommentNotifications(unreadOnly: true, limit: 50) {\n      unreadCount\n      items {\n        id\n        postId\n        commentId\n        nickname\n        createdAt\n      }\n    }\n  }\n": typeof types.CommentNotificationsDocument,
    "\n  mutation ApproveComment($id: ID!, $ifVersion: String) {\n    approvePubComment(id: $id, ifVersion: $ifVersion) {\n      id\n      status\n      version\n    }\n  }\n": typeof types.ApproveCommentDocument,
    "\n  mutation EditComment($id: ID!, $body: String!, $ifVersion: String) {\n    editPubComment(id: $id, body: $body, ifVersion: $ifVersion) {\n      id\n      body\n      version\n    }\n  }\n": typeof types.EditCommentDocument,
    "\n  mutation DeleteComment($id: ID!, $ifVersion: String) {\n    deletePubComment(id: $id, ifVersion: $ifVersion)\n  }\n": typeof types.DeleteCommentDocument,
    "\n  mutation MarkNotificationsRead($ids: [ID!]) {\n    markPubCommentNotificationsRead(ids: $ids)\n  }\n": typeof types.MarkNotificationsReadDocument,
    "\n  mutation ApproveComments($items: [PubCommentRef!]!) {\n    approvePubComments(items: $items) {\n      id\n      ok\n      code\n    }\n  }\n": typeof types.ApproveCommentsDocument,
    "\n  mutation DeleteComments($items: [PubCommentRef!]!) {\n    deletePubComments(items: $items) {\n      id\n      ok\n      code\n    }\n  }\n": typeof types.DeleteCommentsDocument,
    "\n  subscription PubCommentNotificationLive {\n    pubCommentNotification {\n      id\n      postId\n      commentId\n    }\n  }\n": typeof types.PubCommentNotificationLiveDocument,
    "\n  subscription PubViewsTodayLive($userId: ID!) {\n    pubViewsToday(userId: $userId) {\n      day\n      total\n    }\n  }\n": typeof types.PubViewsTodayLiveDocument,
    "\n  query Me {\n    me {\n      id\n      loginName\n      nickname\n      isAdmin\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation Login($loginName: String!, $password: String!) {\n    login(loginName: $loginName, password: $password) {\n      me {\n        id\n        loginName\n        nickname\n        isAdmin\n      }\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  query SiteZone($userId: ID!) {\n    pubConfig(userId: $userId) {\n      userId\n      timeZone\n    }\n  }\n": typeof types.SiteZoneDocument,
    "\n  query MyPosts($offset: Int!, $limit: Int!) {\n    myPosts(offset: $offset, limit: $limit) {\n      id\n      title\n      excerpt\n      publicationState\n      publishedAt\n      updatedAt\n      createdAt\n      version\n    }\n  }\n": typeof types.MyPostsDocument,
    "\n  query MyPost($id: ID!) {\n    myPost(id: $id) {\n      id\n      ownerId\n      title\n      content\n      locale\n      tags\n      allowLikes\n      allowReplies\n      publicationState\n      publishedAt\n      updatedAt\n      createdAt\n      version\n    }\n  }\n": typeof types.MyPostDocument,
    "\n  query PreviewMarkdown($content: String!, $vertical: Boolean) {\n    previewMarkdown(content: $content, vertical: $vertical) {\n      html\n      title\n      description\n      featuredImage\n    }\n  }\n": typeof types.PreviewMarkdownDocument,
    "\n  mutation CreatePost($input: PostInput!) {\n    createPost(input: $input) {\n      id\n      ownerId\n      title\n      content\n      locale\n      tags\n      allowLikes\n      allowReplies\n      publicationState\n      publishedAt\n      updatedAt\n      createdAt\n      version\n    }\n  }\n": typeof types.CreatePostDocument,
    "\n  mutation UpdatePost($id: ID!, $input: PostInput!, $ifVersion: String) {\n    updatePost(id: $id, input: $input, ifVersion: $ifVersion) {\n      id\n      ownerId\n      title\n      content\n      locale\n      tags\n      allowLikes\n      allowReplies\n      publicationState\n      publishedAt\n      updatedAt\n      createdAt\n      version\n    }\n  }\n": typeof types.UpdatePostDocument,
    "\n  mutation SetPublication($id: ID!, $publishedAt: Time, $ifVersion: String) {\n    setPostPublication(id: $id, publishedAt: $publishedAt, ifVersion: $ifVersion) {\n      id\n      publicationState\n      publishedAt\n      updatedAt\n      version\n    }\n  }\n": typeof types.SetPublicationDocument,
    "\n  mutation DeletePost($id: ID!, $ifVersion: String) {\n    deletePost(id: $id, ifVersion: $ifVersion)\n  }\n": typeof types.DeletePostDocument,
    "\n  query Federation($userId: ID!, $first: Int, $after: String) {\n    pubFederation(userId: $userId) {\n      userId\n      available\n      enabled\n      handle\n      actorId\n      followerCount\n      reactions {\n        likes\n        announces\n      }\n      followers(first: $first, after: $after) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          hasPreviousPage\n          endCursor\n        }\n        edges {\n          cursor\n          node {\n            actor\n            inboxHost\n            followedAt\n          }\n        }\n      }\n    }\n  }\n": typeof types.FederationDocument,
    "\n  mutation RemoveFollower($userId: ID!, $actor: String!) {\n    removePubFollower(userId: $userId, actor: $actor)\n  }\n": typeof types.RemoveFollowerDocument,
    "\n  query SiteSettings($userId: ID!) {\n    pubConfig(userId: $userId) {\n      userId\n      siteName\n      subtitle\n      author\n      introduction\n      designTheme\n      showServiceHeader\n      showSiteName\n      showPagination\n      showSideProfile\n      showSideRecent\n      showSidePopular\n      extensions\n      timeZone\n      version\n      updatedAt\n    }\n  }\n": typeof types.SiteSettingsDocument,
    "\n  mutation SaveSettings($userId: ID!, $input: PubConfigInput!, $ifVersion: String) {\n    updatePubConfig(userId: $userId, input: $input, ifVersion: $ifVersion) {\n      userId\n      siteName\n      subtitle\n      author\n      introduction\n      designTheme\n      showServiceHeader\n      showSiteName\n      showPagination\n      showSideProfile\n      showSideRecent\n      showSidePopular\n      extensions\n      timeZone\n      version\n      updatedAt\n    }\n  }\n": typeof types.SaveSettingsDocument,
    "\n  query Webhooks {\n    webhooks {\n      id\n      url\n      events\n      secret\n      createdAt\n      deliveries(first: 10) {\n        id\n        event\n        postId\n        commentId\n        occurredAt\n        state\n        attempts\n        lastStatus\n        lastError\n        deliveredAt\n      }\n    }\n  }\n": typeof types.WebhooksDocument,
    "\n  mutation CreateWebhook($input: WebhookInput!) {\n    createWebhook(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateWebhookDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n": typeof types.DeleteWebhookDocument,
    "\n  query StatsPage($userId: ID!, $days: Int, $sort: PostStatsSort, $first: Int, $after: String, $last: Int, $before: String) {\n    pubStats(userId: $userId) {\n      days\n      updatedAt\n      totalPv\n      daily {\n        date\n        pv\n      }\n      postsPage(days: $days, sort: $sort, first: $first, after: $after, last: $last, before: $before) {\n        totalCount\n        maxPv\n        maxDayPv\n        pageInfo {\n          hasNextPage\n          hasPreviousPage\n          startCursor\n          endCursor\n        }\n        edges {\n          periodPv\n          node {\n            id\n            title\n            digest\n            publishedAt\n            dailyPv\n          }\n        }\n      }\n    }\n  }\n": typeof types.StatsPageDocument,
    "\n  query PostStats($userId: ID!, $id: ID!) {\n    pubStats(userId: $userId) {\n      days\n      updatedAt\n      daily {\n        date\n        pv\n      }\n      post(id: $id) {\n        id\n        title\n        digest\n        daily {\n          date\n          pv\n        }\n      }\n    }\n  }\n": typeof types.PostStatsDocument,
    "\n  query BotStats($userId: ID!, $days: Int!) {\n    pubBotStats(userId: $userId, days: $days) {\n      postId\n      title\n      total\n      crawls {\n        family\n        count\n      }\n      daily {\n        date\n        crawls {\n          family\n          count\n        }\n      }\n    }\n  }\n": typeof types.BotStatsDocument,
    "\n  query ShareCounts($id: ID!) {\n    publishedPost(id: $id) {\n      id\n      shareCounts {\n        service\n        count\n      }\n    }\n  }\n": typeof types.ShareCountsDocument,
    "\n  query FediverseCounts($id: ID!) {\n    publishedPost(id: $id) {\n      id\n      fediverseCounts {\n        likes\n        announces\n      }\n    }\n  }\n": typeof types.FediverseCountsDocument,
};
const documents: Documents = {
    "\n  query OwnerComments($userId: ID!, $status: PubCommentStatus, $order: PostOrder, $offset: Int, $limit: Int) {\n    ownerPubComments(userId: $userId, status: $status, order: $order, offset: $offset, limit: $limit) {\n      totalCount\n      items {\n        id\n        postId\n        postTitle\n        nickname\n        body\n        status\n        isAuthor\n        createdAt\n        viewerCanEdit\n        viewerCanModerate\n        version\n      }\n    }\n  }\n": types.OwnerCommentsDocument,
    "\n  query PostComments($postId: ID!, $page: Int) {\n    pubComments(postId: $postId, page: $page, order: OLDEST) {\n      totalCount\n      hasNextPage\n      items {\n        id\n        postId\n        postTitle\n        nickname\n        body\n        status\n        isAuthor\n        createdAt\n        viewerCanEdit\n        viewerCanModerate\n        version\n      }\n    }\n  }\n": types.PostCommentsDocument,
    "\n  query CommentNotifications {\n    pubCommentNotifications(unreadOnly: true, limit: 50) {\n      unreadCount\n      items {\n        id\n        postId\n        commentId\n        nickname\n        createdAt\n      }\n    }\n  }\n": types.CommentNotificationsDocument,
    "\n  mutation ApproveComment($id: ID!, $ifVersion: String) {\n    approvePubComment(id: $id, ifVersion: $ifVersion) {\n      id\n      status\n      version\n    }\n  }\n": types.ApproveCommentDocument,
    "\n  mutation EditComment($id: ID!, $body: String!, $ifVersion: String) {\n    editPubComment(id: $id, body: $body, ifVersion: $ifVersion) {\n      id\n      body\n      version\n    }\n  }\n": types.EditCommentDocument,
    "\n  mutation DeleteComment($id: ID!, $ifVersion: String) {\n    deletePubComment(id: $id, ifVersion: $ifVersion)\n  }\n": types.DeleteCommentDocument,
    "\n  mutation MarkNotificationsRead($ids: [ID!]) {\n    markPubCommentNotificationsRead(ids: $ids)\n  }\n": types.MarkNotificationsReadDocument,
    "\n  mutation ApproveComments($items: [PubCommentRef!]!) {\n    approvePubComments(items: $items) {\n      id\n      ok\n      code\n    }\n  }\n": types.ApproveCommentsDocument,
    "\n  mutation DeleteComments($items: [PubCommentRef!]!) {\n    deletePubComments(items: $items) {\n      id\n      ok\n      code\n    }\n  }\n": types.DeleteCommentsDocument,
    "\n  subscription PubCommentNotificationLive {\n    pubCommentNotification {\n      id\n      postId\n      commentId\n    }\n  }\n": types.PubCommentNotificationLiveDocument,
    "\n  subscription PubViewsTodayLive($userId: ID!) {\n    pubViewsToday(userId: $userId) {\n      day\n      total\n    }\n  }\n": types.PubViewsTodayLiveDocument,
    "\n  query Me {\n    me {\n      id\n      loginName\n      nickname\n      isAdmin\n    }\n  }\n": types.MeDocument,
    "\n  mutation Login($loginName: String!, $password: String!) {\n    login(loginName: $loginName, password: $password) {\n      me {\n        id\n        loginName\n        nickname\n        isAdmin\n      }\n    }\n  }\n": types.LoginDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  query SiteZone($userId: ID!) {\n    pubConfig(userId: $userId) {\n      userId\n      timeZone\n    }\n  }\n": types.SiteZoneDocument,
    "\n  query MyPosts($offset: Int!, $limit: Int!) {\n    myPosts(offset: $offset, limit: $limit) {\n      id\n      title\n      excerpt\n      publicationState\n      publishedAt\n      updatedAt\n      createdAt\n      version\n    }\n  }\n": types.MyPostsDocument,
    "\n  query MyPost($id: ID!) {\n    myPost(id: $id) {\n      id\n      ownerId\n      title\n      content\n      locale\n      tags\n      allowLikes\n      allowReplies\n      publicationState\n      publishedAt\n      updatedAt\n      createdAt\n      version\n    }\n  }\n": types.MyPostDocument,
    "\n  query PreviewMarkdown($content: String!, $vertical: Boolean) {\n    previewMarkdown(content: $content, vertical: $vertical) {\n      html\n      title\n      description\n      featuredImage\n    }\n  }\n": types.PreviewMarkdownDocument,
    "\n  mutation CreatePost($input: PostInput!) {\n    createPost(input: $input) {\n      id\n      ownerId\n      title\n      content\n      locale\n      tags\n      allowLikes\n      allowReplies\n      publicationState\n      publishedAt\n      updatedAt\n      createdAt\n      version\n    }\n  }\n": types.CreatePostDocument,
    "\n  mutation UpdatePost($id: ID!, $input: PostInput!, $ifVersion: String) {\n    updatePost(id: $id, input: $input, ifVersion: $ifVersion) {\n      id\n      ownerId\n      title\n      content\n      locale\n      tags\n      allowLikes\n      allowReplies\n      publicationState\n      publishedAt\n      updatedAt\n      createdAt\n      version\n    }\n  }\n": types.UpdatePostDocument,
    "\n  mutation SetPublication($id: ID!, $publishedAt: Time, $ifVersion: String) {\n    setPostPublication(id: $id, publishedAt: $publishedAt, ifVersion: $ifVersion) {\n      id\n      publicationState\n      publishedAt\n      updatedAt\n      version\n    }\n  }\n": types.SetPublicationDocument,
    "\n  mutation DeletePost($id: ID!, $ifVersion: String) {\n    deletePost(id: $id, ifVersion: $ifVersion)\n  }\n": types.DeletePostDocument,
    "\n  query Federation($userId: ID!, $first: Int, $after: String) {\n    pubFederation(userId: $userId) {\n      userId\n      available\n      enabled\n      handle\n      actorId\n      followerCount\n      reactions {\n        likes\n        announces\n      }\n      followers(first: $first, after: $after) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          hasPreviousPage\n          endCursor\n        }\n        edges {\n          cursor\n          node {\n            actor\n            inboxHost\n            followedAt\n          }\n        }\n      }\n    }\n  }\n": types.FederationDocument,
    "\n  mutation RemoveFollower($userId: ID!, $actor: String!) {\n    removePubFollower(userId: $userId, actor: $actor)\n  }\n": types.RemoveFollowerDocument,
    "\n  query SiteSettings($userId: ID!) {\n    pubConfig(userId: $userId) {\n      userId\n      siteName\n      subtitle\n      author\n      introduction\n      designTheme\n      showServiceHeader\n      showSiteName\n      showPagination\n      showSideProfile\n      showSideRecent\n      showSidePopular\n      extensions\n      timeZone\n      version\n      updatedAt\n    }\n  }\n": types.SiteSettingsDocument,
    "\n  mutation SaveSettings($userId: ID!, $input: PubConfigInput!, $ifVersion: String) {\n    updatePubConfig(userId: $userId, input: $input, ifVersion: $ifVersion) {\n      userId\n      siteName\n      subtitle\n      author\n      introduction\n      designTheme\n      showServiceHeader\n      showSiteName\n      showPagination\n      showSideProfile\n      showSideRecent\n      showSidePopular\n      extensions\n      timeZone\n      version\n      updatedAt\n    }\n  }\n": types.SaveSettingsDocument,
    "\n  query Webhooks {\n    webhooks {\n      id\n      url\n      events\n      secret\n      createdAt\n      deliveries(first: 10) {\n        id\n        event\n        postId\n        commentId\n        occurredAt\n        state\n        attempts\n        lastStatus\n        lastError\n        deliveredAt\n      }\n    }\n  }\n": types.WebhooksDocument,
    "\n  mutation CreateWebhook($input: WebhookInput!) {\n    createWebhook(input: $input) {\n      id\n    }\n  }\n": types.CreateWebhookDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n": types.DeleteWebhookDocument,
    "\n  query StatsPage($userId: ID!, $days: Int, $sort: PostStatsSort, $first: Int, $after: String, $last: Int, $before: String) {\n    pubStats(userId: $userId) {\n      days\n      updatedAt\n      totalPv\n      daily {\n        date\n        pv\n      }\n      postsPage(days: $days, sort: $sort, first: $first, after: $after, last: $last, before: $before) {\n        totalCount\n        maxPv\n        maxDayPv\n        pageInfo {\n          hasNextPage\n          hasPreviousPage\n          startCursor\n          endCursor\n        }\n        edges {\n          periodPv\n          node {\n            id\n            title\n            digest\n            publishedAt\n            dailyPv\n          }\n        }\n      }\n    }\n  }\n": types.StatsPageDocument,
    "\n  query PostStats($userId: ID!, $id: ID!) {\n    pubStats(userId: $userId) {\n      days\n      updatedAt\n      daily {\n        date\n        pv\n      }\n      post(id: $id) {\n        id\n        title\n        digest\n        daily {\n          date\n          pv\n        }\n      }\n    }\n  }\n": types.PostStatsDocument,
    "\n  query BotStats($userId: ID!, $days: Int!) {\n    pubBotStats(userId: $userId, days: $days) {\n      postId\n      title\n      total\n      crawls {\n        family\n        count\n      }\n      daily {\n        date\n        crawls {\n          family\n          count\n        }\n      }\n    }\n  }\n": types.BotStatsDocument,
    "\n  query ShareCounts($id: ID!) {\n    publishedPost(id: $id) {\n      id\n      shareCounts {\n        service\n        count\n      }\n    }\n  }\n": types.ShareCountsDocument,
    "\n  query FediverseCounts($id: ID!) {\n    publishedPost(id: $id) {\n      id\n      fediverseCounts {\n        likes\n        announces\n      }\n    }\n  }\n": types.FediverseCountsDocument,
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
export function graphql(source: "\n  query OwnerComments($userId: ID!, $status: PubCommentStatus, $order: PostOrder, $offset: Int, $limit: Int) {\n    ownerPubComments(userId: $userId, status: $status, order: $order, offset: $offset, limit: $limit) {\n      totalCount\n      items {\n        id\n        postId\n        postTitle\n        nickname\n        body\n        status\n        isAuthor\n        createdAt\n        viewerCanEdit\n        viewerCanModerate\n        version\n      }\n    }\n  }\n"): (typeof documents)["\n  query OwnerComments($userId: ID!, $status: PubCommentStatus, $order: PostOrder, $offset: Int, $limit: Int) {\n    ownerPubComments(userId: $userId, status: $status, order: $order, offset: $offset, limit: $limit) {\n      totalCount\n      items {\n        id\n        postId\n        postTitle\n        nickname\n        body\n        status\n        isAuthor\n        createdAt\n        viewerCanEdit\n        viewerCanModerate\n        version\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PostComments($postId: ID!, $page: Int) {\n    pubComments(postId: $postId, page: $page, order: OLDEST) {\n      totalCount\n      hasNextPage\n      items {\n        id\n        postId\n        postTitle\n        nickname\n        body\n        status\n        isAuthor\n        createdAt\n        viewerCanEdit\n        viewerCanModerate\n        version\n      }\n    }\n  }\n"): (typeof documents)["\n  query PostComments($postId: ID!, $page: Int) {\n    pubComments(postId: $postId, page: $page, order: OLDEST) {\n      totalCount\n      hasNextPage\n      items {\n        id\n        postId\n        postTitle\n        nickname\n        body\n        status\n        isAuthor\n        createdAt\n        viewerCanEdit\n        viewerCanModerate\n        version\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CommentNotifications {\n    pubCommentNotifications(unreadOnly: true, limit: 50) {\n      unreadCount\n      items {\n        id\n        postId\n        commentId\n        nickname\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query CommentNotifications {\n    pubCommentNotifications(unreadOnly: true, limit: 50) {\n      unreadCount\n      items {\n        id\n        postId\n        commentId\n        nickname\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveComment($id: ID!, $ifVersion: String) {\n    approvePubComment(id: $id, ifVersion: $ifVersion) {\n      id\n      status\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation ApproveComment($id: ID!, $ifVersion: String) {\n    approvePubComment(id: $id, ifVersion: $ifVersion) {\n      id\n      status\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EditComment($id: ID!, $body: String!, $ifVersion: String) {\n    editPubComment(id: $id, body: $body, ifVersion: $ifVersion) {\n      id\n      body\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation EditComment($id: ID!, $body: String!, $ifVersion: String) {\n    editPubComment(id: $id, body: $body, ifVersion: $ifVersion) {\n      id\n      body\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteComment($id: ID!, $ifVersion: String) {\n    deletePubComment(id: $id, ifVersion: $ifVersion)\n  }\n"): (typeof documents)["\n  mutation DeleteComment($id: ID!, $ifVersion: String) {\n    deletePubComment(id: $id, ifVersion: $ifVersion)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkNotificationsRead($ids: [ID!]) {\n    markPubCommentNotificationsRead(ids: $ids)\n  }\n"): (typeof documents)["\n  mutation MarkNotificationsRead($ids: [ID!]) {\n    markPubCommentNotificationsRead(ids: $ids)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveComments($items: [PubCommentRef!]!) {\n    approvePubComments(items: $items) {\n      id\n      ok\n      code\n    }\n  }\n"): (typeof documents)["\n  mutation ApproveComments($items: [PubCommentRef!]!) {\n    approvePubComments(items: $items) {\n      id\n      ok\n      code\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteComments($items: [PubCommentRef!]!) {\n    deletePubComments(items: $items) {\n      id\n      ok\n      code\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteComments($items: [PubCommentRef!]!) {\n    deletePubComments(items: $items) {\n      id\n      ok\n      code\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PubCommentNotificationLive {\n    pubCommentNotification {\n      id\n      postId\n      commentId\n    }\n  }\n"): (typeof documents)["\n  subscription PubCommentNotificationLive {\n    pubCommentNotification {\n      id\n      postId\n      commentId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PubViewsTodayLive($userId: ID!) {\n    pubViewsToday(userId: $userId) {\n      day\n      total\n    }\n  }\n"): (typeof documents)["\n  subscription PubViewsTodayLive($userId: ID!) {\n    pubViewsToday(userId: $userId) {\n      day\n      total\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      id\n      loginName\n      nickname\n      isAdmin\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      id\n      loginName\n      nickname\n      isAdmin\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($loginName: String!, $password: String!) {\n    login(loginName: $loginName, password: $password) {\n      me {\n        id\n        loginName\n        nickname\n        isAdmin\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Login($loginName: String!, $password: String!) {\n    login(loginName: $loginName, password: $password) {\n      me {\n        id\n        loginName\n        nickname\n        isAdmin\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SiteZone($userId: ID!) {\n    pubConfig(userId: $userId) {\n      userId\n      timeZone\n    }\n  }\n"): (typeof documents)["\n  query SiteZone($userId: ID!) {\n    pubConfig(userId: $userId) {\n      userId\n      timeZone\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyPosts($offset: Int!, $limit: Int!) {\n    myPosts(offset: $offset, limit: $limit) {\n      id\n      title\n      excerpt\n      publicationState\n      publishedAt\n      updatedAt\n      createdAt\n      version\n    }\n  }\n"): (typeof documents)["\n  query MyPosts($offset: Int!, $limit: Int!) {\n    myPosts(offset: $offset, limit: $limit) {\n      id\n      title\n      excerpt\n      publicationState\n      publishedAt\n      updatedAt\n      createdAt\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyPost($id: ID!) {\n    myPost(id: $id) {\n      id\n      ownerId\n      title\n      content\n      locale\n      tags\n      allowLikes\n      allowReplies\n      publicationState\n      publishedAt\n      updatedAt\n      createdAt\n      version\n    }\n  }\n"): (typeof documents)["\n  query MyPost($id: ID!) {\n    myPost(id: $id) {\n      id\n      ownerId\n      title\n      content\n      locale\n      tags\n      allowLikes\n      allowReplies\n      publicationState\n      publishedAt\n      updatedAt\n      createdAt\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PreviewMarkdown($content: String!, $vertical: Boolean) {\n    previewMarkdown(content: $content, vertical: $vertical) {\n      html\n      title\n      description\n      featuredImage\n    }\n  }\n"): (typeof documents)["\n  query PreviewMarkdown($content: String!, $vertical: Boolean) {\n    previewMarkdown(content: $content, vertical: $vertical) {\n      html\n      title\n      description\n      featuredImage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePost($input: PostInput!) {\n    createPost(input: $input) {\n      id\n      ownerId\n      title\n      content\n      locale\n      tags\n      allowLikes\n      allowReplies\n      publicationState\n      publishedAt\n      updatedAt\n      createdAt\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePost($input: PostInput!) {\n    createPost(input: $input) {\n      id\n      ownerId\n      title\n      content\n      locale\n      tags\n      allowLikes\n      allowReplies\n      publicationState\n      publishedAt\n      updatedAt\n      createdAt\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePost($id: ID!, $input: PostInput!, $ifVersion: String) {\n    updatePost(id: $id, input: $input, ifVersion: $ifVersion) {\n      id\n      ownerId\n      title\n      content\n      locale\n      tags\n      allowLikes\n      allowReplies\n      publicationState\n      publishedAt\n      updatedAt\n      createdAt\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePost($id: ID!, $input: PostInput!, $ifVersion: String) {\n    updatePost(id: $id, input: $input, ifVersion: $ifVersion) {\n      id\n      ownerId\n      title\n      content\n      locale\n      tags\n      allowLikes\n      allowReplies\n      publicationState\n      publishedAt\n      updatedAt\n      createdAt\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetPublication($id: ID!, $publishedAt: Time, $ifVersion: String) {\n    setPostPublication(id: $id, publishedAt: $publishedAt, ifVersion: $ifVersion) {\n      id\n      publicationState\n      publishedAt\n      updatedAt\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation SetPublication($id: ID!, $publishedAt: Time, $ifVersion: String) {\n    setPostPublication(id: $id, publishedAt: $publishedAt, ifVersion: $ifVersion) {\n      id\n      publicationState\n      publishedAt\n      updatedAt\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeletePost($id: ID!, $ifVersion: String) {\n    deletePost(id: $id, ifVersion: $ifVersion)\n  }\n"): (typeof documents)["\n  mutation DeletePost($id: ID!, $ifVersion: String) {\n    deletePost(id: $id, ifVersion: $ifVersion)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Federation($userId: ID!, $first: Int, $after: String) {\n    pubFederation(userId: $userId) {\n      userId\n      available\n      enabled\n      handle\n      actorId\n      followerCount\n      reactions {\n        likes\n        announces\n      }\n      followers(first: $first, after: $after) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          hasPreviousPage\n          endCursor\n        }\n        edges {\n          cursor\n          node {\n            actor\n            inboxHost\n            followedAt\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Federation($userId: ID!, $first: Int, $after: String) {\n    pubFederation(userId: $userId) {\n      userId\n      available\n      enabled\n      handle\n      actorId\n      followerCount\n      reactions {\n        likes\n        announces\n      }\n      followers(first: $first, after: $after) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          hasPreviousPage\n          endCursor\n        }\n        edges {\n          cursor\n          node {\n            actor\n            inboxHost\n            followedAt\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveFollower($userId: ID!, $actor: String!) {\n    removePubFollower(userId: $userId, actor: $actor)\n  }\n"): (typeof documents)["\n  mutation RemoveFollower($userId: ID!, $actor: String!) {\n    removePubFollower(userId: $userId, actor: $actor)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SiteSettings($userId: ID!) {\n    pubConfig(userId: $userId) {\n      userId\n      siteName\n      subtitle\n      author\n      introduction\n      designTheme\n      showServiceHeader\n      showSiteName\n      showPagination\n      showSideProfile\n      showSideRecent\n      showSidePopular\n      extensions\n      timeZone\n      version\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query SiteSettings($userId: ID!) {\n    pubConfig(userId: $userId) {\n      userId\n      siteName\n      subtitle\n      author\n      introduction\n      designTheme\n      showServiceHeader\n      showSiteName\n      showPagination\n      showSideProfile\n      showSideRecent\n      showSidePopular\n      extensions\n      timeZone\n      version\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveSettings($userId: ID!, $input: PubConfigInput!, $ifVersion: String) {\n    updatePubConfig(userId: $userId, input: $input, ifVersion: $ifVersion) {\n      userId\n      siteName\n      subtitle\n      author\n      introduction\n      designTheme\n      showServiceHeader\n      showSiteName\n      showPagination\n      showSideProfile\n      showSideRecent\n      showSidePopular\n      extensions\n      timeZone\n      version\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation SaveSettings($userId: ID!, $input: PubConfigInput!, $ifVersion: String) {\n    updatePubConfig(userId: $userId, input: $input, ifVersion: $ifVersion) {\n      userId\n      siteName\n      subtitle\n      author\n      introduction\n      designTheme\n      showServiceHeader\n      showSiteName\n      showPagination\n      showSideProfile\n      showSideRecent\n      showSidePopular\n      extensions\n      timeZone\n      version\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Webhooks {\n    webhooks {\n      id\n      url\n      events\n      secret\n      createdAt\n      deliveries(first: 10) {\n        id\n        event\n        postId\n        commentId\n        occurredAt\n        state\n        attempts\n        lastStatus\n        lastError\n        deliveredAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query Webhooks {\n    webhooks {\n      id\n      url\n      events\n      secret\n      createdAt\n      deliveries(first: 10) {\n        id\n        event\n        postId\n        commentId\n        occurredAt\n        state\n        attempts\n        lastStatus\n        lastError\n        deliveredAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhook($input: WebhookInput!) {\n    createWebhook(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWebhook($input: WebhookInput!) {\n    createWebhook(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StatsPage($userId: ID!, $days: Int, $sort: PostStatsSort, $first: Int, $after: String, $last: Int, $before: String) {\n    pubStats(userId: $userId) {\n      days\n      updatedAt\n      totalPv\n      daily {\n        date\n        pv\n      }\n      postsPage(days: $days, sort: $sort, first: $first, after: $after, last: $last, before: $before) {\n        totalCount\n        maxPv\n        maxDayPv\n        pageInfo {\n          hasNextPage\n          hasPreviousPage\n          startCursor\n          endCursor\n        }\n        edges {\n          periodPv\n          node {\n            id\n            title\n            digest\n            publishedAt\n            dailyPv\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query StatsPage($userId: ID!, $days: Int, $sort: PostStatsSort, $first: Int, $after: String, $last: Int, $before: String) {\n    pubStats(userId: $userId) {\n      days\n      updatedAt\n      totalPv\n      daily {\n        date\n        pv\n      }\n      postsPage(days: $days, sort: $sort, first: $first, after: $after, last: $last, before: $before) {\n        totalCount\n        maxPv\n        maxDayPv\n        pageInfo {\n          hasNextPage\n          hasPreviousPage\n          startCursor\n          endCursor\n        }\n        edges {\n          periodPv\n          node {\n            id\n            title\n            digest\n            publishedAt\n            dailyPv\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PostStats($userId: ID!, $id: ID!) {\n    pubStats(userId: $userId) {\n      days\n      updatedAt\n      daily {\n        date\n        pv\n      }\n      post(id: $id) {\n        id\n        title\n        digest\n        daily {\n          date\n          pv\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query PostStats($userId: ID!, $id: ID!) {\n    pubStats(userId: $userId) {\n      days\n      updatedAt\n      daily {\n        date\n        pv\n      }\n      post(id: $id) {\n        id\n        title\n        digest\n        daily {\n          date\n          pv\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BotStats($userId: ID!, $days: Int!) {\n    pubBotStats(userId: $userId, days: $days) {\n      postId\n      title\n      total\n      crawls {\n        family\n        count\n      }\n      daily {\n        date\n        crawls {\n          family\n          count\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query BotStats($userId: ID!, $days: Int!) {\n    pubBotStats(userId: $userId, days: $days) {\n      postId\n      title\n      total\n      crawls {\n        family\n        count\n      }\n      daily {\n        date\n        crawls {\n          family\n          count\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShareCounts($id: ID!) {\n    publishedPost(id: $id) {\n      id\n      shareCounts {\n        service\n        count\n      }\n    }\n  }\n"): (typeof documents)["\n  query ShareCounts($id: ID!) {\n    publishedPost(id: $id) {\n      id\n      shareCounts {\n        service\n        count\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FediverseCounts($id: ID!) {\n    publishedPost(id: $id) {\n      id\n      fediverseCounts {\n        likes\n        announces\n      }\n    }\n  }\n"): (typeof documents)["\n  query FediverseCounts($id: ID!) {\n    publishedPost(id: $id) {\n      id\n      fediverseCounts {\n        likes\n        announces\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;