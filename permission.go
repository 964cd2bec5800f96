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

// RequireSelfOrAdmin is the one rule for acting on a user's behalf
// (their posts, settings, profile and Stats): the viewer must be that
// user or an administrator. UNAUTHENTICATED when anonymous, FORBIDDEN
// otherwise.
func RequireSelfOrAdmin(viewer *User, userID ID) error {
	if err := RequireLogin(viewer); err != nil {
		return err
	}
	if viewer.ID != userID && !viewer.IsAdmin {
		return Errorf(CodeForbidden, "only the owner or an administrator may do this")
	}
	return nil
}
