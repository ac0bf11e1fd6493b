package refund_test

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/refund"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// row is one refund row of a request's ledger.
type row struct {
	Ref         string
	Delta       int
	Description string
}

// refundRows lists the refund rows of request id, in their order.
func (r *rig) refundRows(t *testing.T, id string) []row {
	t.Helper()
	rows, err := r.s.DB().QueryContext(t.Context(), `SELECT ref, deposited - withdrawn, description FROM credit_log
		WHERE ref = $1 OR ref LIKE $2 ORDER BY LENGTH(ref), ref`, refund.Ref(id), refund.Ref(id)+":%")
	storetest.Must(t, err)
	defer rows.Close()
	var out []row
	for rows.Next() {
		var x row
		storetest.Must(t, rows.Scan(&x.Ref, &x.Delta, &x.Description))
		out = append(out, x)
	}
	storetest.Must(t, rows.Err())
	return out
}

// closeAs records an outcome in one transaction, as the conversation's
// Close does, at the clock's time.
func (r *rig) closeAs(t *testing.T, requestID, outcome, bookedRequest string) {
	t.Helper()
	storetest.Must(t, r.s.InTx(t.Context(), func(tx *store.Store) error {
		var project string
		if err := tx.SQLTx().QueryRowContext(t.Context(), `SELECT project_id FROM event_requests WHERE id = $1`, requestID).Scan(&project); err != nil {
			return err
		}
		return tx.SetProjectOutcome(t.Context(), project, outcome, bookedRequest, r.clk.Now())
	}))
}

func (r *rig) check(t *testing.T, id, want string) {
	t.Helper()
	if got, err := r.svc.Check(t.Context(), id); err != nil || got != want {
		t.Errorf("check of %s: %q, %v; want %q", id, got, err, want)
	}
}

func (r *rig) balance(t *testing.T, u model.User) (int, int) {
	t.Helper()
	got, err := r.s.GetUser(t.Context(), u.ID)
	storetest.Must(t, err)
	ledger, err := r.s.GetLedgerBalance(t.Context(), u.ID)
	storetest.Must(t, err)
	return got.Credits, ledger
}

const (
	logBooked     = "credits.log.refund_booked"
	logBackBooked = "credits.log.refund_taken_back_booked"
	logBackOpen   = "credits.log.refund_taken_back_open"
)

// The couple said it booked someone else (both providers' credits came
// back), then that it booked P: P's credit is taken back, the other one's
// stays. Changing back gives it again, once; "postponed" takes the other
// one's back. Every move is one ledger row with its reason, whatever the
// redeliveries, and its 24 hours count to the couple's first word.
func TestTheLedgerFollowsTheCouplesLastOutcome(t *testing.T) {
	r := newRig(t)
	p := r.provider(t, "paula@example.com", false)
	q := r.provider(t, "quentin@example.com", false)
	ids := r.unlocked(t, "ana@example.com", p, q)
	if _, err := r.events.Unlock(t.Context(), q.ID, ids[1]); err != nil {
		t.Fatal(err)
	}
	redeliver := func() {
		t.Helper()
		for range 3 {
			for _, id := range ids {
				r.check(t, id, "")
			}
		}
		if n, err := r.svc.Sweep(t.Context()); err != nil || n != 0 {
			t.Errorf("a sweep after the checks moved %d, %v", n, err)
		}
	}

	r.clk.Advance(2 * time.Hour)
	r.closeAs(t, ids[0], model.ProjectOutcomeBookedOther, "")
	r.check(t, ids[0], model.RefundBooked)
	r.check(t, ids[1], model.RefundBooked)
	redeliver()

	// A day and more later, the couple says it booked P.
	r.clk.Advance(28 * time.Hour)
	r.closeAs(t, ids[0], model.ProjectOutcomeBookedProvider, ids[0])
	r.check(t, ids[0], refund.TakenBack)
	r.check(t, ids[1], "") // Q: someone else was booked still
	redeliver()
	if c, l := r.balance(t, p); c != 4 || l != 4 {
		t.Errorf("P after the take-back: %d credits, ledger %d; want 4", c, l)
	}
	var refunded sql.NullTime
	storetest.Must(t, r.s.DB().QueryRow(`SELECT refunded_at FROM event_requests WHERE id = $1`, ids[0]).Scan(&refunded))
	if refunded.Valid {
		t.Error("P's request still says its credit came back")
	}

	// Back to "someone else" 38 hours after the unlock: its first word
	// came within 24 hours, so the credit comes back once more.
	r.clk.Advance(10 * time.Hour)
	r.closeAs(t, ids[0], model.ProjectOutcomeBookedOther, "")
	r.check(t, ids[0], model.RefundBooked)
	redeliver()
	r.clk.Advance(10 * time.Hour)
	r.closeAs(t, ids[0], model.ProjectOutcomeBookedProvider, ids[0])
	r.check(t, ids[0], refund.TakenBack)
	r.clk.Advance(10 * time.Hour)
	r.closeAs(t, ids[0], model.ProjectOutcomePostponed, "")
	r.check(t, ids[0], "")
	r.check(t, ids[1], refund.TakenBack)
	redeliver()

	wantP := []row{
		{refund.Ref(ids[0]), 1, logBooked},
		{refund.MoveRef(ids[0], 2), -1, logBackBooked},
		{refund.MoveRef(ids[0], 3), 1, logBooked},
		{refund.MoveRef(ids[0], 4), -1, logBackBooked},
	}
	if got := r.refundRows(t, ids[0]); !slices.Equal(got, wantP) {
		t.Errorf("P's refund rows:\n%v\nwant\n%v", got, wantP)
	}
	wantQ := []row{{refund.Ref(ids[1]), 1, logBooked}, {refund.MoveRef(ids[1], 2), -1, logBackOpen}}
	if got := r.refundRows(t, ids[1]); !slices.Equal(got, wantQ) {
		t.Errorf("Q's refund rows:\n%v\nwant\n%v", got, wantQ)
	}
	for _, u := range []model.User{p, q} {
		if c, l := r.balance(t, u); c != 4 || l != 4 {
			t.Errorf("%s: %d credits, ledger %d; want 4 (5 bought, 1 spent, nothing back)", u.Email, c, l)
		}
	}
	// One e-mail per credit given back, none for a take-back.
	if st := r.state(t, p, ids[0]); st.emails != 2 {
		t.Errorf("%d e-mails to P, want 2", st.emails)
	}
	// The dashboard's cost per booking counts refunds net of take-backs.
	spend, err := r.s.SumUnlockSpend(t.Context(), p.ID, t0.Add(-time.Hour))
	if err != nil || spend.Spent != 1 || spend.Refunded != 0 {
		t.Errorf("P's unlock spend %+v, %v; want 1 spent, 0 refunded", spend, err)
	}

	// The credit history words each reason in the reader's language.
	texts := i18n.MustLoad()
	for _, lang := range []string{"de", "en", "es", "fr", "it", "nl", "pt"} {
		seen := map[string]string{}
		for _, key := range []string{logBooked, logBackBooked, logBackOpen} {
			text := texts.T(lang, key)
			if text == key || text == "" || strings.Contains(text, "{") {
				t.Errorf("%s %s: %q", lang, key, text)
			}
			if other, ok := seen[text]; ok {
				t.Errorf("%s: %s and %s read the same: %q", lang, key, other, text)
			}
			seen[text] = key
		}
	}
}

// A take-back needs a credit on the balance, which never goes below zero:
// a provider who spent the credit that came back keeps it, and the
// request's refund moves no more, whatever the couple says next.
func TestATakeBackAtAZeroBalanceLeavesTheCreditWithTheProvider(t *testing.T) {
	r := newRig(t)
	p := r.provider(t, "paula@example.com", false)
	id := r.unlocked(t, "ana@example.com", p)[0]
	r.clk.Advance(2 * time.Hour)
	r.closeAs(t, id, model.ProjectOutcomeBookedOther, "")
	r.check(t, id, model.RefundBooked)
	storetest.Must(t, r.s.AddCreditLog(t.Context(), model.CreditLog{ID: model.NewID(), UserID: p.ID, CreatedAt: r.clk.Now(),
		Description: "credits.log.unlock", Withdrawn: 5, Ref: sql.NullString{String: "spent-elsewhere", Valid: true}}))

	r.clk.Advance(time.Hour)
	r.closeAs(t, id, model.ProjectOutcomeBookedProvider, id)
	r.check(t, id, "")
	var kept, refunded sql.NullTime
	storetest.Must(t, r.s.DB().QueryRow(`SELECT refund_kept_at, refunded_at FROM event_requests WHERE id = $1`, id).Scan(&kept, &refunded))
	if !kept.Valid || !kept.Time.Equal(r.clk.Now()) || !refunded.Valid {
		t.Errorf("kept %v, refunded %v; want kept now, and the credit still back", kept, refunded)
	}
	if c, l := r.balance(t, p); c != 0 || l != 0 {
		t.Errorf("%d credits, ledger %d; want 0", c, l)
	}

	// Credits bought later are not taken for it; the outcome moves nothing.
	storetest.Must(t, r.s.AddCreditLog(t.Context(), model.CreditLog{ID: model.NewID(), UserID: p.ID, CreatedAt: r.clk.Now(),
		Description: "credits.log.purchase", Deposited: 3, Ref: sql.NullString{String: "pay:later", Valid: true}}))
	for _, o := range []string{model.ProjectOutcomeBookedOther, model.ProjectOutcomeBookedProvider, model.ProjectOutcomeStillLooking} {
		booked := ""
		if o == model.ProjectOutcomeBookedProvider {
			booked = id
		}
		r.clk.Advance(time.Hour)
		r.closeAs(t, id, o, booked)
		r.check(t, id, "")
		if n, err := r.svc.Sweep(t.Context()); err != nil || n != 0 {
			t.Errorf("after %s the sweep moved %d, %v", o, n, err)
		}
	}
	if c, l := r.balance(t, p); c != 3 || l != 3 {
		t.Errorf("%d credits, ledger %d; want the 3 bought", c, l)
	}
	if got := r.refundRows(t, id); len(got) != 1 {
		t.Errorf("refund rows %v, want the first refund only", got)
	}
}

// A take-back whose check was lost (a job dropped) is found by the sweep.
func TestTheSweepTakesBackWhatALostCheckLeft(t *testing.T) {
	r := newRig(t)
	p := r.provider(t, "paula@example.com", false)
	id := r.unlocked(t, "ana@example.com", p)[0]
	r.clk.Advance(2 * time.Hour)
	r.closeAs(t, id, model.ProjectOutcomeBookedOther, "")
	r.check(t, id, model.RefundBooked)
	r.clk.Advance(3 * 24 * time.Hour)
	r.closeAs(t, id, model.ProjectOutcomeBookedProvider, id)
	if n, err := r.svc.Sweep(t.Context()); err != nil || n != 1 {
		t.Errorf("the sweep moved %d, %v; want the take-back", n, err)
	}
	if n, err := r.svc.Sweep(t.Context()); err != nil || n != 0 {
		t.Errorf("a second sweep moved %d, %v", n, err)
	}
	if got := r.refundRows(t, id); len(got) != 2 || got[1].Delta != -1 {
		t.Errorf("refund rows %v", got)
	}
}

// The couple flips its outcome from many places at once while checks and
// sweeps run (workers, redeliveries): the ledger ends as the last outcome
// says, each of its refund rows a move of its own, alternating, and the
// balance equal to the ledger.
func TestConcurrentOutcomeFlipsMoveTheLedgerOnceEach(t *testing.T) {
	r := newRig(t)
	p := r.provider(t, "paula@example.com", false)
	id := r.unlocked(t, "ana@example.com", p)[0]
	r.clk.Advance(2 * time.Hour)
	outcomes := []string{model.ProjectOutcomeBookedOther, model.ProjectOutcomeBookedProvider}
	var wg sync.WaitGroup
	for g := range 6 {
		wg.Go(func() {
			for i := range 6 {
				o := outcomes[(g+i)%2]
				booked := ""
				if o == model.ProjectOutcomeBookedProvider {
					booked = id
				}
				err := r.s.InTx(context.Background(), func(tx *store.Store) error {
					var project string
					if err := tx.SQLTx().QueryRow(`SELECT project_id FROM event_requests WHERE id = $1`, id).Scan(&project); err != nil {
						return err
					}
					return tx.SetProjectOutcome(context.Background(), project, o, booked, r.clk.Now())
				})
				if err != nil {
					t.Error(err)
				}
				if _, err := r.svc.Check(context.Background(), id); err != nil {
					t.Error(err)
				}
			}
		})
	}
	for range 2 {
		wg.Go(func() {
			for range 4 {
				if _, err := r.svc.Sweep(context.Background()); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()

	verify := func(wantBack bool) {
		t.Helper()
		rows := r.refundRows(t, id)
		net := 0
		for i, x := range rows {
			want := 1
			if i%2 == 1 {
				want = -1
			}
			if x.Delta != want || x.Ref != refund.MoveRef(id, i+1) {
				t.Errorf("row %d: %+v, want delta %d and ref %s", i, x, want, refund.MoveRef(id, i+1))
			}
			net += x.Delta
		}
		var moves int
		var back sql.NullTime
		storetest.Must(t, r.s.DB().QueryRow(`SELECT refund_moves, refunded_at FROM event_requests WHERE id = $1`, id).Scan(&moves, &back))
		if moves != len(rows) || back.Valid != wantBack || (net == 1) != wantBack {
			t.Errorf("%d moves for %d rows, net %d, credit back %v; want back %v", moves, len(rows), net, back.Valid, wantBack)
		}
		if c, l := r.balance(t, p); c != l || c != 4+net {
			t.Errorf("%d credits, ledger %d; want %d", c, l, 4+net)
		}
	}
	// Whatever the race left, the last outcome's own check settles it.
	r.closeAs(t, id, model.ProjectOutcomeBookedOther, "")
	_, err := r.svc.Check(t.Context(), id)
	storetest.Must(t, err)
	verify(true)
	r.closeAs(t, id, model.ProjectOutcomeBookedProvider, id)
	r.check(t, id, refund.TakenBack)
	r.check(t, id, "")
	verify(false)
	t.Logf("%d refund rows after the flips", len(r.refundRows(t, id)))
}
