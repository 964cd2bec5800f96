// Package auth authenticates STGY Pub owners (docs/ARCHITECTURE.md "Security
// model"): argon2id password hashes, login sessions held in an HttpOnly
// SameSite=Lax cookie (only the SHA-256 of its 32-byte random token is
// stored), bearer API tokens stored the same way, and the viewer carried in a
// request's context. It also offers the account functions the stgy-pub CLI
// needs (CreateUser, SetPassword, MakeAdmin).
package auth
