package site

import (
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"io"
	"net/http"
	"net/url"
)

// Opening a conversation's link is not reading it: mail scanners fetch the
// links of every message they let through (a HEAD, or a GET that runs no
// script) before anyone reads it, and a read receipt they made would be
// false, and would keep the provider's credit from coming back after 72
// unread hours. So the page marks nothing when it is served. The provider's
// messages are marked read by a person: the few lines of readScript post
// to /c/{token}/read on the reader's first gesture over the visible page
// (a pointer moving or pressed, a key, a touch, a wheel; events the browser
// made, not a script), once per page load, and the couple's posts (answer, outcome, stop) mark
// them too. A reader without scripts who only reads counts as not having
// read: the error goes the provider's way, its credit comes back.
//
// The script is the one the public pages run; the page's Content Security
// Policy allows it by its hash alone, so nothing else can run, injected or
// not, and it is sent only while something is left to mark.

// readScript marks the page's unread messages read once a person is there,
// and shows them read. Its text is hashed into the page's policy: change it
// freely, the hash follows.
const readScript = `(function(){var d=document,u=d.querySelector('[data-read]'),b=0;if(!u)return;` +
	`function f(e){if(b||!e.isTrusted||d.visibilityState!=='visible')return;b=1;` +
	`fetch(u.getAttribute('data-read'),{method:'POST',credentials:'same-origin'})` +
	`.then(function(r){if(!r.ok)throw r.status;return r.text()})` +
	`.then(function(t){d.querySelectorAll('[data-unread]').forEach(function(x){x.textContent=t})},function(){})}` +
	`['pointermove','pointerdown','keydown','touchstart','wheel'].forEach(function(n){addEventListener(n,f,{capture:true,passive:true})})})()`

// readScriptSource is the policy's source for readScript.
var readScriptSource = func() string {
	sum := sha256.Sum256([]byte(readScript))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}()

// withReadScript puts the read script on the conversation's page.
func withReadScript(v *view, page *conversationPage, action string) {
	page.ReadURL = action + "/read"
	page.ReadScript = template.JS(readScript)
	v.ScriptSrc = readScriptSource
}

// fromThisPage reports a request the page's own script made: the browser
// says it came from this origin (Sec-Fetch-Site), or, a browser too old for
// that, sends an Origin naming this host. A request that says nothing, as a
// link checker's or a scanner's, is nobody reading.
func fromThisPage(r *http.Request) bool {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" {
		return site == "same-origin"
	}
	o := r.Header.Get("Origin")
	if o == "" || o == "null" {
		return false
	}
	u, err := url.Parse(o)
	return err == nil && u.Host == r.Host
}

// conversationRead is the script's post: the provider's messages are read
// now. The answer is their new mark, in the page's language, for the
// script to show.
func (s *Site) conversationRead(w http.ResponseWriter, r *http.Request) {
	privateHeaders(w)
	if !fromThisPage(r) {
		s.message(w, r, http.StatusForbidden, "site.badrequest")
		return
	}
	at, err := s.Conversations.MarkRead(r.Context(), r.PathValue("token"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v := s.newView(r, "")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", cacheNoStore)
	w.WriteHeader(http.StatusOK)
	_, _ = io.WriteString(w, v.T("site.conversation.read_on", "date", v.DateTime(at)))
}
