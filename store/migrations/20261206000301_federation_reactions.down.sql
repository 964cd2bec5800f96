DROP INDEX IF EXISTS federation_followers_page;

--bun:split

DROP TABLE IF EXISTS federation_reactions;
