package stgypub

// MergePatch applies patch to e as a JSON Merge Patch (RFC 7396, section
// 2): a key present in patch replaces the stored value, a null deletes
// the key, a key absent from patch is kept, an object value is merged
// into the stored object of that key recursively, and any other value
// (arrays included) replaces the stored one whole. The merged object is
// validated with NewExtensions, so a patch that makes the whole invalid
// is BAD_USER_INPUT naming the field path ("extensions.comments.mode").
// e is not changed; a nil patch returns e. docs/API.md "Settings updates".
func (e Extensions) MergePatch(patch map[string]any) (Extensions, error) {
	if patch == nil {
		return e, nil
	}
	merged, _ := mergePatch(e.Object(), patch).(map[string]any)
	return NewExtensions(merged)
}

// mergePatch is RFC 7396's MergePatch(Target, Patch); target is a fresh
// decoded copy and may be changed in place.
func mergePatch(target any, patch any) any {
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	t, ok := target.(map[string]any)
	if !ok {
		t = map[string]any{}
	}
	for k, v := range p {
		if v == nil {
			delete(t, k)
			continue
		}
		t[k] = mergePatch(t[k], v)
	}
	return t
}
