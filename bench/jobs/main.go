// Command jobs measures what the job queue takes off the request path: a
// couple's project matched to 8 planners, through the real
// POST /api/public/projects, while the SMTP relay takes 2 s per message.
// Before the queue, the request waited for its 9 SMTP conversations (about
// 18 s); now it inserts 9 jobs in its transaction and answers. The baseline
// of the same run is GET /healthz, and the same projects with an instant
// relay. It also times how long the 9 e-mails of every project take to be
// delivered, and checks each was delivered once.
//
//	go run ./bench/jobs [-db postgres://...] [-n 100] [-delay 2s] [-out bench/results-jobs.md]
package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"noces/internal/account"
	"noces/internal/app"
	"noces/internal/clock"
	"noces/internal/config"
	"noces/internal/demo"
	"noces/internal/model"
	"noces/internal/platform/mail/mailtest"
)

func main() {
	dbURL := flag.String("db", "", "a postgres:// URL (a database of its own: the bench adds planners); SQLite in a temp folder when empty")
	n := flag.Int("n", 100, "projects sent in each phase")
	delay := flag.Duration("delay", 2*time.Second, "time the SMTP relay takes per message")
	out := flag.String("out", "", "also write the Markdown report to this file")
	refuse := flag.Duration("refuse", 0, "also run a phase where the relay refuses every message (451) for this long, then accepts")
	flag.Parse()
	md, err := run(*dbURL, *n, *delay, *refuse)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
	fmt.Print(md)
	if *out != "" {
		if err := os.WriteFile(*out, []byte(md), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
	}
}

func run(dbURL string, n int, delay, refuse time.Duration) (string, error) {
	relay, err := mailtest.Start()
	if err != nil {
		return "", err
	}
	defer relay.Close()
	dir, err := os.MkdirTemp("", "noces-bench-jobs-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	if dbURL == "" {
		dbURL = "sqlite:" + dir + "/noces.db"
	}
	env := map[string]string{
		"NOCES_DATA_DIR": dir, "NOCES_DATABASE_URL": dbURL, "NOCES_ADDR": "127.0.0.1:0", "NOCES_LOG_LEVEL": "error",
		"NOCES_SMTP_HOST": relay.Host, "NOCES_SMTP_PORT": strconv.Itoa(relay.Port), "NOCES_SMTP_SECURITY": "none",
		"NOCES_SMTP_FROM": "Noces <hello@noces.test>", "NOCES_TRUSTED_PROXIES": "127.0.0.1/32",
	}
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		return "", err
	}
	clk := clock.NewFixed(time.Now().UTC().Truncate(time.Second))
	params := account.HashParams{Time: 1, Memory: 1024, Threads: 1}
	ctx := context.Background()
	a, err := app.New(ctx, cfg, app.NewLogger(io.Discard, "error"), app.Options{Clock: clk, HashParams: &params})
	if err != nil {
		return "", err
	}
	defer a.Close()
	if _, err := demo.Seed(ctx, a.Accounts, a.MediaService, a.Store, a.Clock); err != nil {
		return "", err
	}
	if err := addPlanners(ctx, a, 8); err != nil {
		return "", err
	}
	sctx, cancel := context.WithCancel(ctx)
	addrc, done := make(chan string, 1), make(chan error, 1)
	go func() { done <- a.Serve(sctx, func(addr string) { addrc <- addr }) }()
	base := "http://" + <-addrc
	defer func() { cancel(); <-done }()

	healthz := make([]time.Duration, 0, n)
	for i := 0; i < n; i++ {
		t0 := time.Now()
		res, err := http.Get(base + "/healthz")
		if err != nil {
			return "", err
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		healthz = append(healthz, time.Since(t0))
	}
	phase := func(name string, d time.Duration, offset int) ([]time.Duration, time.Duration, error) {
		relay.SetDelay(d)
		before := len(relay.Messages())
		lat := make([]time.Duration, 0, n)
		start := time.Now()
		for i := 0; i < n; i++ {
			l, matched, err := postProject(base, clk, offset+i)
			if err != nil {
				return nil, 0, fmt.Errorf("%s: project %d: %w", name, i, err)
			}
			if matched != 8 {
				return nil, 0, fmt.Errorf("%s: project %d matched %d planners, want 8", name, i, matched)
			}
			lat = append(lat, l)
		}
		want := before + 9*n
		deadline := time.Now().Add(time.Duration(9*n)*d/10 + 5*time.Minute + 2*refuse)
		for len(relay.Messages()) < want {
			if time.Now().After(deadline) {
				return nil, 0, fmt.Errorf("%s: %d of %d e-mails delivered", name, len(relay.Messages())-before, 9*n)
			}
			time.Sleep(50 * time.Millisecond)
		}
		return lat, time.Since(start), nil
	}
	fast, fastAll, err := phase("instant relay", 0, 0)
	if err != nil {
		return "", err
	}
	slow, slowAll, err := phase("slow relay", delay, n)
	if err != nil {
		return "", err
	}
	var refusedAll time.Duration
	if refuse > 0 {
		relay.RefuseUntil(time.Now().Add(refuse))
		if _, refusedAll, err = phase("refusing relay", 0, 2*n); err != nil {
			return "", err
		}
	}
	time.Sleep(3 * time.Second) // room for a duplicate to arrive
	dup := 0
	seen := map[string]int{}
	for _, m := range relay.Messages() {
		if strings.HasPrefix(m.To, "couple-") {
			seen[m.To]++
		}
	}
	for _, c := range seen {
		if c != 1 {
			dup++
		}
	}
	var notSent int
	if err := a.Store.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM outbox WHERE state <> 'sent'`).Scan(&notSent); err != nil && err != sql.ErrNoRows {
		return "", err
	}

	var b strings.Builder
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Fprintf(&b, "## A project matched to 8 planners, SMTP relay at %v per message (%s UTC)\n\n", delay, time.Now().UTC().Format("2006-01-02 15:04"))
	fmt.Fprintf(&b, "%d CPUs, %s, %s; load average when done: %s; %d projects per phase, sent one after the other through POST /api/public/projects; the job queue: 10 workers.\n\n",
		runtime.NumCPU(), runtime.Version(), a.Store.Driver(), strings.Join(strings.Fields(string(load))[:3], " "), n)
	b.WriteString("| figure | p50 | p99 | p99 / GET /healthz p99 | target |\n|---|---|---|---|---|\n")
	hp99 := pct(healthz, 99)
	row := func(name string, v []time.Duration, target string) {
		fmt.Fprintf(&b, "| %s | %s | %s | %.1f | %s |\n", name, ms(pct(v, 50)), ms(pct(v, 99)), float64(pct(v, 99))/float64(hp99), target)
	}
	row("GET /healthz (baseline)", healthz, "")
	row("project, instant relay", fast, "")
	row(fmt.Sprintf("project, relay at %v per message", delay), slow, mark(pct(slow, 99) < 100*time.Millisecond)+" p99 < 100 ms")
	fmt.Fprintf(&b, "\nAll %d e-mails of a phase delivered after: %s (instant relay), %s (slow relay: %d messages at %v each over 10 workers is at least %s).\n",
		9*n, ms(fastAll), ms(slowAll), 9*n, delay, ms(time.Duration(9*n)*delay/10))
	if refuse > 0 {
		fmt.Fprintf(&b, "With a relay refusing every message (451) for %v, then accepting: all %d e-mails of %d more projects delivered after %s (retries at 30 s, 1, 2, 4 ... minutes).\n",
			refuse, 9*n, n, ms(refusedAll))
	}
	fmt.Fprintf(&b, "Couples' confirmations delivered other than once: %d; outbox messages not sent at the end: %d.\n\n", dup, notSent)
	b.WriteString("Before the queue the same request waited for its 9 SMTP conversations: about 9 x the relay's time (18 s at 2 s).\n")
	return b.String(), nil
}

// postProject sends one project from its own address and returns its latency.
func postProject(base string, clk *clock.Fixed, i int) (time.Duration, int, error) {
	res, err := http.Get(base + "/api/public/options")
	if err != nil {
		return 0, 0, err
	}
	var opts struct {
		FormToken string `json:"formToken"`
	}
	err = json.NewDecoder(res.Body).Decode(&opts)
	res.Body.Close()
	if err != nil {
		return 0, 0, err
	}
	clk.Advance(10 * time.Second) // a person takes longer than the form's minimum
	body, _ := json.Marshal(map[string]any{
		"eventType": "wedding", "eventDate": "2027-06-12", "serviceType": "FULL_PLANNING",
		"eventLocationCity": "Lyon", "eventLocationZipcode": "69001", "eventLocationCountry": "FR",
		"eventLocationLatitude": 45.764, "eventLocationLongitude": 4.8357,
		"budgetRange": "20k_35k", "guestRange": "100_150", "languages": []string{"fr"},
		"message":   "Nous cherchons une organisation complète pour notre mariage.",
		"firstname": "Inès", "lastname": "Moreau", "email": fmt.Sprintf("couple-%04d@example.com", i), "phone": "+33 6 11 22 33 44",
		"formToken": opts.FormToken,
	})
	req, _ := http.NewRequest("POST", base+"/api/public/projects", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", i/65536%256, i/256%256, i%256))
	t0 := time.Now()
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		return 0, 0, err
	}
	lat := time.Since(t0)
	defer res.Body.Close()
	var reply struct {
		Matched int    `json:"matched"`
		Error   string `json:"error"`
	}
	_ = json.NewDecoder(res.Body).Decode(&reply)
	if res.StatusCode != http.StatusCreated {
		return 0, 0, fmt.Errorf("answered %d %s", res.StatusCode, reply.Error)
	}
	return lat, reply.Matched, nil
}

// addPlanners creates n moderated planners in Lyon who offer full planning
// in French, so that a Lyon project matches 8 of them.
func addPlanners(ctx context.Context, a *app.App, n int) error {
	for i := 0; i < n; i++ {
		u, err := a.Accounts.CreateUser(ctx, account.NewUser{Email: fmt.Sprintf("bench-planner-%d@example.com", i), Password: demo.Password,
			Role: model.RolePlanner, Firstname: "Planner", Lastname: "Banc" + string(rune('a'+i)), Locale: "fr", Domain: "fr", Moderated: true, Onboarded: true})
		if err != nil {
			return err
		}
		now := a.Clock.Now()
		if err := a.Store.CreateCompany(ctx, model.Company{UserID: u.ID, Name: fmt.Sprintf("Bench Mariages %d", i), Slug: fmt.Sprintf("bench-mariages-%d", i),
			Siret: "73282932000074", SiretStatus: "active", Zipcode: "69002", City: "Lyon", CountryCode: "FR",
			Latitude: sql.NullFloat64{Float64: 45.75 + float64(i)/1000, Valid: true}, Longitude: sql.NullFloat64{Float64: 4.83, Valid: true},
			CreatedAt: now, UpdatedAt: now}); err != nil {
			return err
		}
		if err := a.Store.SetCompanyServices(ctx, u.ID, []int{4}, []model.CompanyPrestation{{PrestationID: 4,
			Description: "Organisation complète de votre mariage.", BudgetStartingFrom: sql.NullInt64{Int64: 3000, Valid: true},
			IsDescriptionVisible: true, IsBudgetVisible: true}}); err != nil {
			return err
		}
		if err := a.Store.SetProfileScore(ctx, u.ID, 90); err != nil {
			return err
		}
	}
	return nil
}

func pct(v []time.Duration, p int) time.Duration {
	s := slices.Clone(v)
	slices.Sort(s)
	i := (len(s)*p + 99) / 100
	return s[max(0, min(len(s)-1, i-1))]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }

func mark(ok bool) string {
	if ok {
		return "met:"
	}
	return "missed:"
}
