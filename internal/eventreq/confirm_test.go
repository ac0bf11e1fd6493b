package eventreq

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"sync"
	"testing"
	"time"

	"noces/internal/clock"
	"noces/internal/eventreq/eventreqtest"
	"noces/internal/model"
	"noces/internal/platform/mail"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

func (e submitEnv) count(t *testing.T, q string, args ...any) int {
	t.Helper()
	var n int
	storetest.Must(t, e.store.DB().QueryRow(q, args...).Scan(&n))
	return n
}

func TestNothingOfAnUnconfirmedProjectReachesAProvider(t *testing.T) {
	e := newSubmitEnv(t)
	ctx := context.Background()
	owner := e.owner(t, "owner@example.com")
	storetest.Must(t, e.store.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: owner, CreatedAt: now, Description: "buy",
		Deposited: 3, Ref: sql.NullString{String: "pay", Valid: true}}))
	e.venue(t, owner, "la-bastide", 200, 0.01, true)
	res, err := e.submit(t, "la-bastide", "couple@example.com")
	storetest.Must(t, err)

	// Before confirmation: no request, nothing in any count, no e-mail to the owner.
	rows, total, unseen, err := e.svc.List(ctx, owner, ListQuery{PageSize: 25, Sort: store.SortCreatedAt})
	if err != nil || len(rows) != 0 || total != 0 || unseen != 0 {
		t.Errorf("list: %d rows, total %d, unseen %d, %v", len(rows), total, unseen, err)
	}
	counts, err := e.store.CountEventRequests(ctx, owner, now.Add(-time.Hour))
	if err != nil || counts.Total != 0 {
		t.Errorf("counts %+v %v", counts, err)
	}
	overview, err := e.store.CountOverview(ctx, now.Add(-time.Hour), now.Add(time.Hour))
	if err != nil || overview.Received != 0 {
		t.Errorf("overview %+v %v", overview, err)
	}
	projects := 0
	storetest.Must(t, e.store.EachOverviewEvent(ctx, store.SeriesProjects, now.Add(-time.Hour), now.Add(time.Hour), func(store.OverviewEvent) { projects++ }))
	if projects != 0 {
		t.Errorf("the overview counts %d unconfirmed projects", projects)
	}
	if n := e.count(t, `SELECT COUNT(*) FROM outbox WHERE recipient = 'owner@example.com'`); n != 0 {
		t.Errorf("%d e-mails to the owner", n)
	}

	// A request that some bug would attach to the unconfirmed project opens,
	// unlocks and charges nothing.
	stray := model.EventRequest{ID: model.NewID(), ProjectID: res.ProjectID, ProviderID: owner, CreatedAt: now}
	storetest.Must(t, e.store.CreateEventRequest(ctx, stray))
	if _, err := e.svc.Unlock(ctx, owner, stray.ID); err == nil {
		t.Error("a request of an unconfirmed project was unlocked")
	}
	if cached, ledger := balance(t, e.store, owner); cached != 3 || ledger != 3 {
		t.Errorf("balance %d/%d", cached, ledger)
	}
	_, err = e.store.DB().Exec(`DELETE FROM event_requests WHERE id = $1`, stray.ID)
	storetest.Must(t, err)

	done := eventreqtest.Confirm(t, e.store, e.svc, "couple@example.com")
	rows, total, _, err = e.svc.List(ctx, owner, ListQuery{PageSize: 25, Sort: store.SortCreatedAt})
	if err != nil || total != 1 || done.Matched != 1 || rows[0].UnlockCount != 0 || rows[0].UnlockCap != 3 {
		t.Errorf("after confirmation: %d rows, matched %d, %v", total, done.Matched, err)
	}
}

func TestConfirmingAtOnceSendsOnce(t *testing.T) {
	e := newSubmitEnv(t)
	a := e.owner(t, "a@example.com")
	b := e.owner(t, "b@example.com")
	e.venue(t, a, "a-one", 200, 0.01, true)
	e.venue(t, b, "b-one", 200, 0.02, true)
	res, err := e.submit(t, "", "twice@example.com")
	storetest.Must(t, err)
	token := eventreqtest.Token(t, e.store, "twice@example.com")
	var wg sync.WaitGroup
	results := make([]Pending, 20)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := e.svc.Confirm(context.Background(), token)
			if err != nil {
				t.Error(err)
			}
			results[i] = p
		}()
	}
	wg.Wait()
	for _, p := range results {
		if !p.Confirmed || p.Matched != 2 {
			t.Errorf("a confirmation saw %+v", p)
		}
	}
	if n := e.count(t, `SELECT COUNT(*) FROM event_requests WHERE project_id = $1`, res.ProjectID); n != 2 {
		t.Errorf("%d requests", n)
	}
	for _, to := range []string{"a@example.com", "b@example.com"} {
		if n := e.count(t, `SELECT COUNT(*) FROM outbox WHERE recipient = $1`, to); n != 1 {
			t.Errorf("%s got %d e-mails", to, n)
		}
	}
	// The link, then one summary.
	if n := e.count(t, `SELECT COUNT(*) FROM outbox WHERE recipient = 'twice@example.com'`); n != 2 {
		t.Errorf("the couple got %d e-mails", n)
	}
}

func TestALinkExpiresAfter48HoursAndThenChangesNothing(t *testing.T) {
	e := newSubmitEnv(t)
	ctx := context.Background()
	e.venue(t, e.owner(t, "o@example.com"), "le-mas", 200, 0.01, true)
	res, err := e.submit(t, "le-mas", "late@example.com")
	storetest.Must(t, err)
	token := eventreqtest.Token(t, e.store, "late@example.com")
	e.clock.Advance(ConfirmTTL - time.Minute)
	if p, err := e.svc.Confirmation(ctx, token); err != nil || p.Confirmed {
		t.Fatalf("a minute before: %+v %v", p, err)
	}
	e.clock.Advance(time.Minute)
	if _, err := e.svc.Confirmation(ctx, token); !IsExpiredLink(err) {
		t.Errorf("at 48 hours: %v", err)
	}
	if _, err := e.svc.Confirm(ctx, token); !IsExpiredLink(err) {
		t.Errorf("confirm at 48 hours: %v", err)
	}
	if err := e.svc.Resend(ctx, res.ProjectID, res.ResendKey, "192.0.2.1"); !IsExpiredLink(err) {
		t.Errorf("resend at 48 hours: %v", err)
	}
	if n := e.count(t, `SELECT COUNT(*) FROM event_requests`) + e.count(t, `SELECT COUNT(*) FROM projects WHERE confirmed_at IS NOT NULL`); n != 0 {
		t.Errorf("an expired link changed %d rows", n)
	}
	if n := e.count(t, `SELECT COUNT(*) FROM outbox`); n != 1 {
		t.Errorf("%d e-mails, want the first link only", n)
	}
	// Deleted by the job, the link is unknown.
	_, err = e.store.DeleteUnconfirmedProjectsBefore(ctx, e.clock.Now().Add(-ConfirmTTL+time.Second))
	storetest.Must(t, err)
	if _, err := e.svc.Confirmation(ctx, token); err == nil || IsExpiredLink(err) {
		t.Errorf("after deletion: %v", err)
	}
}

// FuzzConfirmationLink: whatever a link's token (a URL path segment anyone
// can type), reading or confirming it finds nothing and writes nothing.
func FuzzConfirmationLink(f *testing.F) {
	for _, seed := range []string{"", "nope", "a/b", "%00", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", string(make([]byte, 300))} {
		f.Add(seed)
	}
	s := storetest.New(f)
	svc := NewService(Deps{Store: s, Clock: clock.NewFixed(now)})
	f.Fuzz(func(t *testing.T, token string) {
		if _, err := svc.Confirmation(context.Background(), token); err == nil || IsExpiredLink(err) {
			t.Errorf("%q: %v", token, err)
		}
		if _, err := svc.Confirm(context.Background(), token); err == nil {
			t.Errorf("%q confirmed", token)
		}
		var n int
		storetest.Must(t, s.DB().QueryRow(`SELECT COUNT(*) FROM projects`).Scan(&n))
		if n != 0 {
			t.Fatalf("%d projects", n)
		}
	})
}

// Confirming reads the calendars of all the project's addressees in one
// query: an addressee more costs the statements of its request (its row,
// its provider read, its e-mail) and no calendar read of its own.
func TestConfirmReadsEveryCalendarInOneQuery(t *testing.T) {
	// confirmQueries counts the statements of confirming a project matched
	// to planners, and those of queueing one e-mail.
	confirmQueries := func(t *testing.T, planners int) (confirm, email int64) {
		s, err := store.Open(t.Context(), storetest.MigratedURL(t), store.CountQueries())
		storetest.Must(t, err)
		t.Cleanup(func() { s.Close() })
		e := newSubmitEnvOn(t, s)
		for i := range planners {
			e.planner(t, fmt.Sprintf("planner-%d", i))
		}
		// A first project loads the directory's index, so that the second's
		// confirmation reads the same in both worlds but for its addressees.
		_, err = e.submitProject(t, "first@example.com", false, "", "")
		storetest.Must(t, err)
		eventreqtest.Confirm(t, s, e.svc, "first@example.com")
		_, err = e.submitProject(t, "second@example.com", false, "", "")
		storetest.Must(t, err)
		token := eventreqtest.Token(t, s, "second@example.com")
		var n store.QueryCount
		done, err := e.svc.Confirm(store.WithQueryCount(t.Context(), &n), token)
		storetest.Must(t, err)
		if done.Matched != planners {
			t.Fatalf("matched %d, want %d", done.Matched, planners)
		}
		confirm = n.N()

		// One e-mail's statements: a transaction with it, less one without.
		// The least of three: a first transaction or e-mail may prepare what
		// the next reuse, and River's PostgreSQL notice of new jobs comes at
		// most once in a while.
		txn := func(queue bool) int64 {
			var c store.QueryCount
			ctx := store.WithQueryCount(t.Context(), &c)
			storetest.Must(t, s.InTx(ctx, func(tx *store.Store) error {
				if !queue {
					return nil
				}
				return e.svc.outbox.Email(ctx, tx, mail.Message{To: "x@example.com", Subject: "s", Text: "t"})
			}))
			return c.N()
		}
		email = math.MaxInt64
		for range 3 {
			email = min(email, txn(true)-txn(false))
		}
		return confirm, email
	}
	one, email := confirmQueries(t, 1)
	six, _ := confirmQueries(t, 6)
	perRequest := 2 + email // the request's row, its provider read, its e-mail
	// At most one more: River's PostgreSQL notice of new jobs, sent at most
	// once in a while however many jobs a transaction inserts. A calendar
	// read per addressee would be five more.
	if got, want := six-one, 5*perRequest; got < want || got > want+1 {
		t.Errorf("five addressees more cost %d statements, want %d (%d per request), or one more; one addressee: %d in all",
			got, want, perRequest, one)
	}
}
