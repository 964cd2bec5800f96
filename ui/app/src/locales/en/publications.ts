// English text of the Publications app (namespace "publications"). The
// seed's names are kept: Stats, Settings, External publication, Publish
// this post, Popular entries, Recent posts.
export const publications = {
  title: "Publications",
  skip: "Skip to content",
  logout: "Log out",
  logoutDrafts: "You have unsaved drafts in this browser. Log out and discard them?",
  nav: { label: "Publications", stats: "Stats", posts: "Posts", comments: "Comments", settings: "Settings" },
  login: {
    heading: "Log in",
    name: "Login name",
    password: "Password",
    submit: "Log in",
    busy: "Logging in…",
    wrong: "The login name or password is wrong.",
  },
  notFound: { heading: "Page not found", back: "Go to Stats" },
};
