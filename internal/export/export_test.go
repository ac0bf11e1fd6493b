package export_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/emails"
	"noces/internal/export"
	"noces/internal/export/exporttest"
	"noces/internal/i18n"
	"noces/internal/jobs"
	"noces/internal/model"
	"noces/internal/outbox"
	"noces/internal/platform/blob"
	"noces/internal/platform/blob/blobtest"
	"noces/internal/ratelimit"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

var t0 = time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)

type links struct{}

func (links) ProURL(domain, path string) string { return "https://pro." + domain + ".test" + path }

type rig struct {
	s     *store.Store
	clk   *clock.Fixed
	queue *jobs.Queue
	blobs blob.Store
	svc   *export.Service
	texts *i18n.Bundle
}

// newRig is the service on a fresh store, its files in the in-process S3
// fake, e-mails left in the outbox (no delivery worker), and the queue not
// started until a test asks.
func newRig(t *testing.T) *rig {
	t.Helper()
	s := storetest.New(t)
	log := slog.New(slog.DiscardHandler)
	q, err := jobs.New(s, jobs.Config{PollInterval: 20 * time.Millisecond}, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = q.Stop(context.Background()) })
	clk := clock.NewFixed(t0)
	texts := i18n.MustLoad()
	renderer, err := emails.NewRenderer(texts)
	if err != nil {
		t.Fatal(err)
	}
	blobs := blobtest.New(t).Store(t, "media/")
	svc, err := export.NewService(export.Deps{Store: s, Clock: clk, Queue: q, Outbox: outbox.New(s, q, clk), Emails: renderer,
		Texts: texts, Links: links{}, Blobs: blobs, Limiter: ratelimit.New(s, clk), Key: []byte("0123456789abcdef0123456789abcdef"),
		Log: log, TempDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	svc.Register(q)
	// E-mails are held in the outbox (no relay): the tests count its rows.
	jobs.Register(q, outbox.NewWorker(s, clk, log, nil, nil))
	return &rig{s: s, clk: clk, queue: q, blobs: blobs, svc: svc, texts: texts}
}

func (r *rig) seed(t *testing.T, tag string, n exporttest.Sizes) exporttest.Owned {
	t.Helper()
	o, err := exporttest.Seed(t.Context(), r.s, r.blobs, tag, n, t0.Add(-48*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	return o
}

var small = exporttest.Sizes{Requests: 7, MessagesPer: 3, Photos: 4, PhotoBytes: 3000}

// readZip opens a zip and returns its entries' contents by name.
func readZip(t *testing.T, data []byte) map[string][]byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name] = b
	}
	return out
}

func csvRows(t *testing.T, b []byte) [][]string {
	t.Helper()
	rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func count(t *testing.T, s *store.Store, query, userID string) int {
	t.Helper()
	var n int
	storetest.Must(t, s.DB().QueryRowContext(context.Background(), query, userID).Scan(&n))
	return n
}

func TestTheZipHoldsEveryRowTheProviderOwnsAndNothingOfAnotherProvider(t *testing.T) {
	r := newRig(t)
	a := r.seed(t, "alpha", small)
	b := r.seed(t, "bravo", exporttest.Sizes{Requests: 5, MessagesPer: 2, Photos: 3, PhotoBytes: 2000})
	// Days the calendar marks taken: two of alpha's, one of bravo's.
	for i, day := range []struct{ user, day string }{{a.User.ID, "2027-06-12"}, {a.User.ID, "2027-06-19"}, {b.User.ID, "2027-06-12"}} {
		storetest.Must(t, r.s.SetAvailabilityDay(t.Context(), store.AvailabilityDay{UserID: day.user, Day: day.day,
			Status: store.AvailabilityBooked, Source: store.AvailabilityManual, CreatedAt: t0.Add(time.Duration(i) * time.Second)}))
	}

	var buf bytes.Buffer
	counts, err := export.Write(t.Context(), &buf, export.Source{Store: r.s, Blobs: r.blobs, Texts: r.texts}, a.User, t0)
	if err != nil {
		t.Fatal(err)
	}
	files := readZip(t, buf.Bytes())

	// Every row the database holds for the provider, counted by SQL of the
	// test's own, is a row of the CSV and an element of the JSON.
	want := map[string]int{
		"requests":         count(t, r.s, `SELECT COUNT(*) FROM event_requests WHERE provider_id = $1`, a.User.ID),
		"conversations":    count(t, r.s, `SELECT COUNT(*) FROM messages m JOIN event_requests e ON e.id = m.request_id WHERE e.provider_id = $1`, a.User.ID),
		"reviews":          count(t, r.s, `SELECT COUNT(*) FROM reviews WHERE provider_id = $1`, a.User.ID),
		"credit_history":   count(t, r.s, `SELECT COUNT(*) FROM credit_log WHERE user_id = $1`, a.User.ID),
		"payments":         count(t, r.s, `SELECT COUNT(*) FROM payments WHERE user_id = $1`, a.User.ID),
		"premium_invoices": count(t, r.s, `SELECT COUNT(*) FROM premium_invoices WHERE user_id = $1`, a.User.ID),
		"account":          1,
		"company":          1,
		"profile":          1,
		"portfolios":       count(t, r.s, `SELECT COUNT(*) FROM portfolios WHERE owner_id = $1`, a.User.ID),
		"venues":           count(t, r.s, `SELECT COUNT(*) FROM venues WHERE owner_id = $1`, a.User.ID),
		"photos":           count(t, r.s, `SELECT COUNT(*) FROM images WHERE owner_id = $1`, a.User.ID),
		"availability":     2,
	}
	if want["requests"] != a.Requests || want["conversations"] != a.Messages || want["photos"] != a.Photos || want["reviews"] != a.Reviews {
		t.Fatalf("the seed wrote %+v, the database holds %v", a, want)
	}
	for _, sec := range store.ExportSections() {
		rows := csvRows(t, files[sec.Name+".csv"])
		if got := len(rows) - 1; got != want[sec.Name] || counts.Rows[sec.Name] != want[sec.Name] {
			t.Errorf("%s.csv has %d rows (counted %d), want %d", sec.Name, got, counts.Rows[sec.Name], want[sec.Name])
		}
		if strings.Join(rows[0], ",") != strings.Join(sec.Columns, ",") {
			t.Errorf("%s.csv header = %v", sec.Name, rows[0])
		}
		var objs []map[string]any
		if err := json.Unmarshal(files[sec.Name+".json"], &objs); err != nil {
			t.Fatalf("%s.json: %v", sec.Name, err)
		}
		if len(objs) != want[sec.Name] {
			t.Errorf("%s.json has %d rows, want %d", sec.Name, len(objs), want[sec.Name])
		}
	}
	photos := 0
	for name, data := range files {
		if strings.HasPrefix(name, "photos/") {
			photos++
			if !bytes.HasPrefix(data, []byte("alpha")) || len(data) < 2900 {
				t.Errorf("%s is not the original file (%d bytes)", name, len(data))
			}
		}
	}
	if photos != a.Photos || counts.Photos != a.Photos {
		t.Errorf("the zip holds %d photos (counted %d), want %d", photos, counts.Photos, a.Photos)
	}

	// Nothing of the other provider: not its tag, its id or its couples.
	for name, data := range files {
		for _, other := range []string{b.Tag, b.User.ID, b.User.Email} {
			if bytes.Contains(data, []byte(other)) {
				t.Errorf("%s holds %q, of the other provider", name, other)
			}
		}
	}

	// A locked request gives no contact; an unlocked one does.
	reqs := csvRows(t, files["requests.csv"])
	emailCol := indexOf(reqs[0], "couple_email")
	unlockedCol := indexOf(reqs[0], "unlocked_at")
	withMail := 0
	for _, row := range reqs[1:] {
		if (row[unlockedCol] == "") != (row[emailCol] == "") {
			t.Errorf("request %v: e-mail %q with unlocked_at %q", row[0], row[emailCol], row[unlockedCol])
		}
		if row[emailCol] != "" {
			withMail++
		}
	}
	if withMail != a.Unlocked {
		t.Errorf("%d requests carry the couple's e-mail, want the %d unlocked", withMail, a.Unlocked)
	}

	// Formulas are defused in the CSV, and left as written in the JSON.
	msgCol := indexOf(reqs[0], "message")
	if !strings.HasPrefix(reqs[1][msgCol], "'@SUM(1)") {
		t.Errorf("a message starting with @ is %q in the CSV", reqs[1][msgCol])
	}
	profile := csvRows(t, files["profile.csv"])
	if got := profile[1][indexOf(profile[0], "experience")]; got != "'=cmd|' /C calc'!A0" {
		t.Errorf("a cell starting with = is %q in the CSV", got)
	}
	if !bytes.Contains(files["requests.json"], []byte(`"@SUM(1) project 0 of alpha"`)) {
		t.Error("the JSON should keep the message as written")
	}
	readme := string(files["README.txt"])
	if !strings.Contains(readme, r.texts.T("en", "export.readme.title", "firstname", a.User.Firstname)) ||
		!strings.Contains(readme, "requests.csv, requests.json (7)") {
		t.Errorf("README.txt:\n%s", readme)
	}
}

func indexOf(header []string, col string) int {
	for i, h := range header {
		if h == col {
			return i
		}
	}
	panic("no column " + col)
}

func TestSafeCellPrefixesWhatASpreadsheetWouldRun(t *testing.T) {
	for in, want := range map[string]string{"=1+1": "'=1+1", "+33 6": "'+33 6", "-2": "'-2", "@A1": "'@A1", "\tx": "'\tx",
		"\rx": "'\rx", "plain": "plain", "": "", "a=b": "a=b"} {
		if got := export.SafeCell(in); got != want {
			t.Errorf("SafeCell(%q) = %q, want %q", in, got, want)
		}
	}
}

func outboxTo(t *testing.T, s *store.Store, email string) int {
	t.Helper()
	return count(t, s, `SELECT COUNT(*) FROM outbox WHERE recipient = $1`, email)
}

func waitReady(t *testing.T, r *rig, userID string) export.Status {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		st, err := r.svc.Get(t.Context(), userID)
		if err != nil {
			t.Fatal(err)
		}
		if st.State != model.DataExportPending {
			return st
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the export was never built")
	return export.Status{}
}

func TestTheJobBuildsTheExportOnceAndMailsItsOwner(t *testing.T) {
	r := newRig(t)
	a := r.seed(t, "alpha", small)
	r.seed(t, "bravo", small)
	ctx := t.Context()

	st, err := r.svc.Request(ctx, a.User.ID)
	if err != nil || st.State != model.DataExportPending {
		t.Fatalf("Request = %+v, %v", st, err)
	}
	// A second request while one is pending changes nothing.
	if _, err := r.svc.Request(ctx, a.User.ID); !apperr.IsKind(err, apperr.Conflict) {
		t.Fatalf("a second request = %v, want a conflict", err)
	}
	if n := count(t, r.s, `SELECT COUNT(*) FROM data_exports WHERE user_id = $1`, a.User.ID); n != 1 {
		t.Fatalf("%d exports, want 1", n)
	}
	if _, err := r.svc.Open(ctx, a.User.ID); !apperr.IsKind(err, apperr.Conflict) {
		t.Fatalf("downloading a pending export = %v, want a conflict", err)
	}

	if err := r.queue.Start(context.WithoutCancel(ctx)); err != nil {
		t.Fatal(err)
	}
	st = waitReady(t, r, a.User.ID)
	if st.State != model.DataExportReady || st.DownloadPath == "" || st.ByteSize == 0 || !st.ExpiresAt.Equal(t0.Add(export.Keep)) {
		t.Fatalf("status = %+v", st)
	}
	if n := outboxTo(t, r.s, a.User.Email); n != 1 {
		t.Fatalf("%d e-mails to the owner, want 1", n)
	}
	var subject, body string
	storetest.Must(t, r.s.DB().QueryRowContext(ctx, `SELECT subject, body_text FROM outbox WHERE recipient = $1`, a.User.Email).Scan(&subject, &body))
	if subject != r.texts.T("en", "email.data_export_ready.subject") || !strings.Contains(body, "https://pro.uk.test/account#export") {
		t.Errorf("e-mail %q:\n%s", subject, body)
	}

	// Running the job again (a rescued duplicate) sends nothing more and
	// keeps the one file.
	id := latestID(t, r, a.User.ID)
	if err := r.svc.Build(ctx, id); err != nil {
		t.Fatal(err)
	}
	if n := outboxTo(t, r.s, a.User.Email); n != 1 {
		t.Fatalf("%d e-mails after a second run, want 1", n)
	}
	if n := countBlobs(t, r.blobs, "exports/"); n != 1 {
		t.Fatalf("%d export files, want 1", n)
	}

	// The owner downloads it with the session, and with the signed link.
	f, err := r.svc.Open(ctx, a.User.ID)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(f.Body)
	f.Body.Close()
	if files := readZip(t, data); len(csvRows(t, files["requests.csv"])) != a.Requests+1 {
		t.Errorf("the downloaded zip has %d request rows", len(csvRows(t, files["requests.csv"]))-1)
	}
	token := strings.TrimPrefix(st.DownloadPath, "/api/account/export/download?token=")
	if f, err := r.svc.OpenSigned(ctx, token); err != nil {
		t.Fatal(err)
	} else {
		f.Body.Close()
	}
}

func latestID(t *testing.T, r *rig, userID string) string {
	t.Helper()
	var id string
	storetest.Must(t, r.s.DB().QueryRowContext(t.Context(), `SELECT id FROM data_exports WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`, userID).Scan(&id))
	return id
}

func countBlobs(t *testing.T, b blob.Store, prefix string) int {
	t.Helper()
	n := 0
	storetest.Must(t, b.List(t.Context(), prefix, func(blob.Info) error { n++; return nil }))
	return n
}

func TestAnotherProviderCannotDownloadTheExport(t *testing.T) {
	r := newRig(t)
	a := r.seed(t, "alpha", small)
	b := r.seed(t, "bravo", small)
	ctx := t.Context()
	if _, err := r.svc.Request(ctx, a.User.ID); err != nil {
		t.Fatal(err)
	}
	if err := r.svc.Build(ctx, latestID(t, r, a.User.ID)); err != nil {
		t.Fatal(err)
	}
	if _, err := r.svc.Open(ctx, b.User.ID); !apperr.IsKind(err, apperr.NotFound) {
		t.Fatalf("the other provider's download = %v, want not found", err)
	}
	if st, err := r.svc.Get(ctx, b.User.ID); err != nil || st.State != "none" {
		t.Fatalf("the other provider's status = %+v, %v", st, err)
	}
}

func TestExportsAreRateLimited(t *testing.T) {
	r := newRig(t)
	a := r.seed(t, "alpha", exporttest.Sizes{Requests: 1})
	ctx := t.Context()
	for i := range export.DailyLimit {
		if _, err := r.svc.Request(ctx, a.User.ID); err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
		if err := r.svc.Build(ctx, latestID(t, r, a.User.ID)); err != nil {
			t.Fatal(err)
		}
		r.clk.Advance(time.Minute)
	}
	before := count(t, r.s, `SELECT COUNT(*) FROM data_exports WHERE user_id = $1`, a.User.ID)
	if _, err := r.svc.Request(ctx, a.User.ID); !apperr.IsKind(err, apperr.TooMany) {
		t.Fatalf("request %d = %v, want too many", export.DailyLimit+1, err)
	}
	if after := count(t, r.s, `SELECT COUNT(*) FROM data_exports WHERE user_id = $1`, a.User.ID); after != before || after != 1 {
		t.Fatalf("%d exports before the refusal, %d after; a newer export replaces the older", before, after)
	}
	if n := countBlobs(t, r.blobs, "exports/"); n != 1 {
		t.Fatalf("%d export files, want only the newest", n)
	}
	r.clk.Advance(24 * time.Hour)
	if _, err := r.svc.Request(ctx, a.User.ID); err != nil {
		t.Fatalf("a day later: %v", err)
	}
}

func TestExpiredExportsAreDeletedWithTheirFiles(t *testing.T) {
	r := newRig(t)
	a := r.seed(t, "alpha", small)
	b := r.seed(t, "bravo", small)
	ctx := t.Context()
	for _, u := range []model.User{a.User, b.User} {
		if _, err := r.svc.Request(ctx, u.ID); err != nil {
			t.Fatal(err)
		}
		if err := r.svc.Build(ctx, latestID(t, r, u.ID)); err != nil {
			t.Fatal(err)
		}
		r.clk.Advance(time.Hour)
	}
	// Just before a's time is over, nothing goes.
	r.clk.Advance(export.Keep - 2*time.Hour)
	if n, err := r.svc.Sweep(ctx); err != nil || n != 0 {
		t.Fatalf("Sweep = %d, %v before expiry", n, err)
	}
	r.clk.Advance(30 * time.Minute)
	if n, err := r.svc.Sweep(ctx); err != nil || n != 1 {
		t.Fatalf("Sweep = %d, %v, want a's export deleted", n, err)
	}
	if n := count(t, r.s, `SELECT COUNT(*) FROM data_exports WHERE user_id = $1`, a.User.ID); n != 0 {
		t.Fatalf("a still has %d exports", n)
	}
	if n := countBlobs(t, r.blobs, "exports/"+a.User.ID+"/"); n != 0 {
		t.Fatalf("a's file is still there (%d)", n)
	}
	if n := countBlobs(t, r.blobs, "exports/"+b.User.ID+"/"); n != 1 {
		t.Fatalf("b's file went too early (%d)", n)
	}
	if st, _ := r.svc.Get(ctx, a.User.ID); st.State != "none" {
		t.Fatalf("a's status = %+v", st)
	}
	// A closed account's export goes at the next sweep, before its time,
	// and is no longer served even by a link signed before.
	bst, err := r.svc.Get(ctx, b.User.ID)
	if err != nil || bst.State != model.DataExportReady {
		t.Fatalf("b's status = %+v, %v", bst, err)
	}
	if _, err := r.s.DB().ExecContext(ctx, `UPDATE users SET deleted_at = $2 WHERE id = $1`, b.User.ID, r.clk.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := r.svc.OpenSigned(ctx, strings.TrimPrefix(bst.DownloadPath, "/api/account/export/download?token=")); !apperr.IsKind(err, apperr.NotFound) {
		t.Fatalf("a closed account's link = %v", err)
	}
	if n, err := r.svc.Sweep(ctx); err != nil || n != 1 {
		t.Fatalf("Sweep = %d, %v, want the closed account's export deleted", n, err)
	}
	if n := countBlobs(t, r.blobs, "exports/"+b.User.ID+"/"); n != 0 {
		t.Fatalf("the closed account's file is still there (%d)", n)
	}

	// A pending export whose job was lost stops blocking after PendingFor.
	if _, err := r.svc.Request(ctx, a.User.ID); err != nil {
		t.Fatal(err)
	}
	r.clk.Advance(export.PendingFor + time.Minute)
	if _, err := r.svc.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := r.svc.Request(ctx, a.User.ID); err != nil {
		t.Fatalf("after a lost job: %v", err)
	}
}

func TestSignedLinksExpireAndCannotBeForged(t *testing.T) {
	r := newRig(t)
	tok := r.svc.Sign("0190-abc", t0.Add(export.LinkFor))
	if id, ok := r.svc.Verify(tok, t0); !ok || id != "0190-abc" {
		t.Fatalf("Verify = %q, %v", id, ok)
	}
	if _, ok := r.svc.Verify(tok, t0.Add(export.LinkFor+time.Second)); ok {
		t.Error("an expired link verified")
	}
	parts := strings.Split(tok, ".")
	for _, bad := range []string{"", "x", "a.b.c", "0190-abd." + parts[1] + "." + parts[2],
		parts[0] + ".99999999999." + parts[2], tok + "x", strings.Repeat("a", 500)} {
		if _, ok := r.svc.Verify(bad, t0); ok {
			t.Errorf("Verify(%q) passed", bad)
		}
	}
	if _, err := r.svc.OpenSigned(t.Context(), "nope"); !apperr.IsKind(err, apperr.NotFound) {
		t.Errorf("OpenSigned of a bad token = %v", err)
	}
}

func FuzzVerify(f *testing.F) {
	svc, err := export.NewService(export.Deps{Key: []byte("0123456789abcdef0123456789abcdef")})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(svc.Sign("0190-abc", t0.Add(time.Hour)))
	f.Add("a.1.b")
	f.Add("..")
	f.Add(strings.Repeat(".", 300))
	f.Fuzz(func(t *testing.T, tok string) {
		id, ok := svc.Verify(tok, t0)
		if ok && (id == "" || !strings.HasPrefix(tok, id+".")) {
			t.Fatalf("Verify(%q) = %q", tok, id)
		}
	})
}
