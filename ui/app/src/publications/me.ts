// The signed-in owner as the session's Me query returns it: the one type
// App and the views it renders share, in a module of its own so that no
// view imports App (which imports the views).
import type { MeQuery as MeResult } from "../gql/graphql";

export type Me = NonNullable<MeResult["me"]>;
