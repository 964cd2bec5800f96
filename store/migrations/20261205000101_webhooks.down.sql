DROP INDEX IF EXISTS posts_published_at;

--bun:split

DROP TABLE IF EXISTS post_webhook_marks;

--bun:split

DROP TABLE IF EXISTS webhook_deliveries;

--bun:split

DROP TABLE IF EXISTS webhooks;
