// Package eventreqtest confirms couples' projects in tests, as the couple
// does: by the link of the e-mail the outbox holds for its address. Tests
// that submit projects and then look at requests confirm them first.
package eventreqtest

import (
	"context"
	"regexp"
	"testing"

	"noces/internal/store"
)

// linkToken finds the token of a confirmation link in an e-mail.
var linkToken = regexp.MustCompile(`/confirm/([A-Za-z0-9_-]+)`)

// Token returns the token of the newest confirmation link e-mailed to email.
func Token(t testing.TB, st *store.Store, email string) string {
	t.Helper()
	var bodies []string
	rows, err := st.DB().QueryContext(context.Background(),
		`SELECT body_text FROM outbox WHERE recipient = $1 AND channel = 'email' ORDER BY created_at DESC, id DESC`, email)
	if err != nil {
		t.Fatalf("eventreqtest: %v", err)
	}
	defer rows.Close()
	for rows.Next() {
		var b string
		if err := rows.Scan(&b); err != nil {
			t.Fatalf("eventreqtest: %v", err)
		}
		bodies = append(bodies, b)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("eventreqtest: %v", err)
	}
	for _, b := range bodies {
		if m := linkToken.FindStringSubmatch(b); m != nil {
			return m[1]
		}
	}
	t.Fatalf("eventreqtest: no confirmation link e-mailed to %s", email)
	return ""
}

// Confirmer is what confirms a link: *eventreq.Service. The package names
// no eventreq type, so eventreq's own tests can use it too.
type Confirmer[P any] interface {
	Confirm(ctx context.Context, token string) (P, error)
}

// Confirm confirms the newest project e-mailed to email, as the couple
// pressing the button of its link does, and returns the result
// (eventreq.Pending).
func Confirm[P any](t testing.TB, st *store.Store, svc Confirmer[P], email string) P {
	t.Helper()
	p, err := svc.Confirm(context.Background(), Token(t, st, email))
	if err != nil {
		t.Fatalf("eventreqtest: confirm: %v", err)
	}
	return p
}
