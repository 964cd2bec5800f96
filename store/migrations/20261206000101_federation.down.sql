DROP TABLE IF EXISTS federation_hosts;

--bun:split

DROP TABLE IF EXISTS federation_deliveries;

--bun:split

DROP TABLE IF EXISTS federation_followers;

--bun:split

DROP TABLE IF EXISTS federation_keys;
