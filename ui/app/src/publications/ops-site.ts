// GraphQL operation of the site the app manages: its one time zone, which
// every date and time the app shows or takes is in (typed by
// graphql-codegen).
import { graphql } from "../gql";

export const SiteZoneQuery = graphql(`
  query SiteZone($userId: ID!) {
    pubConfig(userId: $userId) {
      userId
      timeZone
    }
  }
`);
