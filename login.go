package stgypub

import (
	"regexp"
	"strings"
)

var loginNameRE = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,50}$`)

// CheckLoginName returns BAD_USER_INPUT unless s is 1-50 of [A-Za-z0-9_.-]
// (User.LoginName): the one rule of account creation, login and the
// site archive's owner and -as login.
func CheckLoginName(s string) error {
	if !loginNameRE.MatchString(s) {
		return Errorf(CodeBadUserInput, "login name must be 1-50 letters, digits, '_', '.' or '-'")
	}
	return nil
}

// NormalizeLoginName lower-cases a login name: login names are stored in
// lower case and matched case-insensitively ("Alice" logs in as "alice"
// and cannot be created beside it).
func NormalizeLoginName(s string) string { return strings.ToLower(s) }
