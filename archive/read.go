package archive

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"time"

	"github.com/stgy/stgypub"
)

// refuse is Read's error: BAD_USER_INPUT, prefixed with what was refused.
func refuse(format string, args ...any) error {
	return stgypub.Errorf(stgypub.CodeBadUserInput, "archive refused: "+format, args...)
}

// refuseSize is Read's error for an archive over its limit, packed or
// unpacked: PAYLOAD_TOO_LARGE (413 over HTTP).
func refuseSize(maxBytes int64) error {
	return stgypub.Errorf(stgypub.CodePayloadTooLarge, "archive refused: larger than %d bytes (STGY_ARCHIVE_MAX_BYTES)", maxBytes)
}

// Read reads and validates a whole archive from r, holding at most
// maxBytes of it (<= 0: DefaultMaxBytes) both as read and unpacked, and
// returns the sorted Site; now bounds comment IDs' times
// (comment.ImportIDTimeOK). Nothing is written anywhere: a caller restores
// only what Read accepted. Every refusal is BAD_USER_INPUT
// "archive refused: …" naming the file: not gzip or not a tar (a foreign
// file), manifest.json missing or not first, another format or version,
// an unknown, duplicate or non-regular file, anything over the limit, a
// post, comment, setting or view row that does not validate
// (validate.go), or counts that differ from the manifest's (truncated);
// over the limit, packed or unpacked, is PAYLOAD_TOO_LARGE
// "archive refused: larger than N bytes".
func Read(r io.Reader, maxBytes int64, now time.Time) (*Site, error) {
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	packed := &limitedReader{r: r, left: maxBytes}
	br := bufio.NewReader(packed)
	if magic, err := br.Peek(2); err != nil || magic[0] != 0x1f || magic[1] != 0x8b {
		if errors.Is(packed.err, errTooLarge) {
			return nil, refuseSize(maxBytes)
		}
		return nil, refuse("not a STGY Pub site archive (not a gzip file)")
	}
	gz, err := gzip.NewReader(br)
	if err != nil {
		return nil, refuse("not a STGY Pub site archive (%v)", err)
	}
	gz.Multistream(false)
	unpacked := &limitedReader{r: gz, left: maxBytes}
	files, err := readTar(unpacked)
	if err == nil {
		// Drain the tar's padding to the gzip trailer: its CRC proves
		// the bytes are the ones written.
		_, err = io.Copy(io.Discard, unpacked)
	}
	if err != nil {
		if errors.Is(packed.err, errTooLarge) || errors.Is(unpacked.err, errTooLarge) {
			return nil, refuseSize(maxBytes)
		}
		var se *stgypub.Error
		if errors.As(err, &se) {
			return nil, err
		}
		return nil, refuse("corrupt (%v)", err)
	}
	return parseSite(files, now)
}

var errTooLarge = errors.New("over the size limit")

// limitedReader fails with errTooLarge past left bytes (io.LimitReader
// would end quietly, and a cut archive could pass for a short one).
type limitedReader struct {
	r    io.Reader
	left int64
	err  error
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.r.Read(p)
	if int64(n) > l.left {
		l.err = errTooLarge
		return 0, l.err
	}
	l.left -= int64(n)
	return n, err
}

// file is one archived file, in tar order.
type file struct {
	name string
	data []byte
}

// readTar reads every entry: manifest.json first, then only known,
// regular, unique names.
func readTar(r io.Reader) ([]file, error) {
	tr := tar.NewReader(r)
	var files []file
	seen := map[string]bool{}
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			if len(files) == 0 {
				return nil, refuse("not a STGY Pub site archive (not a tar inside the gzip)")
			}
			return nil, err
		}
		name := h.Name
		if len(files) == 0 && name != "manifest.json" {
			return nil, refuse("not a STGY Pub site archive (first file %q, want manifest.json)", clip(name))
		}
		if h.Typeflag != tar.TypeReg {
			return nil, refuse("%q is not a regular file", clip(name))
		}
		if !knownName(name) {
			return nil, refuse("unknown file %q (docs/ARCHIVE.md lists the layout)", clip(name))
		}
		if seen[name] {
			return nil, refuse("%q appears twice", clip(name))
		}
		seen[name] = true
		var b bytes.Buffer
		if _, err := io.Copy(&b, tr); err != nil {
			return nil, err
		}
		files = append(files, file{name, b.Bytes()})
	}
	if len(files) == 0 {
		return nil, refuse("not a STGY Pub site archive (empty)")
	}
	return files, nil
}

// knownName reports whether name is a file of the layout (package doc).
func knownName(name string) bool {
	switch name {
	case "manifest.json", "owner.json", "settings.json", "views/daily.csv", "views/checkpoints.csv":
		return true
	}
	dir, base := path.Split(name)
	ext := map[string]string{"posts/": ".md", "comments/": ".json"}[dir]
	id, ok := strings.CutSuffix(base, ext)
	if ext == "" || !ok {
		return false
	}
	_, err := stgypub.ParseID(id)
	return err == nil && id == strings.ToUpper(id)
}

// clip shortens a name from the archive for a message.
func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// decodeJSON decodes one JSON value with no unknown fields and nothing
// after it.
func decodeJSON(name string, b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return refuse("%s: %s", name, jsonMessage(err))
	}
	if dec.More() {
		return refuse("%s: more than one JSON value", name)
	}
	return nil
}

// jsonMessage is err's text, or a domain error's message alone.
func jsonMessage(err error) string {
	var se *stgypub.Error
	if errors.As(err, &se) {
		return stgypub.ErrorMessage(err)
	}
	return fmt.Sprint(err)
}
