package auth

import (
	"fmt"
	"unicode/utf8"

	"github.com/alexedwards/argon2id"

	"github.com/stgy/stgypub"
)

// Password length limits, in Unicode code points.
const (
	PasswordMinChars = 8
	PasswordMaxChars = 256
)

// params are argon2id's RFC 9106 second recommended settings (64 MiB,
// 1 pass) with 2 lanes.
var params = &argon2id.Params{Memory: 64 * 1024, Iterations: 1, Parallelism: 2, SaltLength: 16, KeyLength: 32}

// HashPassword returns the argon2id encoded hash of pw
// ($argon2id$v=19$m=65536,t=1,p=2$salt$key). It fails with BAD_USER_INPUT
// when pw is not valid UTF-8 or is outside PasswordMinChars-PasswordMaxChars.
func HashPassword(pw string) (string, error) {
	if !utf8.ValidString(pw) {
		return "", stgypub.Errorf(stgypub.CodeBadUserInput, "password is not valid UTF-8")
	}
	if n := utf8.RuneCountInString(pw); n < PasswordMinChars || n > PasswordMaxChars {
		return "", stgypub.Errorf(stgypub.CodeBadUserInput, "password must be %d-%d characters", PasswordMinChars, PasswordMaxChars)
	}
	h, err := argon2id.CreateHash(pw, params)
	if err != nil {
		return "", fmt.Errorf("auth: hash password: %w", err)
	}
	return h, nil
}

// CheckPassword reports whether pw matches the encoded hash (constant
// time). An empty or malformed hash never matches.
func CheckPassword(hash, pw string) bool {
	if hash == "" || len(pw) > 4*PasswordMaxChars {
		return false
	}
	ok, err := argon2id.ComparePasswordAndHash(pw, hash)
	return err == nil && ok
}
