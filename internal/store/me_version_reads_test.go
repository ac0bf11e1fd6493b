package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fakeVersions is a table of versions that the reads of a test query, with
// a gate to hold each read between its snapshot and its answer.
type fakeVersions struct {
	mu       sync.Mutex
	versions map[string]int64
	queries  atomic.Int64
	batches  chan []string // each read's users, when it takes its snapshot
	release  chan struct{} // a read answers once it receives from here
}

func newFakeVersions() *fakeVersions {
	return &fakeVersions{versions: map[string]int64{}, batches: make(chan []string, 64), release: make(chan struct{})}
}

func (f *fakeVersions) set(id string, v int64) {
	f.mu.Lock()
	f.versions[id] = v
	f.mu.Unlock()
}

// query answers what was committed when it was called, as a statement's
// snapshot does, however long it then takes.
func (f *fakeVersions) query(_ context.Context, ids []string) (map[string]int64, error) {
	f.queries.Add(1)
	f.mu.Lock()
	snap := map[string]int64{}
	for _, id := range ids {
		if v, ok := f.versions[id]; ok {
			snap[id] = v
		}
	}
	f.mu.Unlock()
	f.batches <- slices.Clone(ids)
	<-f.release
	return snap, nil
}

// A request may share a read only if that read started after the request
// arrived: a read under way may have taken its snapshot before a write the
// request must see. Every request arriving while the slots are busy gets
// its own user's version, as committed before it arrived.
func TestMeVersionReadsNeverHandAnEarlierRead(t *testing.T) {
	db := newFakeVersions()
	f := newMeVersionReads(1, db.query)
	ctx := context.Background()
	db.set("u0", 1)
	first := make(chan int64)
	go func() {
		v, err := f.read(ctx, "u0")
		if err != nil {
			t.Error(err)
		}
		first <- v
	}()
	if got := <-db.batches; !slices.Equal(got, []string{"u0"}) {
		t.Fatalf("first read: %v", got)
	}
	// The first read has its snapshot; these writes come after it, and
	// the requests below arrive after the writes.
	const late = 8
	for i := range late {
		db.set(fmt.Sprintf("u%d", i), int64(100+i))
	}
	var wg sync.WaitGroup
	got := make([]int64, late)
	errs := make([]error, late)
	for i := range late {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], errs[i] = f.read(ctx, fmt.Sprintf("u%d", i))
		}()
	}
	waitFor(t, func() bool {
		f.mu.Lock()
		defer f.mu.Unlock()
		return f.pending != nil && len(f.pending.ids) == late
	})
	db.release <- struct{}{}
	if v := <-first; v != 1 {
		t.Fatalf("first read: version %d, want 1 (its snapshot)", v)
	}
	// All eight share the next read.
	if shared := <-db.batches; len(shared) != late {
		t.Fatalf("the late requests read %v, want the %d of them in one read", shared, late)
	}
	db.release <- struct{}{}
	wg.Wait()
	for i := range late {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if got[i] != int64(100+i) {
			t.Errorf("request for u%d arrived after version %d was committed and got %d", i, 100+i, got[i])
		}
	}
	if n := db.queries.Load(); n != 2 {
		t.Errorf("%d requests made %d reads, want 2", late+1, n)
	}
	if f.pending != nil || len(f.slots) != 0 {
		t.Error("a read left behind after every request ended")
	}
}

// A user without a row (deleted, unknown) is ErrNotFound to its own
// request; the others of the read get their versions.
func TestMeVersionReadsUserGone(t *testing.T) {
	db := newFakeVersions()
	close(db.release)
	db.set("here", 4)
	f := newMeVersionReads(2, db.query)
	ctx := context.Background()
	if _, err := f.read(ctx, "gone"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("gone: %v, want ErrNotFound", err)
	}
	if v, err := f.read(ctx, "here"); err != nil || v != 4 {
		t.Fatalf("here: %d, %v", v, err)
	}
}

// A request that gives up while it leads a read others share fails none of
// them: the read runs to its end for them.
func TestMeVersionReadsSurviveACanceledLeader(t *testing.T) {
	db := newFakeVersions()
	db.set("a", 1)
	db.set("b", 2)
	db.set("c", 3)
	f := newMeVersionReads(1, db.query)
	go func() { _, _ = f.read(context.Background(), "a") }()
	<-db.batches // a's read holds the only slot
	leaderCtx, cancel := context.WithCancel(context.Background())
	type result struct {
		v   int64
		err error
	}
	leader, other := make(chan result), make(chan result)
	go func() {
		v, err := f.read(leaderCtx, "b")
		leader <- result{v, err}
	}()
	waitFor(t, func() bool { f.mu.Lock(); defer f.mu.Unlock(); return f.pending != nil })
	go func() {
		v, err := f.read(context.Background(), "c")
		other <- result{v, err}
	}()
	waitFor(t, func() bool { f.mu.Lock(); defer f.mu.Unlock(); return f.pending != nil && len(f.pending.ids) == 2 })
	cancel()
	db.release <- struct{}{} // a's read ends; b leads the next
	<-db.batches
	db.release <- struct{}{}
	if r := <-other; r.err != nil || r.v != 3 {
		t.Fatalf("c: %d, %v (its read must not end with its leader's context)", r.v, r.err)
	}
	if r := <-leader; r.err != nil || r.v != 2 {
		t.Fatalf("b: %d, %v", r.v, r.err)
	}
}

// A request that is not the leader gives up with its own context while the
// read it joined waits for a slot.
func TestMeVersionReadsFollowerGivesUp(t *testing.T) {
	db := newFakeVersions()
	f := newMeVersionReads(1, db.query)
	go func() { _, _ = f.read(context.Background(), "a") }()
	<-db.batches
	go func() { _, _ = f.read(context.Background(), "b") }() // leads the next read
	waitFor(t, func() bool { f.mu.Lock(); defer f.mu.Unlock(); return f.pending != nil })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := f.read(ctx, "c"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("c: %v, want its deadline", err)
	}
	db.release <- struct{}{}
	<-db.batches
	db.release <- struct{}{}
}
