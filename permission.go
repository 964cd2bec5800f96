package stgypub

// The permission rules every adapter applies (docs/SPEC.md#permissions).
// viewer is the authenticated user of the request, nil when anonymous.

// RequireLogin returns UNAUTHENTICATED when viewer is nil.
func RequireLogin(viewer *User) error {
	if viewer == nil {
		return Errorf(CodeUnauthenticated, "login required")
	}
	return nil
}

// CanActFor is the one rule for acting on a user's behalf (their posts,
// settings, profile, Stats and the moderation of their comments): the
// viewer is that user or an administrator. Anonymous viewers cannot.
func CanActFor(viewer *User, userID ID) bool {
	return viewer != nil && (viewer.ID == userID || viewer.IsAdmin)
}

// RequireSelfOrAdmin is CanActFor as an error: UNAUTHENTICATED when
// anonymous, FORBIDDEN for another user who is not an administrator.
func RequireSelfOrAdmin(viewer *User, userID ID) error {
	if err := RequireLogin(viewer); err != nil {
		return err
	}
	if !CanActFor(viewer, userID) {
		return Errorf(CodeForbidden, "only the owner or an administrator may do this")
	}
	return nil
}

// RequireAdmin is the rule for what only an administrator may do
// (restoring a site archive over HTTP): UNAUTHENTICATED when anonymous,
// FORBIDDEN for a user who is not an administrator.
func RequireAdmin(viewer *User) error {
	if err := RequireLogin(viewer); err != nil {
		return err
	}
	if !viewer.IsAdmin {
		return Errorf(CodeForbidden, "only an administrator may do this")
	}
	return nil
}
