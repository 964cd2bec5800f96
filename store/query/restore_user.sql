-- A restored account (RestoreSite): the archived owner ID $1 when no user
-- has it, else the new ID $2; no password (set one with stgy-pub user
-- set-password). $3 login name, $4 nickname, $5 introduction, $6 now.
INSERT INTO users (id, login_name, nickname, introduction, updated_at)
SELECT CASE WHEN EXISTS (SELECT 1 FROM users WHERE id = $1) THEN $2 ELSE $1 END, $3, $4, $5, $6
RETURNING id
