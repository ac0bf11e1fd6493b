package main

import (
	"context"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"noces/internal/account"
	"noces/internal/app"
	"noces/internal/config"
	"noces/internal/model"
)

func TestProfileMe(t *testing.T) {
	if os.Getenv("PROFILE_ME") == "" {
		t.Skip()
	}
	ctx := context.Background()
	dir := t.TempDir()
	db, err := prepareDatabase(ctx, os.Getenv("PROFILE_DB"), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.drop(ctx)
	key := "0123456789abcdef0123456789abcdef0123456789"
	env := map[string]string{"NOCES_DATA_DIR": dir, "NOCES_DATABASE_URL": db.url, "NOCES_TOKEN_KEY": key, "NOCES_LOG_LEVEL": "error", "NOCES_ADDR": "127.0.0.1:1"}
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	a, err := app.New(ctx, cfg, app.NewLogger(io.Discard, "error"), app.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	g := newGenerator(1, time.Now(), "$argon2id$fake", model.NewID)
	subs, _, err := populate(ctx, a.Store, g, 10000, 500)
	if err != nil {
		t.Fatal(err)
	}
	signer, _ := account.NewSigner([]byte(key))
	pool, _ := newTokenPool(signer, sampleSubjects(subs, 1000, 1))
	h := a.Server.Handler()
	rng := rand.New(rand.NewPCG(1, 1))
	path := os.Getenv("PROFILE_PATH")
	start := time.Now()
	n := 0
	for time.Since(start) < 8*time.Second {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Host = "localhost"
		req.Header.Set("Authorization", "Bearer "+pool.random(rng))
		req.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 200 {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		n++
	}
	t.Logf("%s: %d requests in 8s, %.1f µs each (one goroutine)", path, n, 8e6/float64(n))
}
