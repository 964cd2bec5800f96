package stgypub

import "testing"

func TestRequireSelfOrAdmin(t *testing.T) {
	alice := &User{ID: 1, LoginName: "alice"}
	bob := &User{ID: 2, LoginName: "bob"}
	admin := &User{ID: 3, LoginName: "root", IsAdmin: true}
	tests := []struct {
		name   string
		viewer *User
		target ID
		want   string // error code, "" for allowed
	}{
		{"anonymous", nil, 1, CodeUnauthenticated},
		{"self", alice, 1, ""},
		{"someone else", bob, 1, CodeForbidden},
		{"admin for another user", admin, 1, ""},
		{"admin for themself", admin, 3, ""},
		{"unknown target", alice, 99, CodeForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ErrorCode(RequireSelfOrAdmin(tt.viewer, tt.target)); got != tt.want {
				t.Errorf("code %q, want %q", got, tt.want)
			}
			if got := CanActFor(tt.viewer, tt.target); got != (tt.want == "") {
				t.Errorf("CanActFor = %v", got)
			}
			p := &Post{ID: 7, OwnedBy: tt.target}
			if got := CanModerateComments(tt.viewer, p); got != (tt.want == "") {
				t.Errorf("CanModerateComments = %v", got)
			}
		})
	}
	if ErrorCode(RequireLogin(nil)) != CodeUnauthenticated || RequireLogin(alice) != nil {
		t.Error("RequireLogin")
	}
}
