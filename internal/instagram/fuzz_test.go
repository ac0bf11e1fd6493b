package instagram

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// Instagram's replies are outside input: no reply may panic the parsers or
// yield a post whose link is not https or whose id could leave a path.
func FuzzParseMediaPage(f *testing.F) {
	f.Add([]byte(`{"data":[{"id":"1","media_type":"IMAGE","media_url":"https://cdn/1","permalink":"https://www.instagram.com/p/1/","timestamp":"2026-11-20T10:00:00+0000"}],"paging":{"next":"https://graph.instagram.com/me/media?after=x"}}`))
	f.Add([]byte(`{"data":[{"id":"../x","permalink":"javascript:alert(1)"}]}`))
	f.Add([]byte(`{"data":null}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		posts, _, err := ParseMediaPage(b)
		if err != nil {
			return
		}
		for _, p := range posts {
			if p.ID == "" || strings.ContainsAny(p.ID, "/?#") {
				t.Errorf("id %q", p.ID)
			}
			if p.Permalink != "" && !strings.HasPrefix(p.Permalink, "https:") && !strings.HasPrefix(strings.ToLower(p.Permalink), "https:") {
				t.Errorf("permalink %q", p.Permalink)
			}
		}
	})
}

func FuzzParseTokenReplies(f *testing.F) {
	f.Add([]byte(`{"access_token":"IGQ","user_id":17841400008460056}`))
	f.Add([]byte(`{"data":[{"access_token":"IGQ","user_id":"178"}]}`))
	f.Add([]byte(`{"access_token":"IGL","token_type":"bearer","expires_in":5183944}`))
	f.Add([]byte(`{"error":{"message":"x","type":"OAuthException","code":190}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		if tok, err := ParseCodeReply(b); err == nil && (tok.AccessToken == "" || tok.UserID == "") {
			t.Errorf("code reply %+v", tok)
		}
		if tok, err := ParseTokenReply(b); err == nil && (tok.AccessToken == "" || tok.ExpiresIn < 0) {
			t.Errorf("token reply %+v", tok)
		}
		if err := ParseError(400, b); err == nil || len(err.Error()) > 1000 {
			t.Errorf("error reply: %v", err)
		}
	})
}

// The state and the ticket come back through the browser: only what the
// server made opens, for its user, in time.
func FuzzStateAndTicket(f *testing.F) {
	key := []byte(strings.Repeat("s", 32))
	states, _ := NewStates(key)
	seal, _ := newSealer(key)
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	f.Add(states.Make("user-1", now), "user-1")
	f.Add(seal.makeTicket(ticket{UserID: "user-1", Code: "c", Expires: now.Add(time.Minute).Unix()}), "user-1")
	f.Add("dXNlcg.9999999999.bm9uY2U.bWFj", "user")
	f.Add("", "")
	f.Fuzz(func(t *testing.T, s, user string) {
		if u, err := states.Check(s, now); err == nil {
			if !utf8.ValidString(s) || u == "" {
				t.Errorf("state %q opened as %q", s, u)
			}
			if again, err := states.Check(s, now.Add(StateTTL+time.Second)); err == nil {
				t.Errorf("state %q still good after its time (%q)", s, again)
			}
		}
		if tk, err := seal.openTicket(s, user, now); err == nil && (tk.UserID != user || tk.Code == "") {
			t.Errorf("ticket %q opened for %q: %+v", s, user, tk)
		}
	})
}
