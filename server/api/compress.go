package api

import (
	"net/http"

	"github.com/klauspost/compress/gzhttp"
)

// compressor is the compression of responses that are not response-cache
// entries (those write their own gzip and brotli variants): klauspost's
// gzhttp, gzip above 512 bytes, Vary: Accept-Encoding, ETags suffixed
// "-gzip" (etagMatch accepts them), as the server's other routes.
func compressor() func(http.Handler) http.Handler {
	wrap, err := gzhttp.NewWrapper(gzhttp.MinSize(512), gzhttp.SuffixETag("-gzip"))
	if err != nil {
		panic(err) // constant options
	}
	return func(h http.Handler) http.Handler { return wrap(h) }
}
