-- The published neighbours of many posts in one statement
-- (AdjacentPublishedMany): for each post k (arrays $1 IDs, $2 owners, $3
-- published_at, in order), the owner's published post just before (older)
-- and just after (newer) it in (published_at, id) order, as
-- adjacent_published.sql finds them for one; ord is k's position from 1.
-- $4 now.
SELECT k.ord, a.*
FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[]) WITH ORDINALITY AS k(id, owner, at, ord)
CROSS JOIN LATERAL (
  (SELECT p.id, p.owned_by, p.reply_to, p.published_at, p.updated_at,
      p.snippet, p.locale, p.allow_likes, p.allow_replies, 'older' AS side
    FROM posts p
    WHERE p.owned_by = k.owner AND p.published_at <= $4 AND (p.published_at, p.id) < (k.at, k.id)
    ORDER BY p.published_at DESC, p.id DESC LIMIT 1)
  UNION ALL
  (SELECT p.id, p.owned_by, p.reply_to, p.published_at, p.updated_at,
      p.snippet, p.locale, p.allow_likes, p.allow_replies, 'newer' AS side
    FROM posts p
    WHERE p.owned_by = k.owner AND p.published_at <= $4 AND (p.published_at, p.id) > (k.at, k.id)
    ORDER BY p.published_at ASC, p.id ASC LIMIT 1)
) a
