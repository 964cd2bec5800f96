// Japanese text of the readers' comment widget; same keys as en/comments.ts.
import type { comments as en } from "../en/comments";

export const comments: typeof en = {
  write: "コメントを書く",
  none: "まだコメントはありません。",
  emptyPage: "このページにコメントはありません。",
  listLabel_one: "コメント {{count}} 件",
  listLabel_other: "コメント {{count}} 件",
  posted: {
    published: "コメントを投稿しました。",
    pending: "ありがとうございます。著者が承認するとコメントが表示されます。",
  },
  order: { label: "並び順", newest: "新しい順", oldest: "古い順" },
  pager: { label: "コメントのページ", prev: "前のページ", next: "次のページ", status: "{{pages}} ページ中 {{page}} ページ目" },
  badge: { owner: "著者", pending: "承認待ち" },
  action: {
    approve: "承認",
    edit: "編集",
    delete: "削除",
    confirmDelete: "このコメントを削除しますか?",
    deleteYes: "削除する",
  },
  edit: { label: "コメントの編集", save: "保存", cancel: "キャンセル" },
  form: {
    heading: "コメントを書く",
    moderated: "コメントは著者の承認後に表示されます。",
    nickname: "ニックネーム",
    nicknameHint: "コメントと一緒に表示されます。{{max}} 文字まで。",
    asOwner: "著者として投稿",
    body: "コメント",
    post: "コメントを投稿",
    posting: "投稿中…",
    exceeding: "文字数の上限を超えています",
    closed: "この記事のコメントは受け付けていません。",
    full: "この記事のコメント数は上限に達しました。",
  },
  captcha: {
    legend: "確認のため数字を入力してください",
    alt: "入力する {{digits}} 桁の数字",
    new: "別の画像",
    answer: "画像の {{digits}} 桁の数字を入力",
    again: "新しい画像の数字を入力してください。",
  },
};
