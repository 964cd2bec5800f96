// GraphQL operations of the Settings view's Webhooks section (docs/WEBHOOKS.md).
import { graphql } from "../../gql";

export const WebhooksQuery = graphql(`
  query Webhooks {
    webhooks {
      id
      url
      events
      secret
      createdAt
      deliveries(first: 10) {
        id
        event
        postId
        commentId
        occurredAt
        state
        attempts
        lastStatus
        lastError
        deliveredAt
      }
    }
  }
`);

export const CreateWebhookMutation = graphql(`
  mutation CreateWebhook($input: WebhookInput!) {
    createWebhook(input: $input) {
      id
    }
  }
`);

export const DeleteWebhookMutation = graphql(`
  mutation DeleteWebhook($id: ID!) {
    deleteWebhook(id: $id)
  }
`);
