package site

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestAProjectFormSentTwiceMakesOneProject(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	r := e.get("fr.localhost", "/p/atelier-lumiere")
	if r.status != 200 {
		t.Fatalf("GET: %d", r.status)
	}
	tok := formToken(t, r.body)
	e.clock.Advance(5 * time.Second)
	v := validProject(tok)
	if r := e.postForm("fr.localhost", "/p/atelier-lumiere/request", v); r.status != http.StatusSeeOther {
		t.Fatalf("first send: %d\n%s", r.status, r.body)
	}
	projects := e.count(`SELECT COUNT(*) FROM projects`)
	requests := e.count(`SELECT COUNT(*) FROM event_requests WHERE provider_id = $1`, s.free)

	// The back button and the same form sent again.
	r = e.postForm("fr.localhost", "/p/atelier-lumiere/request", v)
	if r.status != http.StatusConflict {
		t.Fatalf("replay: %d\n%s", r.status, r.body)
	}
	for _, want := range []string{"Ce formulaire a déjà été envoyé", `value="Camille"`, "<h1>Atelier Lumière</h1>"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if formToken(t, r.body) == tok {
		t.Error("the form came back with its spent token")
	}
	checkPage(t, r)
	if n := e.count(`SELECT COUNT(*) FROM projects`); n != projects {
		t.Errorf("%d projects after the replay, want %d", n, projects)
	}
	if n := e.count(`SELECT COUNT(*) FROM event_requests WHERE provider_id = $1`, s.free); n != requests {
		t.Errorf("%d requests after the replay, want %d", n, requests)
	}

	// The fresh token of the page shown again sends a second project.
	e.clock.Advance(5 * time.Second)
	v.Set("formToken", formToken(t, r.body))
	if r := e.postForm("fr.localhost", "/p/atelier-lumiere/request", v); r.status != http.StatusSeeOther {
		t.Fatalf("with a fresh token: %d\n%s", r.status, r.body)
	}
}
