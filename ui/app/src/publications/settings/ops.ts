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
      version
      updatedAt
    }
  }
`);

export const SaveSettingsMutation = graphql(`
  mutation SaveSettings($userId: ID!, $input: PubConfigInput!, $ifVersion: String) {
    updatePubConfig(userId: $userId, input: $input, ifVersion: $ifVersion) {
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
      version
      updatedAt
    }
  }
`);
