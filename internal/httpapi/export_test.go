package httpapi

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"noces/internal/export"
)

func exportID(t *testing.T, e *env, userID string) string {
	t.Helper()
	var id string
	if err := e.store.DB().QueryRowContext(t.Context(), `SELECT id FROM data_exports WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`, userID).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func TestTheDataExportJourneyOverHTTP(t *testing.T) {
	e := newEnv(t)
	planner := e.login("planner").Access
	venue := e.login("venue").Access
	admin := e.login("admin").Access

	if r := e.do(req{method: "GET", path: "/api/account/export/status", token: planner}); r.status != 200 || r.json(t)["state"] != "none" {
		t.Fatalf("status before = %d %s", r.status, r.body)
	}
	if r := e.do(req{method: "POST", path: "/api/account/export"}); r.status != http.StatusUnauthorized {
		t.Fatalf("no session = %d", r.status)
	}
	if r := e.do(req{method: "POST", path: "/api/account/export", token: admin}); r.status != http.StatusForbidden {
		t.Fatalf("an admin = %d", r.status)
	}
	if r := e.do(req{method: "POST", path: "/api/account/export", token: planner}); r.status != http.StatusAccepted || r.json(t)["state"] != "pending" {
		t.Fatalf("ask = %d %s", r.status, r.body)
	}
	before := e.counts()
	r := e.do(req{method: "POST", path: "/api/account/export", token: planner, headers: map[string]string{"Accept-Language": "de"}})
	if r.status != http.StatusConflict || r.json(t)["error"] != export.ErrInProgress {
		t.Fatalf("ask twice = %d %s", r.status, r.body)
	}
	if after := e.counts(); !equalCounts(before, after) {
		t.Fatalf("a refused request wrote: %v -> %v", before, after)
	}
	if r := e.do(req{method: "GET", path: "/api/account/export", token: planner}); r.status != http.StatusConflict {
		t.Fatalf("download while pending = %d %s", r.status, r.body)
	}

	if err := e.server.Exports.Build(t.Context(), exportID(t, e, e.users["planner"].ID)); err != nil {
		t.Fatal(err)
	}
	st := e.do(req{method: "GET", path: "/api/account/export/status", token: planner}).json(t)
	if st["state"] != "ready" {
		t.Fatalf("status = %v", st)
	}
	link, _ := st["downloadUrl"].(string)

	// The owner downloads with the session and with the signed link; the
	// zip opens and holds its README.
	for _, r := range []resp{
		e.do(req{method: "GET", path: "/api/account/export", token: planner}),
		e.do(req{method: "GET", path: link}),
	} {
		if r.status != 200 || r.header.Get("Content-Type") != "application/zip" || !strings.Contains(r.header.Get("Content-Disposition"), "attachment") {
			t.Fatalf("download = %d %v", r.status, r.header)
		}
		zr, err := zip.NewReader(bytes.NewReader(r.body), int64(len(r.body)))
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, f := range zr.File {
			found = found || f.Name == "README.txt"
		}
		if !found {
			t.Fatal("no README.txt in the zip")
		}
	}

	// Another provider sees nothing of it, by session or by a forged link.
	if r := e.do(req{method: "GET", path: "/api/account/export", token: venue}); r.status != http.StatusNotFound {
		t.Fatalf("the other provider's download = %d", r.status)
	}
	if r := e.do(req{method: "GET", path: "/api/account/export/status", token: venue}); r.json(t)["state"] != "none" {
		t.Fatalf("the other provider's status = %s", r.body)
	}
	forged := link[:len(link)-3] + "abc"
	if r := e.do(req{method: "GET", path: forged}); r.status != http.StatusNotFound || r.json(t)["error"] != export.ErrBadLink {
		t.Fatalf("a forged link = %d %s", r.status, r.body)
	}
	// The file is not served as media, whoever guesses its key.
	var key string
	if err := e.store.DB().QueryRowContext(t.Context(), `SELECT blob_key FROM data_exports WHERE user_id = $1`, e.users["planner"].ID).Scan(&key); err != nil {
		t.Fatal(err)
	}
	if r := e.do(req{method: "GET", path: "/media/" + key}); r.status != http.StatusNotFound {
		t.Fatalf("/media/%s = %d", key, r.status)
	}
	// The link dies after 15 minutes.
	clockOf(e.server).Advance(export.LinkFor + time.Second)
	if r := e.do(req{method: "GET", path: link}); r.status != http.StatusNotFound {
		t.Fatalf("an expired link = %d", r.status)
	}
	var fresh map[string]any
	planner = e.login("planner").Access // the access token is as short-lived as the link
	_ = json.Unmarshal(e.do(req{method: "GET", path: "/api/account/export/status", token: planner}).body, &fresh)
	if r := e.do(req{method: "GET", path: fresh["downloadUrl"].(string)}); r.status != 200 {
		t.Fatalf("a fresh link = %d", r.status)
	}
}

func equalCounts(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
