-- An archived post's body and plain text (RestoreSite), written only when
-- they differ. $1 post, $2 Markdown, $3 plain text (NFC).
INSERT INTO post_details (post_id, content, plain_text) VALUES ($1, $2, $3)
ON CONFLICT (post_id) DO UPDATE SET content = EXCLUDED.content, plain_text = EXCLUDED.plain_text
WHERE (post_details.content, post_details.plain_text) IS DISTINCT FROM (EXCLUDED.content, EXCLUDED.plain_text)
RETURNING post_id
