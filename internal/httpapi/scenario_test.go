package httpapi

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// scenario is one HTTP request and what it must answer, as a row of a
// table: runScenarios runs each row as a subtest named by its prose name.
type scenario struct {
	name         string
	method, path string
	// as is who asks: "" is an anonymous caller; otherwise a session the
	// test filed in e.tokens, or else a user of e.users who signs in.
	as          string
	body        any // as req.body: a string is sent as is, anything else as JSON
	contentType string
	headers     map[string]string

	wantStatus int
	// wantJSON is compared with go-cmp on the keys it gives only, at every
	// depth (objects in objects and in arrays of the same length); numbers
	// may be written as Go ints. A nil value also accepts a missing key.
	wantJSON any
	// wantCode is the reply's error code; the reply must also carry a
	// message that is a text, not the code again.
	wantCode string
	// wantFields are the codes of the fields the reply refuses.
	wantFields map[string]string
	// wantNoWrites checks that no table of writeTables changed.
	wantNoWrites bool

	setUp func(t *testing.T, e *env)
	after func(t *testing.T, e *env, r resp)
}

// writeTables are the tables a refused request must leave alone.
var writeTables = []string{"users", "companies", "credit_log", "refresh_tokens", "outbox", "audit_log",
	"projects", "event_requests", "reviews", "promotional_alerts", "promotional_popups",
	"images", "videos", "portfolios", "portfolio_images"}

// rowCounts snapshots the row count of every table in writeTables.
func (e *env) rowCounts() map[string]int {
	e.t.Helper()
	out := map[string]int{}
	for _, table := range writeTables {
		out[table] = e.countRows(table)
	}
	return out
}

// runScenarios runs every scenario as a subtest, in order, on the same server.
func runScenarios(t *testing.T, e *env, scenarios []scenario) {
	t.Helper()
	signedIn := map[string]string{}
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			se := *e
			se.t = t // failures belong to the subtest
			e := &se
			if sc.setUp != nil {
				sc.setUp(t, e)
			}
			r := req{method: sc.method, path: sc.path, body: sc.body, contentType: sc.contentType, headers: sc.headers}
			if sc.as != "" {
				if tok, ok := e.tokens[sc.as]; ok {
					r.token = tok
				} else if tok, ok := signedIn[sc.as]; ok {
					r.token = tok
				} else {
					if _, ok := e.users[sc.as]; !ok {
						t.Fatalf("no user or session named %q", sc.as)
					}
					r.token = e.login(sc.as).Access
					signedIn[sc.as] = r.token
				}
			}
			var before map[string]int
			if sc.wantNoWrites {
				before = e.rowCounts()
			}
			got := e.do(r)
			if sc.wantStatus != 0 && got.status != sc.wantStatus {
				t.Fatalf("%s %s answered %d, want %d: %s", sc.method, sc.path, got.status, sc.wantStatus, got.body)
			}
			if sc.wantCode != "" || sc.wantFields != nil {
				body := got.json(t)
				if sc.wantCode != "" {
					if body["error"] != sc.wantCode {
						t.Errorf("error %v, want %s", body["error"], sc.wantCode)
					}
					if msg, _ := body["message"].(string); msg == "" || msg == body["error"] {
						t.Errorf("message %q is not a text", msg)
					}
				}
				fields, _ := body["fields"].(map[string]any)
				for f, code := range sc.wantFields {
					if fields[f] != code {
						t.Errorf("field %s: %v, want %s (fields %v)", f, fields[f], code, fields)
					}
				}
			}
			if sc.wantJSON != nil {
				want := normalJSON(t, sc.wantJSON)
				var body any
				if err := json.Unmarshal(got.body, &body); err != nil {
					t.Fatalf("body is not JSON: %v\n%s", err, got.body)
				}
				if diff := cmp.Diff(want, partial(want, body)); diff != "" {
					t.Errorf("%s %s answered (-want +got):\n%s", sc.method, sc.path, diff)
				}
			}
			if sc.wantNoWrites {
				if diff := cmp.Diff(before, e.rowCounts()); diff != "" {
					t.Errorf("the request wrote (-before +after):\n%s", diff)
				}
			}
			if sc.after != nil {
				sc.after(t, e, got)
			}
		})
	}
}

// normalJSON turns v into what encoding/json decodes it to (float64
// numbers, map[string]any objects, []any arrays).
func normalJSON(t *testing.T, v any) any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// partial keeps of got only what want names: the keys of want's objects, at
// every depth. A key want sets to nil that got lacks is kept as nil, since
// the API leaves out what it would send as null.
func partial(want, got any) any {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return got
		}
		out := map[string]any{}
		for k, wv := range w {
			gv, present := g[k]
			if !present && wv != nil {
				continue
			}
			out[k] = partial(wv, gv)
		}
		return out
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return got
		}
		out := make([]any, len(g))
		for i := range g {
			out[i] = partial(w[i], g[i])
		}
		return out
	}
	return got
}
