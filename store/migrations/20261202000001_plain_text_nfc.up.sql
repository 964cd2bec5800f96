-- Search matches canonically equivalent text: plain_text (derived from
-- the Markdown, which stays as written) is kept in Unicode NFC, and
-- queries are normalized the same way (store/search.go).
UPDATE post_details SET plain_text = normalize(plain_text, NFC)
WHERE plain_text IS NOT NFC NORMALIZED;
