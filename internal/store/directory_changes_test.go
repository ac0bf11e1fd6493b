package store

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// A search may share a read of the feed's counter only if that read
// started after the search did: a read already under way may have missed a
// write committed just before the search, which the search must see.
func TestVersionReadsNeverHandAnEarlierRead(t *testing.T) {
	var f versionReads
	var counter, queries atomic.Int64
	started, release := make(chan struct{}, 10), make(chan struct{})
	query := func(context.Context) (int64, int64, error) {
		queries.Add(1)
		v := counter.Load() // the snapshot: what a read sees is what was committed when it began
		started <- struct{}{}
		<-release
		return v, 0, nil
	}
	ctx := context.Background()
	first := make(chan int64)
	go func() {
		v, _, _ := f.read(ctx, query)
		first <- v
	}()
	<-started // the first read is under way, having seen version 0
	counter.Store(1)
	// These searches start after version 1 was committed.
	const late = 8
	var wg sync.WaitGroup
	got := make([]int64, late)
	for i := range late {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], _, _ = f.read(ctx, query)
		}()
	}
	waitFor(t, func() bool { f.mu.Lock(); defer f.mu.Unlock(); return f.waiting != nil })
	time.Sleep(50 * time.Millisecond) // let the late searches join the waiting read
	close(release)
	if v := <-first; v != 0 {
		t.Fatalf("first read: version %d, want 0", v)
	}
	wg.Wait()
	for i, v := range got {
		if v != 1 {
			t.Fatalf("search %d arrived after version 1 was committed and got version %d", i, v)
		}
	}
	// Two reads (one under way, one shared by the late searches), or a few
	// more if a late search was slow to arrive; one each is no sharing.
	if n := queries.Load(); n < 2 || n > late/2 {
		t.Fatalf("%d searches made %d reads", late+1, n)
	}
	if f.running != nil || f.waiting != nil {
		t.Fatal("reads left behind after every search ended")
	}
}

// A search that gives up while others wait on the read it leads fails
// alone.
func TestVersionReadsSurviveACanceledLeader(t *testing.T) {
	var f versionReads
	started, release := make(chan struct{}, 10), make(chan struct{})
	query := func(ctx context.Context) (int64, int64, error) {
		started <- struct{}{}
		<-release
		return 7, 3, ctx.Err()
	}
	leaderCtx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		_, _, err := f.read(leaderCtx, query)
		done <- err
	}()
	<-started
	other := make(chan error)
	go func() { // joins the next read, which it will lead
		v, p, err := f.read(context.Background(), query)
		if err == nil && (v != 7 || p != 3) {
			t.Errorf("got %d, %d", v, p)
		}
		other <- err
	}()
	waitFor(t, func() bool { f.mu.Lock(); defer f.mu.Unlock(); return f.waiting != nil })
	cancel()
	release <- struct{}{}
	if err := <-done; err != nil {
		t.Fatalf("leader: %v (its read must not be canceled: others may share it)", err)
	}
	<-started
	release <- struct{}{}
	if err := <-other; err != nil {
		t.Fatal(err)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
	}
}
