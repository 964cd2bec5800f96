-- Stores a post's derived fields (SaveDerived): $1 post ID, $2 featured
-- image, $3 its alt text, $4 reading minutes, $5 rule version, $6 the
-- updated_at the body was read with (an edit since then wins: nothing is
-- written). Returns the owner and whether any shown value changed.
WITH old AS (
  SELECT id, featured_image, featured_image_alt, reading_minutes FROM posts
  WHERE id = $1 AND updated_at IS NOT DISTINCT FROM $6::timestamptz FOR UPDATE
)
UPDATE posts p SET featured_image = $2, featured_image_alt = $3, reading_minutes = $4, derived_version = $5
FROM old WHERE p.id = old.id
RETURNING p.owned_by,
  (old.featured_image, old.featured_image_alt, old.reading_minutes) IS DISTINCT FROM ($2::text, $3::text, $4::integer) AS changed
