// Package captcha is STGY Pub's built-in CAPTCHA (docs/SPEC.md "CAPTCHA
// and pass tokens"): six-digit challenges drawn as 200×48 PNGs from a
// code-defined 5×7 bitmap font, kept in Redis for ten minutes and killed
// by a right answer or five wrong ones, and spoken as a noisy WAV from
// the digit recordings of voice/ (audio.go); the X-STGY-MinuteHash and
// X-STGY-QueryHash protocol headers; and pass tokens, the HttpOnly
// cookie that lets a reader who solved one challenge post up to 100
// comments from at most four addresses. All pass state changes run as
// Lua scripts, so reserve, commit, release and the address rule are
// atomic under concurrency and on Redis Cluster (one key per script).
package captcha
