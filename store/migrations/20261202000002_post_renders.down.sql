DROP TABLE IF EXISTS post_renders;
