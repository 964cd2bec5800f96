DROP TABLE IF EXISTS federation_comments;
