// Package archive writes and reads a STGY Pub site archive: one gzip'd tar
// holding everything of one owner's site that a restore needs
// (docs/ARCHIVE.md): the owner's profile, the site settings
// (user_pub_configs with its extensions), every post as Markdown with
// front matter, every comment of every status, and the view history
// (daily counts and checkpoints).
//
// Layout, in this order (manifest.json first, so a foreign file is refused
// before anything else is read):
//
//	manifest.json            format, version, owner, counts
//	owner.json               profile: ID, login name, nickname, introduction
//	settings.json            the settings row (absent: the site has none)
//	posts/{postId}.md        front matter (YAML) + the Markdown body as stored
//	comments/{postId}.json   the post's comments, exportPubComments' shape
//	views/daily.csv          postId,date,count: the daily counters (Redis)
//	views/checkpoints.csv    postId,date,count: the checkpoints (PostgreSQL)
//
// Read validates a whole archive in memory, within a size limit, before a
// caller writes anything; every refusal is BAD_USER_INPUT naming the file.
package archive
