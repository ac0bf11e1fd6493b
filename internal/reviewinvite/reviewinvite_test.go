package reviewinvite_test

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/directory"
	"noces/internal/directory/index"
	"noces/internal/emails"
	"noces/internal/i18n"
	"noces/internal/jobs"
	"noces/internal/model"
	"noces/internal/outbox"
	"noces/internal/platform/mail"
	"noces/internal/platform/mail/mailtest"
	"noces/internal/ratelimit"
	"noces/internal/reviewinvite"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// The wedding is on 12 June 2027; the clock starts the day before.
const eventDate = "2027-06-12"

var t0 = time.Date(2027, 6, 11, 9, 0, 0, 0, time.UTC)

type links struct{}

func (links) PublicURL(domain, path string) string { return "https://" + domain + ".noces.test" + path }

type rig struct {
	s     *store.Store
	clk   *clock.Fixed
	queue *jobs.Queue
	svc   *reviewinvite.Service
	dir   *directory.Service
}

func newRig(t *testing.T) *rig {
	t.Helper()
	s := storetest.New(t)
	relay, err := mailtest.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { relay.Close() })
	smtp, err := mail.NewSMTP(mail.SMTPConfig{Host: relay.Host, Port: relay.Port, From: "Noces <hello@noces.test>",
		Security: mail.SecurityNone, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	q, err := jobs.New(s, jobs.Config{PollInterval: 20 * time.Millisecond}, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = q.Stop(context.Background()) })
	clk := clock.NewFixed(t0)
	jobs.Register(q, outbox.NewWorker(s, clk, log, smtp, nil))
	texts := i18n.MustLoad()
	renderer, err := emails.NewRenderer(texts)
	if err != nil {
		t.Fatal(err)
	}
	svc := reviewinvite.NewService(reviewinvite.Deps{Store: s, Clock: clk, Outbox: outbox.New(s, q, clk), Emails: renderer,
		Texts: texts, Links: links{}, Log: log})
	svc.Register(q)
	return &rig{s: s, clk: clk, queue: q, svc: svc, dir: directory.NewService(s, index.New(s, 0), clk, nil, ratelimit.New(s, clk), []byte("k"))}
}

func (r *rig) provider(t *testing.T, email, company string) model.User {
	t.Helper()
	u := model.User{ID: model.NewID(), Email: email, PasswordHash: "x", Role: model.RolePlanner, Firstname: "Paula",
		Lastname: "Q", Locale: "fr", Domain: "fr", IsModerated: true, PremiumStatus: model.PremiumNone, CreatedAt: t0, UpdatedAt: t0}
	storetest.Must(t, r.s.CreateUser(t.Context(), u))
	_, err := r.s.DB().ExecContext(t.Context(), `INSERT INTO companies (user_id, name, slug, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)`,
		u.ID, company, strings.ToLower(strings.ReplaceAll(company, " ", "-")), t0)
	storetest.Must(t, err)
	return u
}

// request is a couple's project for domain sent to p, unlocked when asked.
func (r *rig) request(t *testing.T, p model.User, couple, domain string, unlocked bool) string {
	t.Helper()
	pr := model.Project{ID: model.NewID(), Domain: domain, EventType: "wedding", EventDate: eventDate, ServiceType: "FULL_PLANNING",
		Firstname: "Ana", Lastname: "Lima", Email: couple, Phone: "+33611111111", CreatedAt: t0,
		ConfirmedAt: sql.NullTime{Time: t0, Valid: true}}
	storetest.Must(t, r.s.CreateProject(t.Context(), pr))
	req := model.EventRequest{ID: model.NewID(), ProjectID: pr.ID, ProviderID: p.ID, CreatedAt: t0}
	storetest.Must(t, r.s.CreateEventRequest(t.Context(), req))
	if unlocked {
		_, err := r.s.DB().ExecContext(t.Context(), `UPDATE event_requests SET unlocked_at = $2 WHERE id = $1`, req.ID, t0)
		storetest.Must(t, err)
	}
	return req.ID
}

// invitations are the review invitations e-mailed to couple.
func (r *rig) invitations(t *testing.T, couple string) []string {
	t.Helper()
	rows, err := r.s.DB().QueryContext(t.Context(), `SELECT body_text FROM outbox WHERE recipient = $1 ORDER BY created_at`, couple)
	storetest.Must(t, err)
	defer rows.Close()
	var out []string
	for rows.Next() {
		var b string
		storetest.Must(t, rows.Scan(&b))
		out = append(out, b)
	}
	storetest.Must(t, rows.Err())
	return out
}

// link is the invitation's token, read from its e-mail.
func link(t *testing.T, body string) string {
	t.Helper()
	i := strings.Index(body, "/reviews/verified/")
	if i < 0 {
		t.Fatalf("no link in %q", body)
	}
	tok := body[i+len("/reviews/verified/"):]
	if j := strings.IndexAny(tok, " \n\r)>\""); j >= 0 {
		tok = tok[:j]
	}
	tok, _ = url.PathUnescape(tok)
	return tok
}

func sweep(t *testing.T, r *rig) int {
	t.Helper()
	n, err := r.svc.Sweep(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestInvitationSevenDaysAfterTheEventOnce(t *testing.T) {
	r := newRig(t)
	p := r.provider(t, "paula@pro.test", "Atelier Lumière")
	booked := r.request(t, p, "ana@couple.test", "fr", true)
	unbooked := r.request(t, p, "bea@couple.test", "fr", true)
	byCouple := r.request(t, p, "cleo@couple.test", "de", true)
	if _, err := r.svc.Mark(t.Context(), p.ID, booked); err != nil {
		t.Fatal(err)
	}
	var project string
	storetest.Must(t, r.s.DB().QueryRowContext(t.Context(), `SELECT project_id FROM event_requests WHERE id = $1`, byCouple).Scan(&project))
	storetest.Must(t, r.s.SetProjectOutcome(t.Context(), project, model.ProjectOutcomeBookedProvider, byCouple, t0))

	r.clk.Advance(7*24*time.Hour + 14*time.Hour + 59*time.Minute) // 18 June 2027, 23:59 UTC: D+6
	if n := sweep(t, r); n != 0 || len(r.invitations(t, "ana@couple.test")) != 0 {
		t.Fatalf("invited %d before D+7", n)
	}
	r.clk.Advance(time.Minute) // 19 June, 00:00: D+7
	// Two sweeps at once, then a third: each couple once.
	var wg sync.WaitGroup
	var mu sync.Mutex
	total := 0
	for range 2 {
		wg.Go(func() {
			n, err := r.svc.Sweep(context.WithoutCancel(t.Context()))
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			total += n
			mu.Unlock()
		})
	}
	wg.Wait()
	total += sweep(t, r)
	if total != 2 {
		t.Errorf("%d invitations, want 2", total)
	}
	ana := r.invitations(t, "ana@couple.test")
	if len(ana) != 1 {
		t.Fatalf("the provider's mark: %d e-mails", len(ana))
	}
	// In the domain's language, the date as French writes it, the provider named.
	for _, want := range []string{"Bonjour Ana", "12 juin 2027", "Atelier Lumière", "https://fr.noces.test/reviews/verified/"} {
		if !strings.Contains(ana[0], want) {
			t.Errorf("the e-mail lacks %q:\n%s", want, ana[0])
		}
	}
	if cleo := r.invitations(t, "cleo@couple.test"); len(cleo) != 1 || !strings.Contains(cleo[0], "12. Juni 2027") {
		t.Errorf("the couple's outcome: %q", cleo)
	}
	if bea := r.invitations(t, "bea@couple.test"); len(bea) != 0 {
		t.Errorf("an unbooked request invited: %q", bea)
	}
	// The token is stored hashed only.
	tok := link(t, ana[0])
	var n int
	storetest.Must(t, r.s.DB().QueryRowContext(t.Context(), `SELECT COUNT(*) FROM review_invitations WHERE token_hash = $1`, tok).Scan(&n))
	if n != 0 {
		t.Error("the token is stored in clear")
	}
	_ = unbooked
}

func TestInvitationThroughTheQueue(t *testing.T) {
	r := newRig(t)
	p := r.provider(t, "paula@pro.test", "Atelier Lumière")
	id := r.request(t, p, "ana@couple.test", "fr", true)
	if _, err := r.svc.Mark(t.Context(), p.ID, id); err != nil {
		t.Fatal(err)
	}
	r.clk.Advance(9 * 24 * time.Hour)
	// The periodic job runs when the queue starts.
	if err := r.queue.Start(context.WithoutCancel(t.Context())); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(r.invitations(t, "ana@couple.test")) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no invitation from the periodic job")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestBookingMark(t *testing.T) {
	r := newRig(t)
	p := r.provider(t, "paula@pro.test", "Atelier Lumière")
	other := r.provider(t, "otto@pro.test", "Otto Events")
	id := r.request(t, p, "ana@couple.test", "fr", true)
	locked := r.request(t, p, "bea@couple.test", "fr", false)
	ctx := t.Context()

	if _, err := r.svc.Mark(ctx, p.ID, locked); !isCode(err, "event_request.errors.booked_locked") {
		t.Errorf("a locked request marked: %v", err)
	}
	for _, f := range []func(context.Context, string, string) (reviewinvite.Booking, error){r.svc.Get, r.svc.Mark, r.svc.Unmark} {
		if _, err := f(ctx, other.ID, id); !isKind(err, apperr.NotFound) {
			t.Errorf("another provider's request: %v", err)
		}
	}
	b, err := r.svc.Mark(ctx, p.ID, id)
	if err != nil || !b.ByProvider || b.BookedAt == nil || b.InviteOn != "2027-06-19" {
		t.Fatalf("%+v %v", b, err)
	}
	first := *b.BookedAt
	r.clk.Advance(time.Hour)
	if b, err = r.svc.Mark(ctx, p.ID, id); err != nil || !b.BookedAt.Equal(first) {
		t.Errorf("marking twice: %+v %v", b, err)
	}
	if b, err = r.svc.Unmark(ctx, p.ID, id); err != nil || b.ByProvider {
		t.Errorf("undo: %+v %v", b, err)
	}
	if _, err = r.svc.Mark(ctx, p.ID, id); err != nil {
		t.Fatal(err)
	}
	r.clk.Advance(10 * 24 * time.Hour)
	if sweep(t, r) != 1 {
		t.Fatal("no invitation")
	}
	if b, err = r.svc.Unmark(ctx, p.ID, id); !isCode(err, "event_request.errors.booked_invited") {
		t.Errorf("undone after the invitation: %+v %v", b, err)
	}
	if b, _ = r.svc.Get(ctx, p.ID, id); !b.ByProvider || b.InvitedAt == nil {
		t.Errorf("%+v", b)
	}
}

func TestVerifiedOnlyThroughTheInvitation(t *testing.T) {
	r := newRig(t)
	p := r.provider(t, "paula@pro.test", "Atelier Lumière")
	id := r.request(t, p, "ana@couple.test", "fr", true)
	if _, err := r.svc.Mark(t.Context(), p.ID, id); err != nil {
		t.Fatal(err)
	}
	r.clk.Advance(8 * 24 * time.Hour)
	sweep(t, r)
	tok := link(t, r.invitations(t, "ana@couple.test")[0])
	ctx := t.Context()
	in := directory.ReviewInput{Rating: 5, Title: "Parfait", Body: "Une organisation parfaite du début à la fin.",
		ReviewerName: "Ana Lima", ClientIP: "192.0.2.1"}

	for _, bad := range []string{"", "x", tok[:42], tok + "A", strings.Repeat("A", 43)} {
		if err := r.dir.SubmitVerifiedReview(ctx, bad, in); !isKind(err, apperr.NotFound) {
			t.Errorf("token %q: %v", bad, err)
		}
	}
	if err := r.dir.SubmitVerifiedReview(ctx, tok, in); err != nil {
		t.Fatal(err)
	}
	if err := r.dir.SubmitVerifiedReview(ctx, tok, in); !isCode(err, "review.errors.invitation_used") {
		t.Errorf("a second review through one invitation: %v", err)
	}
	// The general link: not verified.
	general, err := r.dir.ReviewFormToken(ctx, p.ID)
	storetest.Must(t, err)
	gin := in
	gin.ReviewerType, gin.Email = "guest", "guest@x.test"
	storetest.Must(t, r.dir.SubmitReview(ctx, general, gin))

	var rows []model.Review
	storetest.Must(t, r.s.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM reviews`).Err())
	pending, _, err := r.s.ListReviewsByStatus(ctx, model.ReviewPending, 10, 0)
	storetest.Must(t, err)
	for _, a := range pending {
		rows = append(rows, a.Review)
	}
	if len(rows) != 2 {
		t.Fatalf("%d reviews", len(rows))
	}
	for _, rv := range rows {
		switch rv.ReviewerType {
		case "couple":
			if !rv.Verified() || rv.RequestID.String != id || rv.WeddingDate.String != eventDate || rv.EmailKey != store.EmailKey("ana@couple.test") {
				t.Errorf("the invited review: %+v", rv)
			}
		default:
			if rv.Verified() {
				t.Errorf("the general link's review is verified: %+v", rv)
			}
		}
	}
	// One verified review per request, even written around the invitation.
	dup := model.Review{ID: model.NewID(), ProviderID: p.ID, Rating: 4, Title: "Bis", Body: strings.Repeat("b", 30), ReviewerName: "Ana",
		ReviewerType: "couple", EmailKey: "other", Status: model.ReviewPending, CreatedAt: t0, RequestID: sql.NullString{String: id, Valid: true}}
	if err := r.s.CreateReview(ctx, dup); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a second verified review of one request: %v", err)
	}
	// An expired invitation opens nothing.
	r.clk.Advance(directory.InvitationValidFor + time.Second)
	if _, err := r.dir.Invitation(ctx, tok); !isKind(err, apperr.NotFound) {
		t.Errorf("expired: %v", err)
	}
}

func TestReplies(t *testing.T) {
	r := newRig(t)
	p := r.provider(t, "paula@pro.test", "Atelier Lumière")
	other := r.provider(t, "otto@pro.test", "Otto Events")
	ctx := t.Context()
	rv := model.Review{ID: model.NewID(), ProviderID: p.ID, Rating: 5, Title: "Parfait", Body: strings.Repeat("a", 30), ReviewerName: "Ana",
		ReviewerType: "couple", EmailKey: "k", Status: model.ReviewApproved, CreatedAt: t0}
	storetest.Must(t, r.s.CreateReview(ctx, rv))
	pending := rv
	pending.ID, pending.EmailKey, pending.Status = model.NewID(), "k2", model.ReviewPending
	storetest.Must(t, r.s.CreateReview(ctx, pending))

	for name, c := range map[string]struct{ reply string }{
		"empty": {"  \n "}, "too long": {strings.Repeat("é", 2001)}, "control": {"merci\x00"}, "bad utf-8": {"merci \xff"},
	} {
		if _, err := r.dir.SetReply(ctx, p.ID, rv.ID, c.reply); !isCode(err, "validation") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := r.dir.SetReply(ctx, other.ID, rv.ID, "Merci !"); !isKind(err, apperr.NotFound) {
		t.Errorf("another provider's review: %v", err)
	}
	if _, err := r.dir.SetReply(ctx, p.ID, pending.ID, "Merci !"); !isKind(err, apperr.NotFound) {
		t.Errorf("an unpublished review: %v", err)
	}
	got, err := r.dir.SetReply(ctx, p.ID, rv.ID, "  Merci Ana !\r\nÀ bientôt.  "+strings.Repeat("x", 0))
	if err != nil || got.Reply != "Merci Ana !\nÀ bientôt." || !got.RepliedAt.Valid {
		t.Fatalf("%+v %v", got, err)
	}
	if got, err = r.dir.SetReply(ctx, p.ID, rv.ID, strings.Repeat("é", 2000)); err != nil || len([]rune(got.Reply)) != 2000 {
		t.Errorf("2,000 characters: %v", err)
	}
	// Still one reply: the edit replaced it.
	var n int
	storetest.Must(t, r.s.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM reviews WHERE reply <> ''`).Scan(&n))
	if n != 1 {
		t.Errorf("%d replies", n)
	}
	// Hidden by an admin: gone publicly, and a rewrite stays hidden.
	ok, err := r.s.SetReviewReplyHidden(ctx, rv.ID, true, t0)
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	if ok, _ := r.s.SetReviewReplyHidden(ctx, rv.ID, true, t0); ok {
		t.Error("hidden twice")
	}
	got, _ = r.dir.SetReply(ctx, p.ID, rv.ID, "Autre réponse")
	if got.PublicReply() != "" || got.Reply != "Autre réponse" {
		t.Errorf("a rewritten hidden reply: %+v", got)
	}
	if got, err = r.dir.DeleteReply(ctx, p.ID, rv.ID); err != nil || got.Reply != "" || got.RepliedAt.Valid {
		t.Errorf("delete: %+v %v", got, err)
	}
	if _, err := r.dir.DeleteReply(ctx, other.ID, rv.ID); !isKind(err, apperr.NotFound) {
		t.Errorf("another provider deleting: %v", err)
	}
}

func isKind(err error, k apperr.Kind) bool {
	e, ok := apperr.As(err)
	return ok && e.Kind == k
}

// isCode matches an apperr's code; "validation" matches any invalid field.
func isCode(err error, code string) bool {
	e, ok := apperr.As(err)
	if !ok {
		return false
	}
	if code == "validation" {
		return e.Kind == apperr.Invalid && e.Fields["reply"] == "review.errors.reply"
	}
	return e.Code == code
}
