package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"runtime/debug"
	"strings"
	"unicode/utf8"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/graph"
)

// presentError maps errors to extensions.code (docs/ARCHITECTURE.md
// "GraphQL"): a *stgypub.Error keeps its code and message (INTERNAL's message
// is hidden) and, when it is about one input field, names it in
// extensions.field; gqlgen's own request errors (parse, validation, argument
// coercion) keep their message and code (BAD_USER_INPUT when they have none,
// and for the complexity limit); a *graph.DegradedError (a Redis-backed field
// such as viewCount while Redis is unavailable) is UNAVAILABLE at its path
// without changing the status (200); a dependency that is down or too slow
// (stgypub.IsUnavailable) is UNAVAILABLE, and the response 503 with
// Retry-After; anything else is logged with the request ID and reported as
// INTERNAL "internal error".
func (a *api) presentError(ctx context.Context, err error) *gqlerror.Error {
	gerr := graphql.DefaultErrorPresenter(ctx, err)
	if rq := requestFrom(ctx); rq != nil {
		rq.errored.Store(true)
	}
	if gerr.Extensions == nil {
		gerr.Extensions = map[string]any{}
	}
	var se *stgypub.Error
	var de *graph.DegradedError
	switch {
	case errors.As(err, &de):
		// One feature's dependency (the counter's Redis) failed: this
		// field alone is missing, the response stays 200 (docs/API.md).
		a.log.WarnContext(ctx, "graphql: feature degraded", "request_id", requestID(ctx), "path", gerr.Path.String(), "err", err)
		gerr.Message = de.Message()
		gerr.Extensions = map[string]any{"code": stgypub.CodeUnavailable}
	case errors.As(err, &se) && se.Code != stgypub.CodeInternal:
		gerr.Message = se.Message
		for k, v := range se.Details {
			gerr.Extensions[k] = v
		}
		gerr.Extensions["code"] = se.Code
		if se.Field != "" {
			gerr.Extensions["field"] = se.Field
		}
		switch se.Code {
		case stgypub.CodeRateLimited:
			gerr.Extensions["status"] = http.StatusTooManyRequests
		case stgypub.CodeUnavailable:
			gerr.Extensions["status"] = http.StatusServiceUnavailable
			if rq := requestFrom(ctx); rq != nil {
				rq.unavailable.Store(true)
			}
		}
	case se == nil && gerr.Err == nil:
		// gqlgen's complexity limit has its own code, and a variable
		// that does not coerce is bad input, not a document that fails
		// validation: clients get the code the other limits and inputs
		// use.
		c, ok := gerr.Extensions["code"]
		if !ok || c == "COMPLEXITY_LIMIT_EXCEEDED" || len(gerr.Path) > 0 && gerr.Path[0] == ast.PathName("variable") ||
			strings.HasPrefix(gerr.Message, "Int cannot represent non 32-bit") {
			// An Int literal beyond 64 bits (the validator's own
			// check) is refused like one beyond 32 (strictInputs).
			gerr.Extensions["code"] = stgypub.CodeBadUserInput
		}
		gerr.Message = requestErrorMessage(gerr.Message)
	case stgypub.ClientClosed(ctx, err):
		// The client hung up: 499, logged at debug (no server fault).
		a.log.DebugContext(ctx, "graphql: client closed request", "request_id", requestID(ctx), "path", gerr.Path.String(), "err", err)
		gerr.Message = "client closed request"
		gerr.Extensions = map[string]any{"code": CodeClientClosedRequest}
		if rq := requestFrom(ctx); rq != nil {
			rq.clientClosed.Store(true)
		}
	case stgypub.IsUnavailable(err):
		a.log.WarnContext(ctx, "graphql: dependency unavailable", "request_id", requestID(ctx), "path", gerr.Path.String(), "err", err)
		gerr.Message = "service temporarily unavailable; retry later"
		gerr.Extensions = map[string]any{"code": stgypub.CodeUnavailable, "status": http.StatusServiceUnavailable}
		if rq := requestFrom(ctx); rq != nil {
			rq.unavailable.Store(true)
		}
	default:
		id := requestID(ctx)
		if se == nil {
			a.log.ErrorContext(ctx, "graphql: internal error", "request_id", id, "path", gerr.Path.String(), "err", err)
		}
		gerr.Message = "internal error"
		gerr.Extensions = map[string]any{"code": stgypub.CodeInternal, "requestId": id}
	}
	return gerr
}

// recoverPanic logs a resolver panic with its stack and the request ID and
// turns it into an INTERNAL error.
func (a *api) recoverPanic(ctx context.Context, p any) error {
	a.log.ErrorContext(ctx, "graphql: panic", "request_id", requestID(ctx), "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
	return &stgypub.Error{Code: stgypub.CodeInternal, Message: "internal error"}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// errorCap keeps at most max errors in a response (the first ones, in
// order) and reports how many it left out in extensions.omittedErrors:
// one request with thousands of unused variables or failing aliases
// must not produce a response of megabytes.
type errorCap struct{ max int }

var _ interface {
	graphql.HandlerExtension
	graphql.ResponseInterceptor
} = errorCap{}

func (errorCap) ExtensionName() string                   { return "ErrorCap" }
func (errorCap) Validate(graphql.ExecutableSchema) error { return nil }

func (c errorCap) InterceptResponse(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	resp := next(ctx)
	if resp == nil || len(resp.Errors) <= c.max {
		return resp
	}
	if resp.Extensions == nil {
		resp.Extensions = map[string]any{}
	}
	resp.Extensions["omittedErrors"] = len(resp.Errors) - c.max
	resp.Errors = resp.Errors[:c.max]
	return resp
}

// maxEchoedName bounds an operation name quoted back in a message.
const maxEchoedName = 64

// intVariableMessage matches gqlparser's message for a variable value that
// does not coerce to Int (it prints the value as an integer: 1.5 shows
// as "0").
var intVariableMessage = regexp.MustCompile(`^cannot use value .* as Int$`)

// requestErrorMessage rewrites gqlgen's request-error texts that mislead:
// an operation name that is missing ("operation  not found") or
// unbounded, and an Int variable named by a wrong value.
func requestErrorMessage(msg string) string {
	if name, ok := strings.CutPrefix(msg, "operation "); ok {
		if name, ok = strings.CutSuffix(name, " not found"); ok {
			if name == "" {
				return "operationName required: the document has several operations"
			}
			if utf8.RuneCountInString(name) > maxEchoedName {
				name = string([]rune(name)[:maxEchoedName]) + "…"
			}
			return "operation " + jsonString(name) + " not found"
		}
	}
	if v, ok := strings.CutPrefix(msg, "Int cannot represent non 32-bit signed integer value: "); ok {
		return truncate(v, 40) + " is out of range: " + intRange
	}
	if intVariableMessage.MatchString(msg) {
		return "not an integer: Int takes a whole number from -2147483648 to 2147483647"
	}
	return msg
}
