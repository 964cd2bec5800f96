package visitor

import "bytes"

// HTTP client libraries and API tools whose default User-Agent the
// crawler-user-agents list does not name (it has curl, Wget,
// python-requests, Go-http-client, okhttp, axios, node-fetch, HTTPie and
// more). A request from one is a program, not a reader, so it is not a
// page view (docs/SPEC.md#bot-exclusion). Like every check they are
// matched in the ASCII-lower-cased User-Agent:
//
//   - toolPrefixes where the User-Agent starts with them: the bare
//     product tokens of runtimes and libraries ("Java/17.0.1" of Java's
//     HttpURLConnection, "Deno/1.40", "Bun/1.0.0", "Dart/3.2 (dart:io)",
//     "Ruby", "RestSharp/106.0", "insomnia/2023.5.8");
//   - toolWords anywhere: names no browser's User-Agent contains
//     ("PostmanRuntime/7.36.0", "WindowsPowerShell/5.1", "GuzzleHttp/7",
//     "Apache-HttpAsyncClient/4.1", "Jakarta Commons-HttpClient/3.1").
var (
	toolPrefixes = [][]byte{
		[]byte("java/"), []byte("deno/"), []byte("bun/"), []byte("dart/"), []byte("ruby"),
		[]byte("restsharp/"), []byte("insomnia/"), []byte("undici"), []byte("reqwest/"),
		[]byte("faraday v"), []byte("guzzle/"), []byte("libcurl/"), []byte("httpclient"),
		[]byte("unirest-java/"), []byte("reactornetty/"), []byte("vert.x-webclient/"),
		[]byte("typhoeus"), []byte("lwp-request/"), []byte("powershell/"),
	}
	toolWords = [][]byte{
		[]byte("postmanruntime/"), []byte("windowspowershell/"), []byte("guzzlehttp/"),
		[]byte("httpasyncclient/"), []byte("commons-httpclient/"), []byte("dart:io"),
	}
)

// isTool reports whether the ASCII-lower-cased User-Agent lower names an
// HTTP client library or API tool (toolPrefixes, toolWords).
func isTool(lower []byte) bool {
	for _, p := range toolPrefixes {
		if bytes.HasPrefix(lower, p) {
			return true
		}
	}
	for _, w := range toolWords {
		if bytes.Contains(lower, w) {
			return true
		}
	}
	return false
}
