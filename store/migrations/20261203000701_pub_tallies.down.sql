DROP TABLE IF EXISTS post_pub_tallies;
