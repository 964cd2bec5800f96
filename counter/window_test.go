package counter

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redistest"
)

func TestHashReply(t *testing.T) {
	tests := []struct {
		name    string
		raw     string
		want    string
		wantErr error // errReply, or nil for "any error" when bad is set
		bad     bool
	}{
		{"RESP3 map", "%2\r\n$16\r\n00000000000000AB\r\n$1\r\n7\r\n$1\r\nx\r\n$2\r\n-3\r\n", "00000000000000AB=7 x=-3 ", nil, false},
		{"RESP2 array", "*4\r\n$1\r\na\r\n$1\r\n1\r\n$1\r\nb\r\n$3\r\n100\r\n", "a=1 b=100 ", nil, false},
		{"empty", "%0\r\n", "", nil, false},
		{"empty value", "%1\r\n$1\r\na\r\n$0\r\n\r\n", "a= ", nil, false},
		{"error reply", "-WRONGTYPE Operation against a key holding the wrong kind of value\r\n", "", errReply, true},
		{"cluster redirection", "-MOVED 3999 127.0.0.1:6381\r\n", "", errReply, true},
		{"odd RESP2 array", "*3\r\n$1\r\na\r\n$1\r\n1\r\n$1\r\nb\r\n", "", nil, true},
		{"not a map", "$3\r\nabc\r\n", "", nil, true},
		{"truncated", "%1\r\n$16\r\n00000000000000AB\r\n$3\r\n7\r\n", "", nil, true},
		{"integer element", "%1\r\n$1\r\na\r\n:7\r\n", "", nil, true},
		{"no CRLF", "%1", "", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ""
			r, err := newHashReply([]byte(tt.raw))
			for err == nil {
				var f, v []byte
				var ok bool
				if f, v, ok, err = r.next(); !ok || err != nil {
					break
				}
				got += string(f) + "=" + string(v) + " "
			}
			if tt.bad != (err != nil) {
				t.Fatalf("err = %v, bad %v", err, tt.bad)
			}
			if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if !tt.bad && got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestParseFieldAndPV(t *testing.T) {
	fields := []struct {
		in   string
		want stgypub.ID
		ok   bool
	}{
		{"19FD706DCB600000", 0x19FD706DCB600000, true},
		{"19fd706dcb600000", 0x19FD706DCB600000, true},
		{"FFFFFFFFFFFFFFFF", -1, true},
		{"19FD706DCB60000", 0, false},
		{"19FD706DCB60000G", 0, false},
		{"+9FD706DCB600000", 0, false},
		{"", 0, false},
	}
	for _, tt := range fields {
		t.Run("field "+tt.in, func(t *testing.T) {
			got, ok := parseField([]byte(tt.in))
			want, err := stgypub.ParseID(tt.in)
			if ok != tt.ok || got != tt.want || ok != (err == nil) || (ok && got != want) {
				t.Fatalf("parseField(%q) = %X, %v; want %X, %v (ParseID %X, %v)", tt.in, got, ok, tt.want, tt.ok, want, err)
			}
		})
	}
	pvs := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"1", 1, true}, {"138", 138, true}, {"007", 7, true}, {"+5", 5, true},
		{"9223372036854775807", 9223372036854775807, true},
		{"0", 0, false}, {"-3", -3, false}, {"", 0, false}, {" 5", 0, false},
		{"1.5", 0, false}, {"9223372036854775808", 9223372036854775807, false},
	}
	for _, tt := range pvs {
		t.Run("pv "+tt.in, func(t *testing.T) {
			if got, ok := parsePV([]byte(tt.in)); ok != tt.ok || (ok && got != tt.want) {
				t.Fatalf("parsePV(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestReadWindowPaths checks that the raw RESP decoding, over RESP3 and
// RESP2, reads exactly what go-redis's typed HGETALL reads.
func TestReadWindowPaths(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 0, Config{})
	day := map[int]map[stgypub.ID]int64{0: {}, -1: {}, -14: {1: 5}, -15: {1: 1000}}
	for i := range 700 { // today's Hash is past hash-max-listpack-entries
		day[0][stgypub.ID(i+1)] = int64(1 + i%9)
		day[-1][stgypub.ID(2*i+1)] = int64(100 + i)
	}
	f.seedDaily(t, day)
	today := f.c.dailyKey(f.owner, "20260310")
	f.rdb.HSet(ctx, today, "not-an-id", 9, "000000ab00000000", 4, "000000AC00000000", "+6", "000000AD00000000", "x", "000000AE00000000", -2)
	days := f.c.window()
	keys := make([]string, len(days))
	for i, d := range days {
		keys[i] = f.c.dailyKey(f.owner, d.Format(dayLayout))
	}
	want, err := f.c.readWindowTyped(ctx, keys)
	if err != nil {
		t.Fatal(err)
	}
	if r := want.row(0xAB00000000); r < 0 || want.series(r)[14] != 4 || want.row(0xAD00000000) >= 0 || want.row(0xAE00000000) >= 0 || want.len() != 1050+2 {
		t.Fatalf("typed read: %d posts", want.len())
	}
	for _, proto := range []int{2, 3} {
		t.Run(fmt.Sprintf("RESP%d", proto), func(t *testing.T) {
			c := New(redistest.Client(t, proto), f.cs, f.c.cfg)
			got, err := c.readWindowRaw(ctx, keys)
			if err != nil {
				t.Fatal(err)
			}
			if got.len() != want.len() {
				t.Fatalf("%d posts, want %d", got.len(), want.len())
			}
			for r, id := range want.ids {
				if g := got.row(id); g < 0 || !slices.Equal(got.series(g), want.series(r)) {
					t.Fatalf("post %s: %v, want %v", id, got.series(max(g, 0)), want.series(r))
				}
			}
		})
	}
	t.Run("wrong type is an error, not a panic", func(t *testing.T) {
		f.rdb.Del(ctx, today)
		f.rdb.Set(ctx, today, "not a hash", 0)
		if _, err := f.c.Ranking(ctx, f.owner, 5); err == nil {
			t.Fatal("Ranking over a string key: no error")
		}
		if _, err := f.c.Stats(ctx, f.owner); err == nil {
			t.Fatal("Stats over a string key: no error")
		}
	})
}

// TestStatsCheckpointReads checks that Stats is the same through
// EachOwnerCheckpoint and through OwnerCheckpoints.
func TestStatsCheckpointReads(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 4, Config{})
	a, b, c, d := f.posts[0], f.posts[1], f.posts[2], f.posts[3]
	f.seedDaily(t, map[int]map[stgypub.ID]int64{0: {a: 103, b: 2}, -3: {c: 9}})
	var cps []stgypub.Checkpoint
	for i, p := range []stgypub.ID{a, b, c, d} {
		for off := range 16 {
			cps = append(cps, stgypub.Checkpoint{PostID: p, OwnerID: f.owner, Date: testNow.AddDate(0, 0, -off), Count: int64(4 * (1 + (i+off)%5))})
		}
	}
	if err := f.st.UpsertCheckpoints(ctx, cps); err != nil {
		t.Fatal(err)
	}
	stream, err := f.c.Stats(ctx, f.owner)
	if err != nil {
		t.Fatal(err)
	}
	f.rdb.Del(ctx, f.c.statsKey(f.owner))
	plain := New(f.rdb, plainStore{f.cs}, f.c.cfg)
	rows, err := plain.Stats(ctx, f.owner)
	if err != nil {
		t.Fatal(err)
	}
	js, _ := json.Marshal(stream)
	jr, _ := json.Marshal(rows)
	if string(js) != string(jr) {
		t.Fatalf("streamed %s\nrows     %s", js, jr)
	}
	// a: today max(103, 4) plus 14 earlier days from the checkpoints.
	var wantA int64 = 103
	for off := 1; off < 15; off++ {
		wantA += int64(4 * (1 + off%5))
	}
	if stream.Posts[0].ID != a || stream.Posts[0].PV != wantA {
		t.Fatalf("top %+v, want %s with %d", stream.Posts[0], a, wantA)
	}
}

// TestTopKMatchesSort compares the heap with a full sort on random
// entries full of ties.
func TestTopKMatchesSort(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var all []stgypub.RankingEntry
	for i := range 5000 {
		all = append(all, stgypub.RankingEntry{ID: stgypub.ID(r.Int64N(1 << 40)), PV: r.Int64N(50) - 2})
		if i%7 == 0 {
			all = append(all, stgypub.RankingEntry{ID: stgypub.ID(i), PV: 30})
		}
	}
	sorted := slices.Clone(all)
	slices.SortFunc(sorted, func(a, b stgypub.RankingEntry) int {
		if better(a, b) {
			return -1
		}
		if better(b, a) {
			return 1
		}
		return 0
	})
	positive := slices.IndexFunc(sorted, func(e stgypub.RankingEntry) bool { return e.PV <= 0 })
	for _, k := range []int{1, 7, 1000, 10000} {
		t.Run(fmt.Sprint("k=", k), func(t *testing.T) {
			want := sorted[:min(k, positive)]
			if got := topK(all, k); !slices.Equal(got, want) {
				t.Fatalf("topK(%d): %d entries, head %v; want %d, head %v", k, len(got), got[:min(3, len(got))], len(want), want[:min(3, len(want))])
			}
		})
	}
}
