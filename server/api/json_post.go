package api

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"net/http"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// jsonPOST is gqlgen's POST transport (transport.POST, which serve
// always hands the request to as an application/json POST) with one
// change: the response is written by writeResponse instead of
// json.Marshal. json.Marshal re-scans and copies the whole "data"
// document (a json.RawMessage) through encoding/json's compactor, which
// was half of an uncached article query's CPU (issue 18); writeResponse
// writes the same bytes without scanning them.
type jsonPOST struct{}

var _ graphql.Transport = jsonPOST{}

// Supports is transport.POST's: a POST of application/json that is not
// an upgrade.
func (jsonPOST) Supports(r *http.Request) bool {
	if r.Header.Get("Upgrade") != "" {
		return false
	}
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && r.Method == http.MethodPost && mt == "application/json"
}

// Do is transport.POST's Do for an application/json response; the
// parameters serve already decoded are not decoded again.
func (jsonPOST) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	ctx := r.Context()
	w.Header().Add("Content-Type", "application/json")
	start := graphql.Now()
	var params graphql.RawParams
	if rq := requestFrom(ctx); rq != nil && rq.params != nil {
		params = *rq.params // serve's readRequest decoded them (parseBody, getParams)
	} else {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			writeResponse(w, exec.DispatchError(ctx, gqlerror.List{gqlerror.Errorf("could not read request body: %+v", err)}))
			return
		}
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		if err := dec.Decode(&params); err != nil {
			w.WriteHeader(http.StatusBadRequest)
			writeResponse(w, exec.DispatchError(ctx, gqlerror.List{gqlerror.Errorf("json request body could not be decoded: %+v body:%s", err, body)}))
			return
		}
	}
	params.Headers = r.Header
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}
	rc, opErr := exec.CreateOperationContext(ctx, &params)
	if opErr != nil {
		if errcode.GetErrorKind(opErr) == errcode.KindProtocol {
			w.WriteHeader(http.StatusUnprocessableEntity)
		}
		writeResponse(w, exec.DispatchError(graphql.WithOperationContext(ctx, rc), opErr))
		return
	}
	responses, ctx := exec.DispatchOperation(ctx, rc)
	writeResponse(w, responses(ctx))
}

// writeResponse writes resp exactly as json.Marshal(resp) would (null for
// a nil resp, which the executor returns after a hang-up): errors
// (when any), data, extensions (when any). The data is copied as gqlgen
// wrote it: the schema's marshalers write compact JSON with <, >, &,
// U+2028 and U+2029 escaped as encoding/json escapes them
// (graph/scalar.MarshalString writes every String; the rest are numbers,
// booleans, IDs, times and enum names), which is what json.Marshal makes
// of it; every API test checks its responses against json.Marshal
// (env_test.go). A response with incremental-delivery fields (label,
// path, hasNext), which serve never asks for, goes through json.Marshal.
func writeResponse(w io.Writer, resp *graphql.Response) {
	if resp == nil {
		// The executor gives no response when the request's context ended
		// first (a hang-up); json.Marshal writes null for it.
		_, _ = w.Write([]byte("null"))
		return
	}
	if resp.Label != "" || resp.Path != nil || resp.HasNext != nil {
		b, err := json.Marshal(resp)
		if err != nil {
			panic(err) // as transport.POST: the executor wrote invalid JSON
		}
		_, _ = w.Write(b)
		return
	}
	pw, lend := w.(partsWriter)
	lend = lend && len(resp.Data) >= minLentData
	n := len(resp.Data) + 64
	if lend {
		n = 64
	}
	out := appendBuffer(w, n)
	out = append(out, '{')
	if len(resp.Errors) > 0 {
		b, err := json.Marshal(resp.Errors)
		if err != nil {
			panic(err)
		}
		out = append(out, `"errors":`...)
		out = append(append(out, b...), ',')
	}
	out = append(out, `"data":`...)
	switch {
	case resp.Data == nil:
		out = append(out, "null"...)
	case lend:
		// The tail has its own few bytes: the writer's free space after
		// head is where the data goes when the parts are joined.
		pw.writeParts(out, resp.Data, appendTail(nil, resp))
		return
	default:
		out = append(out, resp.Data...) // already compact and escaped (graph/scalar)
	}
	out = appendTail(out, resp)
	_, _ = w.Write(out)
}

// appendTail appends what follows "data": the extensions (when any) and
// the closing brace.
func appendTail(out []byte, resp *graphql.Response) []byte {
	if len(resp.Extensions) > 0 {
		b, err := json.Marshal(resp.Extensions)
		if err != nil {
			panic(err)
		}
		out = append(out, `,"extensions":`...)
		out = append(out, b...)
	}
	return append(out, '}')
}

// partsWriter takes a response as head, data and tail without copying
// data (bufWriter.writeParts); writeResponse lends data of minLentData
// bytes or more, below which one copy costs less than the parts.
type partsWriter interface {
	writeParts(head, data, tail []byte)
}

const minLentData = 8 << 10

// appendWriter is a writer that lends its own free space (bytes.Buffer,
// bufWriter): bytes appended to AvailableBuffer after Grow and then
// written are not copied anywhere else first.
type appendWriter interface {
	Grow(n int)
	AvailableBuffer() []byte
}

// appendBuffer is an empty slice of capacity n or more to append to and
// then Write to w: w's own free space when w lends it (an article's 56 KB
// response is then built where it is held, not in a buffer of its own
// copied there), else a new slice.
func appendBuffer(w io.Writer, n int) []byte {
	if aw, ok := w.(appendWriter); ok {
		aw.Grow(n)
		return aw.AvailableBuffer()
	}
	return make([]byte, 0, n)
}
