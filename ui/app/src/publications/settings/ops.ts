// GraphQL operations of the Settings view.
import { graphql } from "../../gql";

export const SettingsQuery = graphql(`
  query SiteSettings($userId: ID!) {
    pubConfig(userId: $userId) {
      userId
      siteName
      subtitle
      author
      introduction
      designTheme
      showServiceHeader
      showSiteName
      showPagination
      showSideProfile
      showSideRecent
      showSidePopular
      extensions
      timeZone
    }
  }
`);

export const SaveSettingsMutation = graphql(`
  mutation SaveSettings($userId: ID!, $input: PubConfigInput!) {
    updatePubConfig(userId: $userId, input: $input) {
      userId
      siteName
      subtitle
      author
      introduction
      designTheme
      showServiceHeader
      showSiteName
      showPagination
      showSideProfile
      showSideRecent
      showSidePopular
      extensions
      timeZone
    }
  }
`);
