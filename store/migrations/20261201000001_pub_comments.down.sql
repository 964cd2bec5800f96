DROP TABLE IF EXISTS pub_comment_notifications;

--bun:split

DROP TABLE IF EXISTS post_pub_comments;
