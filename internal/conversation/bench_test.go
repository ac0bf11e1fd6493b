package conversation

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"noces/internal/model"
	"noces/internal/store/storetest"
)

// BenchmarkOpenConversation1000 opens a conversation of 1,000 messages as
// the provider's request page does (GET messages: the couple's messages
// marked read, every message read and encoded), on the engine of
// TEST_DATABASE_URL, and reports the p99 of the openings. The goal is under
// 20 ms, so a long conversation opens as fast as any other page.
func BenchmarkOpenConversation1000(b *testing.B) {
	e := newEnv(b)
	ctx := context.Background()
	u := e.provider(b, "p@example.com", false)
	id := e.request(b, u.ID, true)
	for i := range 1000 {
		sender := model.MessageFromProvider
		if i%2 == 1 {
			sender = model.MessageFromCouple
		}
		storetest.Must(b, e.store.AddMessage(ctx, model.Message{ID: model.NewID(), RequestID: id, Sender: sender,
			Body:      fmt.Sprintf("Message %d: let's talk about the menu, the flowers and https://example.com/%d.", i, i),
			CreatedAt: now.Add(time.Duration(i) * time.Minute)}))
	}
	// Other requests' messages around, so the index has something to skip.
	other := e.request(b, u.ID, true)
	for i := range 1000 {
		storetest.Must(b, e.store.AddMessage(ctx, model.Message{ID: model.NewID(), RequestID: other, Sender: model.MessageFromCouple,
			Body: "noise", CreatedAt: now.Add(time.Duration(i) * time.Minute)}))
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for b.Loop() {
		start := time.Now()
		th, err := e.svc.ProviderThread(ctx, u.ID, id)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := json.Marshal(th.Messages); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
		if len(th.Messages) != 1000 {
			b.Fatalf("%d messages", len(th.Messages))
		}
	}
	b.StopTimer()
	slices.Sort(times)
	p99 := times[min(len(times)-1, len(times)*99/100)]
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
	// Reported, not asserted: on a machine shared with other work the
	// tail says more about the neighbours than about the query.
	b.Logf("%d openings: p50 %v, p99 %v (the issue wants p99 under 20 ms)", len(times), times[len(times)/2], p99)
}
