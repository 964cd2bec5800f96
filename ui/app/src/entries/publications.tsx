// Entry point of the owners' Publications app (GET /publications/...):
// mounts on #app, which the server's shell renders with data-base.
import { mount } from "../lib/mount";
import { App } from "../publications/App";
import { publications as en } from "../locales/en/publications";
import { publications as ja } from "../locales/ja/publications";
import "../publications/publications.css";

mount({
  selector: "#app",
  resources: { en: { publications: en }, ja: { publications: ja } },
  ownsDocument: true,
  root: App,
});
