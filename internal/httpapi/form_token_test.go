package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"noces/internal/eventreq"
	"sync"
	"testing"
	"time"
)

// postProjectFrom sends a project from a client address, as a robot replaying
// one token from many addresses would; safe for concurrent use.
func (e *env) postProjectFrom(addr string, body map[string]any) (int, string) {
	raw, err := json.Marshal(body)
	if err != nil {
		panic(err)
	}
	hr := httptest.NewRequest("POST", "/api/public/projects", bytes.NewReader(raw))
	hr.Header.Set("Content-Type", "application/json")
	hr.RemoteAddr = addr + ":40000"
	rec := httptest.NewRecorder()
	e.handler.ServeHTTP(rec, hr)
	var out struct {
		Error string `json:"error"`
	}
	_ = json.Unmarshal(rec.Body.Bytes(), &out)
	return rec.Code, out.Error
}

func TestAFormTokenIsSpentByTheProjectItCarries(t *testing.T) {
	e := newEnv(t)
	e.visiblePlanner("the-one", 45.76, 4.84, false, 4, 4)

	t.Run("a replay from the same address is refused and creates nothing", func(t *testing.T) {
		tok := e.formToken()
		r := e.do(req{method: "POST", path: "/api/public/projects", body: projectFor(tok)})
		if r.status != 201 {
			t.Fatalf("first send: %d %s", r.status, r.body)
		}
		before := e.counts()
		r = e.do(req{method: "POST", path: "/api/public/projects", body: projectFor(tok), headers: map[string]string{"Accept-Language": "de"}})
		body := r.json(t)
		if r.status != 409 || body["error"] != "project.errors.form_used" {
			t.Fatalf("replay: %d %s", r.status, r.body)
		}
		if body["message"] != "Dieses Formular wurde bereits gesendet, daher wurde nichts Neues übermittelt. Um eine weitere Anfrage zu senden, laden Sie das Formular neu und füllen Sie es erneut aus." {
			t.Errorf("message %q", body["message"])
		}
		after := e.counts()
		for _, table := range []string{"projects", "event_requests", "outbox"} {
			if after[table] != before[table] {
				t.Errorf("%s: %d -> %d", table, before[table], after[table])
			}
		}
	})

	t.Run("two forms served in the same second each make their project", func(t *testing.T) {
		a := e.do(req{method: "GET", path: "/api/public/options"}).json(t)["formToken"].(string)
		b := e.do(req{method: "GET", path: "/api/public/options"}).json(t)["formToken"].(string)
		if a == b {
			t.Fatal("two forms got the same token")
		}
		e.clock.Advance(10 * time.Second)
		for i, tok := range []string{a, b} {
			if status, code := e.postProjectFrom(fmt.Sprintf("198.51.100.%d", i+1), projectFor(tok)); status != 201 {
				t.Errorf("form %d: %d %s", i, status, code)
			}
		}
	})

	t.Run("twenty concurrent replays from twenty addresses make one project", func(t *testing.T) {
		tok := e.formToken()
		before := e.tableRows("projects")
		var wg sync.WaitGroup
		var mu sync.Mutex
		got := map[string]int{}
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				status, code := e.postProjectFrom(fmt.Sprintf("203.0.113.%d", i+1), projectFor(tok))
				mu.Lock()
				got[fmt.Sprintf("%d %s", status, code)]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if got["201 "] != 1 || got["409 project.errors.form_used"] != 19 {
			t.Errorf("answers %v, want one 201 and nineteen 409", got)
		}
		if n := e.tableRows("projects") - before; n != 1 {
			t.Errorf("%d projects made, want 1", n)
		}
	})

	t.Run("the clean-up job forgets spent tokens once their age refuses them", func(t *testing.T) {
		old := e.formToken()
		if status, code := e.postProjectFrom("192.0.2.10", projectFor(old)); status != 201 {
			t.Fatalf("%d %s", status, code)
		}
		spent := e.tableRows("spent_form_tokens")
		e.clock.Advance(26 * time.Hour)
		if status, code := e.postProjectFrom("192.0.2.11", projectFor(e.formToken())); status != 201 {
			t.Fatalf("%d %s", status, code)
		}
		if _, err := e.store.DeleteSpentFormTokensBefore(t.Context(), eventreq.SpentTokensKeptUntil(e.clock.Now())); err != nil {
			t.Fatal(err)
		}
		if n := e.tableRows("spent_form_tokens"); n != 1 {
			t.Errorf("%d spent tokens kept after pruning (were %d), want only the new one", n, spent)
		}
		// The forgotten token is still refused, by its age.
		if status, code := e.postProjectFrom("192.0.2.12", projectFor(old)); status != 400 || code != "project.errors.spam" {
			t.Errorf("an expired token: %d %s", status, code)
		}
	})
}
