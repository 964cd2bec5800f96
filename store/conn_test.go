package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/store"
	"github.com/stgy/stgypub/store/storetest"
)

// warmPool makes the pool hold n idle connections: n concurrent
// queries that each keep theirs for a moment.
func warmPool(t *testing.T, db *sql.DB, n int) {
	t.Helper()
	var wg sync.WaitGroup
	conns := make(chan *sql.Conn, n)
	for range n {
		wg.Go(func() {
			c, err := db.Conn(t.Context())
			if err != nil {
				t.Error(err)
				return
			}
			if _, err := c.ExecContext(t.Context(), "SELECT 1"); err != nil {
				t.Error(err)
			}
			conns <- c
		})
	}
	wg.Wait()
	close(conns)
	for c := range conns {
		c.Close()
	}
	if s := db.Stats(); s.Idle < n {
		t.Fatalf("pool holds %d idle connections, want %d", s.Idle, n)
	}
}

// TestRestartRecoversAtOnce (issue 22 #1): after a restart of a private
// PostgreSQL, every idle pooled connection is stale. The first read after
// PostgreSQL accepts connections again, and every one after it, succeeds
// (a read that fails on a broken connection runs again on a fresh one,
// and the idle connections opened before it are dropped without a round
// trip); Ping (/readyz) succeeds at once too. A write that meets a stale
// connection is not retried (the server may have applied it): it fails
// as unavailable, and the next write succeeds.
func TestRestartRecoversAtOnce(t *testing.T) {
	pg := storetest.StartServer(t)
	ctx := t.Context()
	if _, err := store.EnsureDatabase(ctx, pg.URL("stgy_restart")); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(ctx, pg.URL("stgy_restart"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	db := st.DB.DB
	if _, err := db.ExecContext(ctx, "CREATE TABLE w (n int)"); err != nil {
		t.Fatal(err)
	}
	prepared, err := db.PrepareContext(ctx, "SELECT $1::int + 1")
	if err != nil {
		t.Fatal(err)
	}
	defer prepared.Close()
	for round := range 3 {
		warmPool(t, db, 8)
		pg.Stop()
		pg.Start()
		back := time.Now()
		switch round {
		case 0: // a plain read first
			var n int
			if err := db.QueryRowContext(ctx, "SELECT count(*) FROM w").Scan(&n); err != nil {
				t.Fatalf("round %d: first read after the restart: %v", round, err)
			}
		case 1: // the readiness check first
			if err := st.Ping(ctx); err != nil {
				t.Fatalf("round %d: first ping after the restart: %v", round, err)
			}
		case 2: // a write first: not retried, unavailable
			_, err := db.ExecContext(ctx, "INSERT INTO w VALUES (1)")
			if err == nil || !stgypub.IsUnavailable(err) {
				t.Fatalf("round %d: write on a stale connection: %v, want an unavailable error", round, err)
			}
			if _, err := db.ExecContext(ctx, "INSERT INTO w VALUES (2)"); err != nil {
				t.Fatalf("round %d: second write: %v", round, err)
			}
		}
		t.Logf("round %d: first answer %v after PostgreSQL accepted connections", round, time.Since(back))
		for i := range 20 {
			var n int
			if err := prepared.QueryRowContext(ctx, i).Scan(&n); err != nil || n != i+1 {
				t.Fatalf("round %d: prepared read %d: %d, %v", round, i, n, err)
			}
			if err := st.Ping(ctx); err != nil {
				t.Fatalf("round %d: ping %d: %v", round, i, err)
			}
		}
	}
	var rows int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM w WHERE n = 1").Scan(&rows); err != nil || rows != 0 {
		t.Errorf("the failed write was applied (%d rows) or the count failed: %v", rows, err)
	}
	if st.ReadsRetried() == 0 || st.ConnectionsDiscarded() < 8 {
		t.Errorf("retried %d reads, discarded %d connections", st.ReadsRetried(), st.ConnectionsDiscarded())
	}
}

// TestCancelledQueriesLeaveNoConnectionOutOfSync (issue 22 #3): queries
// cancelled or timed out at random points (while sending, while the
// server works, in the middle of a result set, while preparing) under
// concurrent load end with the context's error, and every later answer,
// from whichever pooled connection, is right: a connection whose
// exchange was cut is never reused.
func TestCancelledQueriesLeaveNoConnectionOutOfSync(t *testing.T) {
	st := storetest.New(t)
	db := st.DB.DB
	ctx := t.Context()
	stmt, err := db.PrepareContext(ctx, "SELECT i, repeat('x', $2::int) FROM generate_series(1, $1::int) i")
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	const workers, rounds = 8, 120
	var cut, whole sync.Map
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := range rounds {
				n := 1 + rand.IntN(400)
				var qctx context.Context
				var cancel context.CancelFunc
				after := time.Duration(rand.IntN(3000)) * time.Microsecond
				if i%2 == 0 {
					qctx, cancel = context.WithTimeout(ctx, after)
				} else {
					qctx, cancel = context.WithCancel(ctx)
					time.AfterFunc(after, cancel)
				}
				err := cutQuery(qctx, db, stmt, i%4, n, w*rounds+i)
				dl, timed := qctx.Deadline()
				ended := qctx.Err() != nil || (timed && !time.Now().Before(dl))
				cancel()
				switch {
				case err == nil:
					whole.Store(w*rounds+i, true)
				case !ended:
					t.Errorf("worker %d query %d failed without its context ending: %v", w, i, err)
				case !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded):
					t.Errorf("worker %d query %d: %v, want the context's error", w, i, err)
				default:
					cut.Store(w*rounds+i, true)
				}
				// A check with a context that does not end: the answer
				// must be exactly right.
				want := w*1000 + i
				var got, count int
				if err := db.QueryRowContext(ctx, "SELECT $1::int, (SELECT count(*) FROM generate_series(1, $2::int))", want, n).Scan(&got, &count); err != nil || got != want || count != n {
					t.Errorf("worker %d check %d: %d %d, %v (want %d %d)", w, i, got, count, err, want, n)
				}
				var sum int
				if err := stmt.QueryRowContext(ctx, 1, 3).Scan(&sum, new(string)); err != nil || sum != 1 {
					t.Errorf("worker %d prepared check %d: %d, %v", w, i, sum, err)
				}
			}
		})
	}
	wg.Wait()
	count := func(m *sync.Map) (n int) {
		m.Range(func(any, any) bool { n++; return true })
		return n
	}
	t.Logf("%d queries cut by their context, %d whole; %d connections discarded", count(&cut), count(&whole), st.ConnectionsDiscarded())
	if count(&cut) < workers*rounds/10 || count(&whole) < workers*rounds/10 {
		t.Errorf("the random cuts did not cover both outcomes: %d cut, %d whole", count(&cut), count(&whole))
	}
	// Every connection left in the pool answers right.
	conns := make([]*sql.Conn, 0, store.MaxConns)
	for range db.Stats().Idle {
		c, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for i, c := range conns {
		var got int
		if err := c.QueryRowContext(ctx, "SELECT $1::int", i).Scan(&got); err != nil || got != i {
			t.Errorf("pooled connection %d: %d, %v", i, got, err)
		}
		c.Close()
	}
}

// cutQuery runs one of four kinds of read under ctx: a prepared result
// set read to its end, a simple-protocol one, a statement prepared on
// the spot, or a server-side wait.
func cutQuery(ctx context.Context, db *sql.DB, stmt *sql.Stmt, kind, n, seq int) error {
	var rows *sql.Rows
	var err error
	switch kind {
	case 0:
		rows, err = stmt.QueryContext(ctx, n, 200)
	case 1:
		rows, err = db.QueryContext(ctx, fmt.Sprintf("SELECT i, repeat('y', 100) FROM generate_series(1, %d) i", n))
	case 2:
		var p *sql.Stmt
		if p, err = db.PrepareContext(ctx, fmt.Sprintf("SELECT %d + $1::int", seq)); err == nil {
			var v int
			err = p.QueryRowContext(ctx, 1).Scan(&v)
			p.Close()
		}
		return err
	default:
		_, err = db.ExecContext(ctx, "SELECT pg_sleep(0.002)")
		return err
	}
	if err != nil {
		return err
	}
	defer rows.Close()
	got := 0
	for rows.Next() {
		var i int
		var s string
		if err := rows.Scan(&i, &s); err != nil {
			return err
		}
		got++
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if got != n {
		return fmt.Errorf("%d rows, want %d", got, n)
	}
	return nil
}
