// Japanese text shared by every entry point (namespace "common"); same keys as en/common.ts.
import type { common as en } from "../en/common";

export const common: typeof en = {
  language: "言語",
  langName: { en: "English", ja: "日本語" },
  retry: "再試行",
  loading: "読み込み中…",
  wait: {
    seconds_one: "約{{count}}秒",
    seconds_other: "約{{count}}秒",
    minutes_one: "約{{count}}分",
    minutes_other: "約{{count}}分",
    hours_one: "約{{count}}時間",
    hours_other: "約{{count}}時間",
  },
  errors: {
    network: "サーバーに接続できません。接続を確認してから、もう一度お試しください。",
    unauthenticated: "セッションが終了しました。もう一度ログインしてください。",
    forbidden: "このアカウントではこの操作はできません。",
    originMismatch: "このページのアドレス（{{origin}}）がサーバーに設定されたベースURL（{{baseUrl}}）と一致しないため、ここではログインできません。{{open}} を開いてください。",
    notFound: "この項目はもう存在しません。",
    rateLimited: "試行回数が多すぎます。しばらく待ってから、もう一度お試しください。",
    rateLimitedWait: "試行回数が多すぎます。{{wait}}後に、もう一度お試しください。",
    // The server explains refused input in English: not shown here.
    serverText: "hide",
    conflict: "ほかの場所で変更されました。再読み込みしてから、もう一度お試しください。",
    badInput: "受け付けられない入力があります。項目を確認して、もう一度お試しください。",
    badInputWith: "受け付けられませんでした: {{message}}",
    internal: "サーバーで問題が発生しました。しばらくしてから、もう一度お試しください。",
  },
};
