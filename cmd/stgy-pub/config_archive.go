package main

import (
	"fmt"
	"os"

	"github.com/stgy/stgypub/archive"
)

// loadArchiveMax reads STGY_ARCHIVE_MAX_BYTES: the largest site archive
// `archive import` and the admins' restore accept, counted as read and
// unpacked (docs/ARCHIVE.md "Limits"); 1MiB to 64GiB, default 256MiB.
func loadArchiveMax() (int64, error) {
	s := os.Getenv("STGY_ARCHIVE_MAX_BYTES")
	if s == "" {
		return archive.DefaultMaxBytes, nil
	}
	n, err := parseBytes(s)
	if err != nil || n < 1<<20 || n > 64<<30 {
		return 0, fmt.Errorf("STGY_ARCHIVE_MAX_BYTES %q: want a size from 1MiB to 64GiB (e.g. 268435456, 256MiB)", s)
	}
	return n, nil
}
