-- Login names are unique case-insensitively (auth lower-cases new ones).
CREATE UNIQUE INDEX idx_users_login_name_lower ON users (lower(login_name));
