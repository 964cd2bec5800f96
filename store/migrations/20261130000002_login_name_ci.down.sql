DROP INDEX IF EXISTS idx_users_login_name_lower;
