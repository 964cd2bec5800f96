package auth

import (
	"context"
	"fmt"

	"github.com/stgy/stgypub"
)

// userByLogin looks up the normalized login name; an account stored with
// upper-case letters before names were normalized is still found by its
// exact name.
func userByLogin(ctx context.Context, st stgypub.AccountStore, loginName string) (*stgypub.User, error) {
	norm := stgypub.NormalizeLoginName(loginName)
	u, err := st.UserByLogin(ctx, norm)
	if stgypub.IsNotFound(err) && norm != loginName {
		return st.UserByLogin(ctx, loginName)
	}
	return u, err
}

// CreateUser creates an account with an argon2id password hash (for
// `stgy-pub user create`); the login name is stored in lower case
// (NormalizeLoginName), the nickname as stgypub.NormalizeNickname gives
// it. Errors: BAD_USER_INPUT for a bad login name, nickname (1-50
// characters) or password; CONFLICT when the login name is
// taken, in any case.
func CreateUser(ctx context.Context, st stgypub.AccountStore, loginName, nickname, password string) (*stgypub.User, error) {
	if err := stgypub.CheckLoginName(loginName); err != nil {
		return nil, err
	}
	given := loginName
	loginName = stgypub.NormalizeLoginName(loginName)
	if _, err := userByLogin(ctx, st, given); err == nil {
		return nil, stgypub.Errorf(stgypub.CodeConflict, "login name %s is taken", loginName)
	} else if !stgypub.IsNotFound(err) {
		return nil, fmt.Errorf("auth: create user %s: %w", loginName, err)
	}
	// NUL and invalid UTF-8 are refused as typed (the normalization would
	// drop them silently), then the one nickname rule applies.
	if err := stgypub.CheckText("nickname", nickname, len(nickname)); err != nil {
		return nil, err
	}
	nickname = stgypub.NormalizeNickname(nickname)
	if stgypub.IsBlank(nickname) { // "", or only invisible characters
		return nil, stgypub.FieldErrorf("nickname", "nickname must not be empty (white space and invisible characters do not count)")
	}
	if err := stgypub.CheckText("nickname", nickname, 50); err != nil {
		return nil, err
	}
	hash, err := HashPassword(password)
	if err != nil {
		return nil, err
	}
	u := &stgypub.User{LoginName: loginName, Nickname: nickname, PasswordHash: hash}
	if err := st.CreateUser(ctx, u); err != nil {
		return nil, fmt.Errorf("auth: create user %s: %w", loginName, err)
	}
	return u, nil
}

// SetPassword replaces the password of the user with that login name, in
// any case (for `stgy-pub user set-password`); NOT_FOUND for an unknown login name,
// BAD_USER_INPUT for a bad password.
func SetPassword(ctx context.Context, st stgypub.AccountStore, loginName, password string) error {
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	u, err := userByLogin(ctx, st, loginName)
	if err != nil {
		return fmt.Errorf("auth: set password of %s: %w", loginName, err)
	}
	if err := st.SetPasswordHash(ctx, u.ID, hash); err != nil {
		return fmt.Errorf("auth: set password of %s: %w", loginName, err)
	}
	return nil
}

// MakeAdmin sets (admin true) or clears the admin flag of the user with
// that login name, in any case (for `stgy-pub user make-admin`); NOT_FOUND for an
// unknown login name.
func MakeAdmin(ctx context.Context, st stgypub.AccountStore, loginName string, admin bool) error {
	u, err := userByLogin(ctx, st, loginName)
	if err != nil {
		return fmt.Errorf("auth: make admin %s: %w", loginName, err)
	}
	if err := st.SetAdmin(ctx, u.ID, admin); err != nil {
		return fmt.Errorf("auth: make admin %s: %w", loginName, err)
	}
	return nil
}
