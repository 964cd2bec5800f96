// Settings › Site archive (docs/ARCHIVE.md): an owner downloads the site
// archive, with the bytes received announced while it streams, and gets
// no Restore; an administrator restores that archive (nothing changed:
// the site already holds it), and the refusals of a foreign file and of
// a login whose posts belong to another account are shown as the server
// words them. Nothing here writes to the demo data. axe on the section,
// for the owner and the admin.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { axe, launch, open, withPage } from "./lib.mjs";

/** watchStatus records every text the archive section's live regions show, from now on. */
async function watchStatus(page) {
  await page.evaluate(() => {
    window.__archiveStatus = [];
    const section = document.querySelector("section.archive");
    new MutationObserver(() => {
      for (const el of section.querySelectorAll('[aria-live="polite"]')) window.__archiveStatus.push(el.textContent);
      if (section.querySelector("progress")) window.__archiveStatus.push("<progress>");
    }).observe(section, { subtree: true, childList: true, characterData: true });
  });
}

describe("site archive in Settings", () => {
  let browser;
  let archive;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("an owner downloads the archive with its progress announced, and has no Restore", async () => {
    await withPage(browser, { user: "mix" }, "archive-owner", async (page) => {
      await open(page, "/publications/settings");
      const section = page.getByRole("region", { name: "Site archive" });
      await section.waitFor();
      assert.equal(await section.getByRole("button", { name: "Restore" }).count(), 0, "Restore is for administrators");
      await watchStatus(page);
      const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("button", { name: "Download archive" }).click()]);
      assert.match(download.suggestedFilename(), /^stgy-pub-mix-\d{4}-\d{2}-\d{2}\.tgz$/);
      const file = path.join(process.env.STGY_E2E_WORK || "/tmp", "mix-archive.tgz");
      await download.saveAs(file);
      archive = fs.readFileSync(file);
      assert.ok(archive.length > 100 && archive[0] === 0x1f && archive[1] === 0x8b, "a gzip file");
      const status = section.getByRole("status").first();
      await status.getByText(/^Downloaded stgy-pub-mix-.*\.tgz \(.+\)\.$/).waitFor();
      const seen = await page.evaluate(() => window.__archiveStatus);
      assert.ok(seen.some((s) => / received$/.test(s)), "bytes received announced while downloading: " + JSON.stringify(seen));
      assert.ok(seen.includes("<progress>"), "a progress indicator while downloading");
      await axe(page, "archive section (owner)");
    });
  });

  test("an administrator's Restore: the same archive changes nothing; a foreign file and a taken site are refused by name", async () => {
    assert.ok(archive, "the owner's download ran first");
    const dir = process.env.STGY_E2E_WORK || "/tmp";
    const good = path.join(dir, "restore-mix.tgz");
    const foreign = path.join(dir, "restore-foreign.tgz");
    fs.writeFileSync(good, archive);
    fs.writeFileSync(foreign, "id,title\n1,hello\n");
    await withPage(browser, { user: "hanako" }, "archive-admin", async (page) => {
      await open(page, "/publications/settings");
      const form = page.locator("form.archive-restore");
      await form.waitFor();
      const restore = form.getByRole("button", { name: "Restore" });

      await restore.click();
      await form.getByRole("alert").getByText("Choose an archive file first.").waitFor();

      await form.getByLabel("Archive file (.tgz)").setInputFiles(good);
      await restore.click();
      await form.getByRole("status").getByText("Nothing changed: mix already holds this archive.").waitFor();
      await form.getByText("nothing changed (already imported)").waitFor();
      assert.match(await form.getByRole("link", { name: "Open the restored site" }).getAttribute("href"), /\/sites\/[0-9A-F]{16}$/);

      await form.getByLabel("Archive file (.tgz)").setInputFiles(foreign);
      await restore.click();
      await form.getByRole("alert").getByText(/^archive refused: not a STGY Pub site archive \(not a gzip file\)$/).waitFor();

      await form.getByLabel("Archive file (.tgz)").setInputFiles(good);
      await form.getByLabel("New login (optional)").fill("mix-copy");
      await restore.click();
      await form.getByRole("alert").getByText(/^post [0-9A-F]{16} belongs to another account \([0-9A-F]{16}\); nothing was imported$/).waitFor();
      await axe(page, "archive section (admin)");
    });
  });
});
