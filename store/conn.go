package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unicode"

	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/stgy/stgypub"
)

// Connection hygiene (docs/ARCHITECTURE.md "PostgreSQL connections"):
// every pooled connection is wrapped so that
//
//   - a connection whose call failed other than with a PostgreSQL error
//     reply (a broken socket, a read deadline, a protocol stream left out
//     of sync) is closed and never reused (pgdriver leaves some of them
//     in the pool, e.g. after a deadline during a prepared statement: the
//     next query then reads "unexpected message '1'");
//   - a call whose context ends (a client hang-up, the request's read
//     deadline) is interrupted at once (its socket is closed) and its
//     connection discarded, instead of reading on for up
//     to the driver's 10 s read timeout, and it returns the context's
//     error;
//   - a broken connection (EOF, reset, PostgreSQL's FATAL shutdown
//     notice) discards every idle connection opened before it: after a
//     PostgreSQL restart they are all stale;
//   - a read-only statement (SELECT, or WITH without a data-modifying
//     verb) outside a transaction that failed on a broken connection
//     reports driver.ErrBadConn, so database/sql runs it again on
//     another, and at the last try a fresh, connection. Writes are never
//     retried: the server may have applied them.

// connPool is a Store's connector: it counts the connections it opens
// and keeps the generation that broken connections advance.
type connPool struct {
	driver.Connector
	opened atomic.Int64
	// gen is advanced by every broken connection; a connection opened
	// in an earlier generation is not reused.
	gen atomic.Int64
	// discarded counts connections closed for being broken, out of
	// sync, interrupted or stale; retried counts reads handed back to
	// database/sql for another connection.
	discarded, retried atomic.Int64
}

// newConnPool wraps a pgdriver connector; its dials are interrupted
// when the caller's context ends (pgdriver heeds only deadlines: a
// cancelled request would otherwise wait for a frozen server's startup
// reply for the whole read timeout).
func newConnPool(c *pgdriver.Connector) *connPool {
	conf := c.Config()
	dial := conf.Dialer
	conf.Dialer = func(ctx context.Context, network, addr string) (net.Conn, error) {
		nc, err := dial(ctx, network, addr)
		if err == nil {
			if slot, ok := ctx.Value(dialSlotKey{}).(*dialSlot); ok {
				slot.set(nc)
			}
		}
		return nc, err
	}
	return &connPool{Connector: c}
}

// dialSlotKey carries the *dialSlot of one Connect to the dialer.
type dialSlotKey struct{}

// dialSlot holds the socket of a connection being opened, so that the
// end of the caller's context can interrupt its startup exchange.
type dialSlot struct {
	mu          sync.Mutex
	conn        net.Conn
	interrupted bool
}

func (s *dialSlot) set(c net.Conn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.conn = c
	if s.interrupted {
		_ = c.SetDeadline(time.Now())
	}
}

func (s *dialSlot) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conn != nil {
		_ = s.conn.Close()
	}
}

func (s *dialSlot) interrupt() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.interrupted = true
	if s.conn != nil {
		_ = s.conn.SetDeadline(time.Now())
	}
}

// Connect opens a connection of the current generation.
func (p *connPool) Connect(ctx context.Context) (driver.Conn, error) {
	ctx, cancel := stgypub.BoundRead(ctx) // a dial on a request's behalf
	defer cancel()
	slot := &dialSlot{}
	ctx = context.WithValue(ctx, dialSlotKey{}, slot)
	stop := context.AfterFunc(ctx, slot.interrupt)
	c, err := p.Connector.Connect(ctx)
	if !stop() && err == nil {
		// Interrupted as it finished: its socket may carry a past
		// deadline; drop it.
		_ = c.Close()
		err = ctxErr(ctx)
		if err == nil {
			err = driver.ErrBadConn
		}
		return nil, err
	}
	if err != nil {
		// pgdriver leaves the socket of a failed startup open, and its
		// server process waiting: close it.
		slot.close()
		if ce := ctxErr(ctx); ce != nil {
			return nil, ce // the dial ran out of the caller's time
		}
		return nil, err
	}
	p.opened.Add(1)
	// Opened now: of the generation current now, even if a stale
	// connection broke while it was being dialled.
	cn := &conn{pool: p, raw: c, gen: p.gen.Load()}
	if pc, ok := c.(*pgdriver.Conn); ok {
		cn.net = pc.Conn()
	}
	return cn, nil
}

// conn wraps one pgdriver connection (see connPool).
type conn struct {
	pool *connPool
	raw  driver.Conn
	net  net.Conn
	gen  int64
	// broken: the connection must not be used again.
	broken atomic.Bool
	// inTx: a transaction is open (its statements are never retried).
	inTx bool
}

var (
	_ driver.Conn               = (*conn)(nil)
	_ driver.ConnPrepareContext = (*conn)(nil)
	_ driver.ConnBeginTx        = (*conn)(nil)
	_ driver.ExecerContext      = (*conn)(nil)
	_ driver.QueryerContext     = (*conn)(nil)
	_ driver.Pinger             = (*conn)(nil)
	_ driver.Validator          = (*conn)(nil)
	_ driver.SessionResetter    = (*conn)(nil)
)

// usable reports whether c may run another call: it is not broken and,
// outside a transaction, of the current generation (a transaction in
// progress on a sound connection is not cut short).
func (c *conn) usable() bool {
	if v, ok := c.raw.(driver.Validator); ok && !v.IsValid() {
		return false // the driver closed it
	}
	return !c.broken.Load() && (c.inTx || c.gen == c.pool.gen.Load())
}

// discard closes the connection for good.
func (c *conn) discard() {
	if c.broken.CompareAndSwap(false, true) {
		c.pool.discarded.Add(1)
	}
	_ = c.raw.Close()
}

// guard closes the connection's socket when ctx ends before the
// returned stop is called; stop reports whether it did.
func (c *conn) guard(ctx context.Context) (stop func() (interrupted bool)) {
	if ctx.Done() == nil || c.net == nil {
		return func() bool { return false }
	}
	cancel := context.AfterFunc(ctx, func() {
		// Closing the socket (not a deadline, which the driver resets
		// before each read) ends any read or write in progress.
		if c.broken.CompareAndSwap(false, true) {
			c.pool.discarded.Add(1)
		}
		_ = c.net.Close()
	})
	// cancel is false when the function ran (or is running).
	return func() bool { return !cancel() }
}

// done ends a call that returned err: an interrupted call returns the
// context's error and discards the connection; any failure but a
// PostgreSQL error reply discards it; a broken connection also retires
// the generation and, for a read outside a transaction, asks
// database/sql to retry elsewhere.
func (c *conn) done(ctx context.Context, interrupted bool, err error, read bool) error {
	if interrupted {
		c.discard()
		if ce := ctxErr(ctx); ce != nil {
			return ce
		}
		return err
	}
	if err == nil || isReply(err) {
		return err
	}
	c.discard()
	if ce := ctxErr(ctx); ce != nil {
		return ce // the socket's deadline (the context's) ended the call
	}
	if isBroken(err) {
		c.retire()
		if read && !c.inTx {
			c.pool.retried.Add(1)
			return driver.ErrBadConn
		}
	}
	return err
}

// retire ends the generation of c, a connection found broken: the idle
// connections opened before it are stale too. A connection of an older
// generation (already retired) moves nothing, so the stale connections
// failing one after another after a restart do not retire the fresh ones
// opened meanwhile.
func (c *conn) retire() { c.pool.gen.CompareAndSwap(c.gen, c.gen+1) }

// ctxErr is ctx's error, or context.DeadlineExceeded once its deadline
// has passed (the socket's deadline, set from it, may fire before the
// context's own timer).
func ctxErr(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if dl, ok := ctx.Deadline(); ok && !time.Now().Before(dl) {
		return context.DeadlineExceeded
	}
	return nil
}

// isReply reports whether err is PostgreSQL's answer to the statement
// (a constraint, a syntax error...): the connection stays in sync.
func isReply(err error) bool {
	var pe pgdriver.Error
	if !errors.As(err, &pe) {
		return false
	}
	switch pe.Field('V') {
	case "FATAL", "PANIC":
		return false
	}
	return pe.Field('C') != "57014" // query_canceled
}

// isBroken reports whether err means the connection itself is gone: the
// server closed it (EOF, FATAL: terminating connection), it was reset,
// or the socket failed for another reason than a deadline.
func isBroken(err error) bool {
	if errors.Is(err, driver.ErrBadConn) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNABORTED) ||
		errors.Is(err, net.ErrClosed) {
		return true
	}
	var pe pgdriver.Error
	if errors.As(err, &pe) {
		v := pe.Field('V')
		return v == "FATAL" || v == "PANIC"
	}
	var ne net.Error
	return errors.As(err, &ne) && !ne.Timeout()
}

// isRead reports whether query only reads: it starts with SELECT, or
// with WITH and names no data-modifying verb. Comments and white space
// before it are skipped.
func isRead(query string) bool {
	q := strings.TrimLeftFunc(query, unicode.IsSpace)
	for strings.HasPrefix(q, "--") || strings.HasPrefix(q, "/*") {
		if strings.HasPrefix(q, "--") {
			i := strings.IndexByte(q, '\n')
			if i < 0 {
				return false
			}
			q = q[i+1:]
		} else {
			i := strings.Index(q, "*/")
			if i < 0 {
				return false
			}
			q = q[i+2:]
		}
		q = strings.TrimLeftFunc(q, unicode.IsSpace)
	}
	word := strings.ToUpper(firstWord(q))
	switch word {
	case "SELECT":
		return true
	case "WITH":
		for _, w := range strings.FieldsFunc(strings.ToUpper(q), func(r rune) bool { return !unicode.IsLetter(r) && r != '_' }) {
			switch w {
			case "INSERT", "UPDATE", "DELETE", "MERGE", "NEXTVAL", "SETVAL":
				return false
			}
		}
		return true
	}
	return false
}

func firstWord(s string) string {
	for i, r := range s {
		if !unicode.IsLetter(r) {
			return s[:i]
		}
	}
	return s
}

func (c *conn) IsValid() bool { return c.usable() }

func (c *conn) ResetSession(ctx context.Context) error {
	if !c.usable() {
		c.discard()
		return driver.ErrBadConn
	}
	if r, ok := c.raw.(driver.SessionResetter); ok {
		return r.ResetSession(ctx)
	}
	return nil
}

func (c *conn) Close() error { return c.raw.Close() }

func (c *conn) Prepare(query string) (driver.Stmt, error) {
	return c.PrepareContext(context.Background(), query)
}

// PrepareContext prepares query; preparing runs nothing, so a broken
// connection is retried elsewhere.
func (c *conn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	if !c.usable() {
		return nil, driver.ErrBadConn
	}
	stop := c.guard(ctx)
	st, err := c.raw.(driver.ConnPrepareContext).PrepareContext(ctx, query)
	if err = c.done(ctx, stop(), err, true); err != nil {
		if st != nil {
			_ = st.Close()
		}
		return nil, err
	}
	return &stmt{raw: st, c: c, read: isRead(query)}, nil
}

func (c *conn) Begin() (driver.Tx, error) {
	return c.BeginTx(context.Background(), driver.TxOptions{})
}

func (c *conn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if !c.usable() {
		return nil, driver.ErrBadConn
	}
	stop := c.guard(ctx)
	tx, err := c.raw.(driver.ConnBeginTx).BeginTx(ctx, opts)
	// BEGIN changes nothing: a broken connection is retried elsewhere.
	if err = c.done(ctx, stop(), err, true); err != nil {
		return nil, err
	}
	c.inTx = true
	return &connTx{raw: tx, c: c}, nil
}

func (c *conn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	if !c.usable() {
		return nil, driver.ErrBadConn
	}
	stop := c.guard(ctx)
	res, err := c.raw.(driver.ExecerContext).ExecContext(ctx, query, args)
	if err = c.done(ctx, stop(), err, false); err != nil {
		return nil, err
	}
	return res, nil
}

func (c *conn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	if !c.usable() {
		return nil, driver.ErrBadConn
	}
	stop := c.guard(ctx)
	rows, err := c.raw.(driver.QueryerContext).QueryContext(ctx, query, args)
	if err != nil {
		return nil, c.done(ctx, stop(), err, isRead(query))
	}
	return &connRows{raw: rows, c: c, ctx: ctx, stop: stop}, nil
}

// Ping runs SELECT 1; a broken connection asks database/sql for another.
func (c *conn) Ping(ctx context.Context) error {
	if !c.usable() {
		return driver.ErrBadConn
	}
	stop := c.guard(ctx)
	err := c.raw.(driver.Pinger).Ping(ctx)
	return c.done(ctx, stop(), err, true)
}

// stmt wraps a prepared statement of conn c.
type stmt struct {
	raw  driver.Stmt
	c    *conn
	read bool
}

var (
	_ driver.StmtExecContext  = (*stmt)(nil)
	_ driver.StmtQueryContext = (*stmt)(nil)
)

// Close deallocates the statement, unless the connection is broken (it
// is being closed with its statements; talking to it would wait for the
// driver's read timeout).
func (s *stmt) Close() error {
	if !s.c.usable() {
		return nil
	}
	if err := s.raw.Close(); err != nil {
		s.c.discard()
		return err
	}
	return nil
}

func (s *stmt) NumInput() int { return s.raw.NumInput() }

func (s *stmt) Exec(args []driver.Value) (driver.Result, error) {
	return nil, errors.New("store: Stmt.Exec without a context is not supported")
}

func (s *stmt) Query(args []driver.Value) (driver.Rows, error) {
	return nil, errors.New("store: Stmt.Query without a context is not supported")
}

func (s *stmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	if !s.c.usable() {
		return nil, driver.ErrBadConn
	}
	stop := s.c.guard(ctx)
	res, err := s.raw.(driver.StmtExecContext).ExecContext(ctx, args)
	if err = s.c.done(ctx, stop(), err, false); err != nil {
		return nil, err
	}
	return res, nil
}

func (s *stmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	if !s.c.usable() {
		return nil, driver.ErrBadConn
	}
	stop := s.c.guard(ctx)
	rows, err := s.raw.(driver.StmtQueryContext).QueryContext(ctx, args)
	if err != nil {
		return nil, s.c.done(ctx, stop(), err, s.read)
	}
	return &connRows{raw: rows, c: s.c, ctx: ctx, stop: stop}, nil
}

// connRows wraps a result set; the query's context guards the
// connection until the rows are closed.
type connRows struct {
	raw  driver.Rows
	c    *conn
	ctx  context.Context
	stop func() bool
	// ended: stop was called.
	ended bool
}

func (r *connRows) Columns() []string { return r.raw.Columns() }

func (r *connRows) Next(dest []driver.Value) error {
	if r.c.broken.Load() {
		if ce := ctxErr(r.ctx); ce != nil {
			return ce
		}
	}
	err := r.raw.Next(dest)
	if err == nil || err == io.EOF {
		return err
	}
	if isReply(err) {
		return err
	}
	r.c.discard()
	if ce := ctxErr(r.ctx); ce != nil {
		return ce
	}
	if isBroken(err) {
		r.c.retire()
	}
	return err
}

func (r *connRows) Close() error {
	err := r.raw.Close()
	if !r.ended {
		r.ended = true
		if r.stop() {
			// Interrupted: the guard's function has started and may not
			// yet have marked the connection broken; mark it here, or
			// database/sql could pool it before the guard closes its
			// socket under the next user.
			r.c.discard()
			return nil
		}
	}
	if err != nil && !isReply(err) {
		r.c.discard()
	}
	return err
}

// connTx wraps a transaction of conn c.
type connTx struct {
	raw driver.Tx
	c   *conn
}

func (t *connTx) Commit() error {
	t.c.inTx = false
	err := t.raw.Commit()
	if err != nil && !isReply(err) {
		t.c.discard()
	}
	return err
}

func (t *connTx) Rollback() error {
	t.c.inTx = false
	if !t.c.usable() {
		return driver.ErrBadConn
	}
	err := t.raw.Rollback()
	if err != nil && !isReply(err) {
		t.c.discard()
	}
	return err
}
