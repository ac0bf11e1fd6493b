package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"mime/multipart"
	"net/http"
	"noces/internal/eventreq/eventreqtest"
	"strconv"
	"testing"
	"time"

	"noces/internal/account"
	"noces/internal/clock"
	"noces/internal/demo"
	"noces/internal/eventreq"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/platform/blob/blobtest"
	"noces/internal/platform/mail/mailtest"
	"noces/internal/store/storetest"
)

// cluster is two servers on one database and one relay, as behind a load
// balancer: every request may land on either.
type cluster struct {
	apps  [2]*App
	urls  [2]string
	relay *mailtest.Server
	clock *clock.Fixed
}

func startCluster(t *testing.T, extra map[string]string) *cluster {
	t.Helper()
	relay, err := mailtest.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { relay.Close() })
	c := &cluster{relay: relay, clock: clock.NewFixed(time.Now().UTC().Truncate(time.Second))}
	dbURL := storetest.URL(t)
	for i := range c.apps {
		env := map[string]string{
			"NOCES_DATA_DIR":      t.TempDir(),
			"NOCES_DATABASE_URL":  dbURL,
			"NOCES_ADDR":          "127.0.0.1:0",
			"NOCES_LOG_LEVEL":     "error",
			"NOCES_TOKEN_KEY":     "cluster-test-token-key-0123456789abcdef",
			"NOCES_SMTP_HOST":     relay.Host,
			"NOCES_SMTP_PORT":     strconv.Itoa(relay.Port),
			"NOCES_SMTP_SECURITY": "none",
			"NOCES_SMTP_FROM":     "Noces <hello@noces.test>",
		}
		for k, v := range extra {
			env[k] = v
		}
		params := account.HashParams{Time: 1, Memory: 1024, Threads: 1}
		a, err := New(t.Context(), mustConfig(t, env), NewLogger(io.Discard, "error"), Options{Clock: c.clock, HashParams: &params})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		addrc, done := make(chan string, 1), make(chan error, 1)
		go func() { done <- a.Serve(ctx, func(addr string) { addrc <- addr }) }()
		c.apps[i], c.urls[i] = a, "http://"+<-addrc
		t.Cleanup(func() {
			cancel()
			<-done
			a.Close()
		})
	}
	return c
}

// call sends a JSON request to server i and decodes the answer into out.
func (c *cluster) call(t *testing.T, i int, method, path, token string, body, out any) int {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.urls[i]+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if out != nil {
		_ = json.NewDecoder(res.Body).Decode(out)
	}
	return res.StatusCode
}

type tokens struct {
	Token        string `json:"token"`
	RefreshToken string `json:"refresh_token"`
}

func (c *cluster) login(t *testing.T, i int, email string) tokens {
	t.Helper()
	var tk tokens
	if st := c.call(t, i, "POST", "/api/login_check", "", map[string]string{"username": email, "password": demo.Password}, &tk); st != 200 {
		t.Fatalf("sign-in of %s on server %d: %d", email, i, st)
	}
	return tk
}

// waitFor polls cond for up to a minute.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("after a minute: %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestTwoServersOnOneDatabase(t *testing.T) {
	bucket := blobtest.New(t)
	c := startCluster(t, map[string]string{
		"NOCES_BLOB_URL": "s3://" + blobtest.Bucket + "/media", "NOCES_S3_ENDPOINT": bucket.URL, "NOCES_S3_REGION": "us-east-1",
		"NOCES_S3_ACCESS_KEY_ID": "test-key", "NOCES_S3_SECRET_ACCESS_KEY": "test-secret", "NOCES_S3_PATH_STYLE": "true",
	})
	ctx := t.Context()
	a, b := c.apps[0], c.apps[1]
	if _, err := demo.Seed(ctx, a.Accounts, a.MediaService, a.Store, a.Clock); err != nil {
		t.Fatal(err)
	}

	t.Run("a session revoked on one is refused by both", func(t *testing.T) {
		tk := c.login(t, 0, "planner@noces.test")
		for i := range c.apps {
			if st := c.call(t, i, "GET", "/api/me", tk.Token, nil, nil); st != 200 {
				t.Fatalf("server %d before the sign-out: %d", i, st)
			}
		}
		if st := c.call(t, 1, "POST", "/api/logout", "", map[string]string{"refresh_token": tk.RefreshToken}, nil); st != 204 {
			t.Fatalf("sign-out: %d", st)
		}
		// The other server reads the revocation feed at most
		// SessionSyncInterval after its last read.
		time.Sleep(account.SessionSyncInterval + 100*time.Millisecond)
		for i := range c.apps {
			if st := c.call(t, i, "GET", "/api/me", tk.Token, nil, nil); st != 401 {
				t.Errorf("server %d after the sign-out on the other: %d, want 401", i, st)
			}
		}
	})

	t.Run("a photo uploaded through one is served by the other", func(t *testing.T) {
		tk := c.login(t, 0, "premium@noces.test")
		img := image.NewRGBA(image.Rect(0, 0, 800, 600))
		for y := 0; y < 600; y++ {
			for x := 0; x < 800; x++ {
				img.Set(x, y, color.RGBA{uint8(x / 4), uint8(y / 3), 120, 255})
			}
		}
		var pic bytes.Buffer
		if err := jpeg.Encode(&pic, img, &jpeg.Options{Quality: 90}); err != nil {
			t.Fatal(err)
		}
		photo := pic.Bytes()
		var body bytes.Buffer
		w := multipart.NewWriter(&body)
		_ = w.WriteField("title", "Le jardin au coucher du soleil")
		_ = w.WriteField("description", "La réception dans le parc du château, au mois de juin.")
		fw, _ := w.CreateFormFile("image", "jardin.jpg")
		_, _ = fw.Write(photo)
		_ = w.Close()
		req, _ := http.NewRequest("POST", c.urls[0]+"/api/images/upload", &body)
		req.Header.Set("Content-Type", w.FormDataContentType())
		req.Header.Set("Authorization", "Bearer "+tk.Token)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var up struct {
			Image struct {
				URL      string `json:"url"`
				ThumbURL string `json:"thumbUrl"`
			} `json:"image"`
		}
		_ = json.NewDecoder(res.Body).Decode(&up)
		res.Body.Close()
		if res.StatusCode != 201 || up.Image.URL == "" {
			t.Fatalf("upload on server 0: %d", res.StatusCode)
		}
		for _, u := range []string{up.Image.URL, up.Image.ThumbURL} {
			got, err := http.Get(c.urls[1] + u)
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(got.Body)
			got.Body.Close()
			if got.StatusCode != 200 || got.Header.Get("Content-Type") != "image/jpeg" || len(data) == 0 {
				t.Errorf("%s on server 1: %d %s, %d bytes", u, got.StatusCode, got.Header.Get("Content-Type"), len(data))
			}
		}
	})

	t.Run("an approval made on one sends exactly one e-mail", func(t *testing.T) {
		u, err := a.Accounts.CreateUser(ctx, account.NewUser{Email: "late@example.com", Password: demo.Password, Role: model.RolePlanner,
			Firstname: "Léa", Lastname: "Martin", Locale: "fr", Domain: "fr", Onboarded: true})
		if err != nil {
			t.Fatal(err)
		}
		now := c.clock.Now()
		if err := a.Store.CreateCompany(ctx, model.Company{UserID: u.ID, Name: "Léa Martin Mariages", Slug: "lea-martin-mariages",
			Siret: "73282932000074", SiretStatus: "active", Zipcode: "69002", City: "Lyon", CountryCode: "FR", CreatedAt: now, UpdatedAt: now}); err != nil {
			t.Fatal(err)
		}
		admin := c.login(t, 1, "admin@noces.test")
		if st := c.call(t, 1, "POST", "/api/admin/users/"+u.ID+"/approve", admin.Token, nil, nil); st != 200 {
			t.Fatalf("approve: %d", st)
		}
		waitFor(t, "the approval e-mail", func() bool { return c.relay.Count("late@example.com") >= 1 })
		time.Sleep(time.Second) // room for a second copy to arrive
		if n := c.relay.Count("late@example.com"); n != 1 {
			t.Errorf("%d approval e-mails, want 1", n)
		}
	})

	t.Run("200 projects sent across both give each message once", func(t *testing.T) {
		before := c.relay.Count("planner@noces.test")
		const n = 200
		for i := 0; i < n; i++ {
			app := c.apps[i%2]
			tok := app.Events.FormToken()
			c.clock.Advance(eventreq.MinFillTime + time.Second)
			in := eventreq.ProjectInput{ProviderSlug: "camille-durand-evenements", EventType: "wedding", EventDate: "2027-06-12",
				ServiceType: "FULL_PLANNING", City: "Lyon", Zipcode: "69002", Country: "FR", BudgetRange: "20k_35k", GuestRange: "100_150",
				Languages: []string{"fr"}, Firstname: "Ana", Lastname: "Lima", Email: fmt.Sprintf("couple-%03d@example.com", i),
				Phone: "+33611111111", Message: "Nous cherchons une organisation complète pour notre mariage à Lyon.",
				FormToken: tok, ClientIP: fmt.Sprintf("10.0.%d.%d", i/250, i%250+1)}
			if _, err := app.Events.Submit(ctx, in, i18n.Domains[0]); err != nil {
				t.Fatalf("project %d on server %d: %v", i, i%2, err)
			}
			// The couple confirms on the other server.
			other := c.apps[(i+1)%2]
			eventreqtest.Confirm(t, other.Store, other.Events, in.Email)
		}
		waitFor(t, "every project's e-mails", func() bool { return c.relay.Count("planner@noces.test")-before >= n })
		time.Sleep(2 * time.Second)
		if got := c.relay.Count("planner@noces.test") - before; got != n {
			t.Errorf("the planner got %d new-request e-mails, want %d", got, n)
		}
		for i := 0; i < n; i++ {
			if got := c.relay.Count(fmt.Sprintf("couple-%03d@example.com", i)); got != 2 {
				t.Errorf("couple %d got %d e-mails, want 2 (the confirmation link, then the summary)", i, got)
			}
		}
		var notSent int
		if err := b.Store.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM outbox WHERE state <> 'sent'`).Scan(&notSent); err != nil || notSent != 0 {
			t.Errorf("%d messages not sent (%v)", notSent, err)
		}
	})
}
