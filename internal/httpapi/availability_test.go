package httpapi

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	ical "github.com/emersion/go-ical"
	"github.com/google/go-cmp/cmp"
)

// icsForm is a multipart import of data with the other fields.
func icsForm(t *testing.T, data []byte, fields map[string]string) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	fw, err := w.CreateFormFile("file", "calendar.ics")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(data)
	_ = w.Close()
	return w.FormDataContentType(), b.Bytes()
}

// takenDays lists a calendar's days as "date/status/source".
func (e *env) takenDays(token, query string) []string {
	e.t.Helper()
	r := e.do(req{method: "GET", path: "/api/availability?" + query, token: token})
	if r.status != http.StatusOK {
		e.t.Fatalf("GET availability %s: %d %s", query, r.status, r.body)
	}
	out := []string{}
	for _, d := range r.json(e.t)["days"].([]any) {
		m := d.(map[string]any)
		out = append(out, m["date"].(string)+"/"+m["status"].(string)+"/"+m["source"].(string))
	}
	return out
}

func TestAvailabilityOfAPlanner(t *testing.T) {
	e := newEnv(t)
	tok := e.login("planner").Access
	june := "from=2027-06-01&to=2027-06-30"

	r := e.do(req{method: "PUT", path: "/api/availability/2027-06-12", token: tok, body: map[string]string{"status": "booked"}})
	if r.status != http.StatusOK {
		t.Fatalf("PUT: %d %s", r.status, r.body)
	}
	e.do(req{method: "PUT", path: "/api/availability/2027-06-20", token: tok, body: map[string]string{"status": "booked"}})
	e.do(req{method: "PUT", path: "/api/availability/2027-06-20", token: tok, body: map[string]string{"status": "unavailable"}})
	if diff := cmp.Diff([]string{"2027-06-12/booked/manual", "2027-06-20/unavailable/manual"}, e.takenDays(tok, june)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	got := e.do(req{method: "GET", path: "/api/availability?" + june, token: tok}).json(t)
	if got["venueId"] != nil || got["minDate"] != "2025-11-22" || got["maxDate"] != "2029-11-22" || got["feedSince"] != nil {
		t.Errorf("calendar = %v", got)
	}
	if r := e.do(req{method: "DELETE", path: "/api/availability/2027-06-12", token: tok}); r.status != http.StatusNoContent {
		t.Fatalf("DELETE: %d %s", r.status, r.body)
	}
	if r := e.do(req{method: "DELETE", path: "/api/availability/2027-06-12", token: tok}); r.status != http.StatusNoContent {
		t.Errorf("freeing a free day: %d", r.status)
	}

	// Refusals change nothing and say why, in the user's language.
	for _, c := range []struct {
		method, path string
		body         any
		status       int
		field, code  string
	}{
		{"PUT", "/api/availability/2027-6-12", map[string]string{"status": "booked"}, 422, "date", "availability.errors.date_invalid"},
		{"PUT", "/api/availability/2027-02-30", map[string]string{"status": "booked"}, 422, "date", "availability.errors.date_invalid"},
		{"PUT", "/api/availability/2029-11-23", map[string]string{"status": "booked"}, 422, "date", "availability.errors.date_out_of_range"},
		{"PUT", "/api/availability/2025-11-21", map[string]string{"status": "booked"}, 422, "date", "availability.errors.date_out_of_range"},
		{"PUT", "/api/availability/2027-06-13", map[string]string{"status": "maybe"}, 422, "status", "availability.errors.status_invalid"},
		{"PUT", "/api/availability/2027-06-13", map[string]string{"status": "booked", "venueId": "someone-elses"}, 404, "", ""},
		{"DELETE", "/api/availability/2027-06-20?venue=someone-elses", nil, 404, "", ""},
		{"GET", "/api/availability?from=2027-06-01&to=2028-07-06", nil, 422, "to", "availability.errors.range_invalid"},
		{"GET", "/api/availability?from=2027-06-30&to=2027-06-01", nil, 422, "to", "availability.errors.range_invalid"},
		{"GET", "/api/availability?from=june&to=2027-06-01", nil, 422, "from", "availability.errors.date_invalid"},
	} {
		r := e.do(req{method: c.method, path: c.path, token: tok, body: c.body, headers: map[string]string{"Accept-Language": "fr"}})
		if r.status != c.status {
			t.Errorf("%s %s: %d %s", c.method, c.path, r.status, r.body)
			continue
		}
		if c.field != "" {
			body := r.json(t)
			if fields, _ := body["fields"].(map[string]any); fields[c.field] != c.code {
				t.Errorf("%s %s: fields %v, want %s: %s", c.method, c.path, body["fields"], c.field, c.code)
			}
		}
	}
	if r := e.do(req{method: "GET", path: "/api/availability?from=2027-06-01&to=2028-07-04", token: tok}); r.status != http.StatusOK {
		t.Errorf("a 400-day range: %d %s", r.status, r.body)
	}
	if diff := cmp.Diff([]string{"2027-06-20/unavailable/manual"}, e.takenDays(tok, june)); diff != "" {
		t.Errorf("after the refusals (-want +got):\n%s", diff)
	}
	// Couples' and admins' sessions have no calendar.
	if r := e.do(req{method: "GET", path: "/api/availability?" + june, token: e.login("admin").Access}); r.status != http.StatusForbidden {
		t.Errorf("admin: %d", r.status)
	}
	if r := e.do(req{method: "GET", path: "/api/availability?" + june}); r.status != http.StatusUnauthorized {
		t.Errorf("no session: %d", r.status)
	}
}

func TestAvailabilityOfVenuesIsEachVenuesAndTheirOwnersOnly(t *testing.T) {
	e := newEnv(t)
	owner := e.users["venue"]
	tok := e.login("venue").Access
	lake := e.venueOf(owner.ID, "Lake House", true, 0)
	other := e.addUser("rival", "ROLE_VENUE")
	theirs := e.venueOf(other.ID, "Rival Castle", true, 0)
	rival := e.login("rival").Access

	// One venue: it is implied.
	if r := e.do(req{method: "PUT", path: "/api/availability/2027-05-01", token: tok, body: map[string]string{"status": "booked"}}); r.status != http.StatusOK {
		t.Fatalf("PUT: %d %s", r.status, r.body)
	}
	got := e.do(req{method: "GET", path: "/api/availability?from=2027-05-01&to=2027-05-31", token: tok}).json(t)
	if got["venueId"] != lake.ID || len(got["venues"].([]any)) != 1 {
		t.Errorf("calendar = %v", got)
	}
	// Two venues: it must be named; each has its own days.
	barn := e.venueOf(owner.ID, "Barn", true, 0)
	if r := e.do(req{method: "GET", path: "/api/availability?from=2027-05-01&to=2027-05-31", token: tok}); r.status != http.StatusUnprocessableEntity {
		t.Errorf("no venue named with two: %d %s", r.status, r.body)
	}
	e.do(req{method: "PUT", path: "/api/availability/2027-05-02", token: tok, body: map[string]string{"status": "unavailable", "venueId": barn.ID}})
	if diff := cmp.Diff([]string{"2027-05-01/booked/manual"}, e.takenDays(tok, "from=2027-05-01&to=2027-05-31&venue="+lake.ID)); diff != "" {
		t.Errorf("lake (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"2027-05-02/unavailable/manual"}, e.takenDays(tok, "from=2027-05-01&to=2027-05-31&venue="+barn.ID)); diff != "" {
		t.Errorf("barn (-want +got):\n%s", diff)
	}

	// Another owner's venue is not found, whatever is asked of it, and
	// stays as it was.
	for _, r := range []req{
		{method: "GET", path: "/api/availability?from=2027-05-01&to=2027-05-31&venue=" + lake.ID, token: rival},
		{method: "PUT", path: "/api/availability/2027-05-03", token: rival, body: map[string]string{"status": "booked", "venueId": lake.ID}},
		{method: "DELETE", path: "/api/availability/2027-05-01?venue=" + lake.ID, token: rival},
		{method: "GET", path: "/api/availability?from=2027-05-01&to=2027-05-31&venue=" + theirs.ID, token: tok},
	} {
		if got := e.do(r); got.status != http.StatusNotFound {
			t.Errorf("%s %s: %d %s", r.method, r.path, got.status, got.body)
		}
	}
	ctype, body := icsForm(t, []byte("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20270510\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"),
		map[string]string{"venue": lake.ID})
	if r := e.do(req{method: "POST", path: "/api/availability/import", token: rival, body: body, contentType: ctype}); r.status != http.StatusNotFound {
		t.Errorf("import into another's venue: %d %s", r.status, r.body)
	}
	if diff := cmp.Diff([]string{"2027-05-01/booked/manual"}, e.takenDays(tok, "from=2027-05-01&to=2027-05-31&venue="+lake.ID)); diff != "" {
		t.Errorf("lake after the rival (-want +got):\n%s", diff)
	}
	if days := e.takenDays(rival, "from=2027-05-01&to=2027-05-31&venue="+theirs.ID); len(days) != 0 {
		t.Errorf("the rival sees days: %v", days)
	}
}

// importICS is the file of the import test: a weekly rule with an EXDATE,
// an all-day event over two days and a timed one across midnight in Paris.
var importICS = strings.Join([]string{
	"BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN",
	"BEGIN:VEVENT", "UID:w@test", "DTSTART;TZID=Europe/Paris:20270301T180000", "DTEND;TZID=Europe/Paris:20270301T200000",
	"RRULE:FREQ=WEEKLY;COUNT=4", "EXDATE;TZID=Europe/Paris:20270308T180000", "END:VEVENT",
	"BEGIN:VEVENT", "UID:a@test", "DTSTART;VALUE=DATE:20270320", "DTEND;VALUE=DATE:20270322", "END:VEVENT",
	"BEGIN:VEVENT", "UID:n@test", "DTSTART:20270325T220000Z", "DTEND:20270325T233000Z", "END:VEVENT",
	"END:VCALENDAR", ""}, "\r\n")

func TestAvailabilityImportAndFeed(t *testing.T) {
	e := newEnv(t)
	tok := e.login("planner").Access
	march := "from=2027-03-01&to=2027-03-31"
	e.do(req{method: "PUT", path: "/api/availability/2027-03-15", token: tok, body: map[string]string{"status": "unavailable"}})

	ctype, body := icsForm(t, []byte(importICS), nil)
	r := e.do(req{method: "POST", path: "/api/availability/import", token: tok, body: body, contentType: ctype})
	if r.status != http.StatusOK {
		t.Fatalf("import: %d %s", r.status, r.body)
	}
	if diff := cmp.Diff(map[string]any{"events": 3.0, "skipped": 0.0, "days": 7.0, "added": 6.0}, r.json(t)); diff != "" {
		t.Errorf("import result (-want +got):\n%s", diff)
	}
	want := []string{"2027-03-01/booked/import", "2027-03-15/unavailable/manual", "2027-03-20/booked/import", "2027-03-21/booked/import",
		"2027-03-22/booked/import", "2027-03-25/booked/import", "2027-03-26/booked/import"}
	if diff := cmp.Diff(want, e.takenDays(tok, march)); diff != "" {
		t.Errorf("after import (-want +got):\n%s", diff)
	}
	// Refused files change nothing.
	for _, c := range []struct {
		data   []byte
		status int
	}{
		{[]byte("not a calendar"), 422},
		{bytes.Repeat([]byte("X"), 1<<20+1), 413},
		{[]byte("BEGIN:VCALENDAR\r\n" + strings.Repeat("BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20270401\r\nEND:VEVENT\r\n", 5001) + "END:VCALENDAR\r\n"), 422},
	} {
		ctype, body := icsForm(t, c.data, nil)
		if r := e.do(req{method: "POST", path: "/api/availability/import", token: tok, body: body, contentType: ctype}); r.status != c.status {
			t.Errorf("import of %d bytes: %d %s", len(c.data), r.status, r.body)
		}
	}
	if got := e.takenDays(tok, "from=2027-04-01&to=2027-04-30"); len(got) != 0 {
		t.Errorf("a refused import wrote %v", got)
	}

	// The feed: no session, no cache, CRLF, the days as all-day events.
	r = e.do(req{method: "POST", path: "/api/availability/feed", token: tok})
	if r.status != http.StatusOK {
		t.Fatalf("feed: %d %s", r.status, r.body)
	}
	first := r.json(t)["url"].(string)
	path := first[strings.Index(first, "/calendar/"):]
	feed := e.do(req{method: "GET", path: path})
	if feed.status != http.StatusOK || feed.header.Get("Cache-Control") != "private, no-store" ||
		!strings.HasPrefix(feed.header.Get("Content-Type"), "text/calendar") {
		t.Fatalf("feed: %d %v", feed.status, feed.header)
	}
	text := string(feed.body)
	if strings.Contains(strings.ReplaceAll(text, "\r\n", ""), "\n") {
		t.Error("a line of the feed does not end in CRLF")
	}
	cal, err := ical.NewDecoder(bytes.NewReader(feed.body)).Decode()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"VERSION", "PRODID"} {
		if cal.Props.Get(p) == nil {
			t.Errorf("no %s", p)
		}
	}
	var days []string
	for _, ev := range cal.Events() {
		for _, p := range []string{"UID", "DTSTAMP", "DTSTART", "DTEND", "SUMMARY"} {
			if ev.Props.Get(p) == nil {
				t.Errorf("event without %s", p)
			}
		}
		if ev.Props.Get("DTSTART").ValueType() != ical.ValueDate {
			t.Error("an event is not all-day")
		}
		sum, _ := ev.Props.Text("SUMMARY")
		days = append(days, ev.Props.Get("DTSTART").Value+" "+sum)
	}
	wantFeed := []string{"20270301 Réservé", "20270315 Indisponible", "20270320 Réservé", "20270321 Réservé", "20270322 Réservé",
		"20270325 Réservé", "20270326 Réservé"}
	if diff := cmp.Diff(wantFeed, days); diff != "" {
		t.Errorf("feed (-want +got):\n%s", diff)
	}
	if got := e.do(req{method: "GET", path: "/api/availability?" + march, token: tok}).json(t)["feedSince"]; got == nil {
		t.Error("no feedSince once the feed exists")
	}

	// Renewing kills the old URL; the new one works.
	second := e.do(req{method: "POST", path: "/api/availability/feed", token: tok}).json(t)["url"].(string)
	if second == first {
		t.Fatal("the same URL twice")
	}
	if r := e.do(req{method: "GET", path: path}); r.status != http.StatusNotFound {
		t.Errorf("old feed URL: %d", r.status)
	}
	if r := e.do(req{method: "GET", path: second[strings.Index(second, "/calendar/"):]}); r.status != http.StatusOK {
		t.Errorf("new feed URL: %d", r.status)
	}
	for _, bad := range []string{"/calendar/x.ics", "/calendar/" + strings.Repeat("A", 43) + ".ics", "/calendar/"} {
		if r := e.do(req{method: "GET", path: bad}); r.status != http.StatusNotFound {
			t.Errorf("%s: %d", bad, r.status)
		}
	}
	if r := e.do(req{method: "POST", path: path}); r.status != http.StatusMethodNotAllowed {
		t.Errorf("POST to a feed: %d", r.status)
	}
}
