/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Order of publication lists: by (publishedAt, id). */
export type PostOrder =
  | 'NEWEST'
  | 'OLDEST';

export type PostPubCommentInput = {
  /** Owner and administrators only; omitted: the saved choice, else on for the owner. */
  asOwner?: boolean | null | undefined;
  body: string;
  captchaAnswer?: string | null | undefined;
  /** A challenge and its answer, when the reader has no usable pass. */
  captchaId?: string | null | undefined;
  nickname: string;
  postId: string;
};

/** Moderation state of an external comment: readers see PUBLISHED only. */
export type PubCommentStatus =
  | 'PENDING'
  | 'PUBLISHED';

export type PubCommentsQueryVariables = Exact<{
  postId: string;
  page: number;
  order: PostOrder;
}>;


export type PubCommentsQuery = { pubComments: { postId: string, page: number, pageSize: number, totalCount: number, publishedCount: number, hasNextPage: boolean, viewerCanModerate: boolean, items: Array<{ id: string, nickname: string, body: string, status: PubCommentStatus, isAuthor: boolean, createdAt: string, viewerCanEdit: boolean, viewerCanModerate: boolean, version: string }> } };

export type PubCommentFormStateQueryVariables = Exact<{
  postId: string;
}>;


export type PubCommentFormStateQuery = { pubCommentFormState: { open: boolean, newStatus: PubCommentStatus, captchaRequired: boolean, nickname: string, canPostAsOwner: boolean, asOwner: boolean, capReached: boolean, nicknameMaxChars: number, bodyMaxChars: number } };

export type CreateCaptchaChallengeMutationVariables = Exact<{
  language?: string | null | undefined;
}>;


export type CreateCaptchaChallengeMutation = { createCaptchaChallenge: { id: string, image: string, audio: string, width: number, height: number, digits: number } };

export type PostPubCommentMutationVariables = Exact<{
  input: PostPubCommentInput;
}>;


export type PostPubCommentMutation = { postPubComment: { id: string, status: PubCommentStatus } };

export type ApprovePubCommentMutationVariables = Exact<{
  id: string;
  ifVersion?: string | null | undefined;
}>;


export type ApprovePubCommentMutation = { approvePubComment: { id: string, status: PubCommentStatus } };

export type EditPubCommentMutationVariables = Exact<{
  id: string;
  nickname?: string | null | undefined;
  body: string;
  ifVersion?: string | null | undefined;
}>;


export type EditPubCommentMutation = { editPubComment: { id: string, nickname: string, body: string } };

export type DeletePubCommentMutationVariables = Exact<{
  id: string;
  ifVersion?: string | null | undefined;
}>;


export type DeletePubCommentMutation = { deletePubComment: boolean };

export type PubCommentAddedSubscriptionVariables = Exact<{
  postId: string;
}>;


export type PubCommentAddedSubscription = { pubCommentAdded: { id: string, status: PubCommentStatus } };


export const PubCommentsDocument = {"__meta__":{"hash":"9d639bd4f8ad9aa6c615726507a2bcb16495ef4f23addeced2f9521b5890ce4f"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PubComments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"postId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"order"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PostOrder"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pubComments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"postId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"postId"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"order"},"value":{"kind":"Variable","name":{"kind":"Name","value":"order"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"postId"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"pageSize"}},{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"publishedCount"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"viewerCanModerate"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"nickname"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isAuthor"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"viewerCanEdit"}},{"kind":"Field","name":{"kind":"Name","value":"viewerCanModerate"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]}}]} as unknown as DocumentNode<PubCommentsQuery, PubCommentsQueryVariables>;
export const PubCommentFormStateDocument = {"__meta__":{"hash":"ac7e363a772612b4d7a6e00152175e9ead2bba87b8dae9e991871dcf1ed5d5c4"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PubCommentFormState"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"postId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pubCommentFormState"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"postId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"postId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"open"}},{"kind":"Field","name":{"kind":"Name","value":"newStatus"}},{"kind":"Field","name":{"kind":"Name","value":"captchaRequired"}},{"kind":"Field","name":{"kind":"Name","value":"nickname"}},{"kind":"Field","name":{"kind":"Name","value":"canPostAsOwner"}},{"kind":"Field","name":{"kind":"Name","value":"asOwner"}},{"kind":"Field","name":{"kind":"Name","value":"capReached"}},{"kind":"Field","name":{"kind":"Name","value":"nicknameMaxChars"}},{"kind":"Field","name":{"kind":"Name","value":"bodyMaxChars"}}]}}]}}]} as unknown as DocumentNode<PubCommentFormStateQuery, PubCommentFormStateQueryVariables>;
export const CreateCaptchaChallengeDocument = {"__meta__":{"hash":"623e2921b697aa6cefcda41868ecd396b93bab8ba2037538dc53348c9f5c16ff"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateCaptchaChallenge"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"language"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCaptchaChallenge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"audio"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"language"},"value":{"kind":"Variable","name":{"kind":"Name","value":"language"}}}]},{"kind":"Field","name":{"kind":"Name","value":"width"}},{"kind":"Field","name":{"kind":"Name","value":"height"}},{"kind":"Field","name":{"kind":"Name","value":"digits"}}]}}]}}]} as unknown as DocumentNode<CreateCaptchaChallengeMutation, CreateCaptchaChallengeMutationVariables>;
export const PostPubCommentDocument = {"__meta__":{"hash":"77d91ef3310c965a58688a1975116291c401df7beb484e8e62e262a96be09ab2"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PostPubComment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PostPubCommentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"postPubComment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<PostPubCommentMutation, PostPubCommentMutationVariables>;
export const ApprovePubCommentDocument = {"__meta__":{"hash":"c0fcae1be3b17380ea9f540b976acfc7bc60f616ce72f38a95abc762ea00d032"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ApprovePubComment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"approvePubComment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"ifVersion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<ApprovePubCommentMutation, ApprovePubCommentMutationVariables>;
export const EditPubCommentDocument = {"__meta__":{"hash":"a343569cf6b7ae21fb76f7836f26aee8356965ffde49de9afc727f8daebe4a02"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"EditPubComment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"nickname"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"body"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"editPubComment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"nickname"},"value":{"kind":"Variable","name":{"kind":"Name","value":"nickname"}}},{"kind":"Argument","name":{"kind":"Name","value":"body"},"value":{"kind":"Variable","name":{"kind":"Name","value":"body"}}},{"kind":"Argument","name":{"kind":"Name","value":"ifVersion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"nickname"}},{"kind":"Field","name":{"kind":"Name","value":"body"}}]}}]}}]} as unknown as DocumentNode<EditPubCommentMutation, EditPubCommentMutationVariables>;
export const DeletePubCommentDocument = {"__meta__":{"hash":"16e304ff370e304143ca96c605ea7861611982c18a3b588ba80e835792dd8b3a"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeletePubComment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deletePubComment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"ifVersion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ifVersion"}}}]}]}}]} as unknown as DocumentNode<DeletePubCommentMutation, DeletePubCommentMutationVariables>;
export const PubCommentAddedDocument = {"__meta__":{"hash":"c37387e65a616c1d388ac29a48d85de2082f91c3a208afdf21f9f2e0318720ef"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"PubCommentAdded"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"postId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pubCommentAdded"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"postId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"postId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<PubCommentAddedSubscription, PubCommentAddedSubscriptionVariables>;