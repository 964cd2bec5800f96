// GraphQL operations of the sign-in flow (typed by graphql-codegen).
import { graphql } from "../gql";

export const MeQuery = graphql(`
  query Me {
    me {
      id
      loginName
      nickname
      isAdmin
    }
  }
`);

export const LoginMutation = graphql(`
  mutation Login($loginName: String!, $password: String!) {
    login(loginName: $loginName, password: $password) {
      me {
        id
        loginName
        nickname
        isAdmin
      }
    }
  }
`);

export const LogoutMutation = graphql(`
  mutation Logout {
    logout
  }
`);
