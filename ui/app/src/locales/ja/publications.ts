// Japanese text of the Publications app; same keys as en/publications.ts.
import type { publications as en } from "../en/publications";

export const publications: typeof en = {
  title: "パブリケーション",
  skip: "本文へスキップ",
  logout: "ログアウト",
  logoutDrafts: "このブラウザに保存されていない下書きがあります。破棄してログアウトしますか?",
  nav: { label: "パブリケーション", stats: "統計", posts: "投稿", comments: "コメント", settings: "設定" },
  login: {
    heading: "ログイン",
    name: "ログイン名",
    password: "パスワード",
    submit: "ログイン",
    busy: "ログイン中…",
    wrong: "ログイン名またはパスワードが違います。",
  },
  notFound: { heading: "ページが見つかりません", back: "統計へ" },
};
