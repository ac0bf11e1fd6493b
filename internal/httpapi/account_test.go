package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"noces/internal/store"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/account"
	"noces/internal/model"
)

func validRegistration() map[string]any {
	return map[string]any{
		"email": "lea@example.com", "phone": "+33 6 12 34 56 78", "firstname": "Léa", "lastname": "D'Arc-Éloi",
		"password": "Bonjour-2026!", "role": "ROLE_PRESTATAIRE", "tosIsAccepted": true, "locale": "fr",
	}
}

func with(m map[string]any, k string, v any) map[string]any {
	out := map[string]any{}
	for key, val := range m {
		out[key] = val
	}
	if v == nil {
		delete(out, k)
	} else {
		out[k] = v
	}
	return out
}

// outbox returns the newest messages sent to recipient.
func (e *env) outbox(recipient string) []model.OutboxMessage {
	e.t.Helper()
	msgs, _, err := e.store.ListOutbox(context.Background(), store.OutboxFilter{Recipient: recipient}, 100, 0)
	if err != nil {
		e.t.Fatal(err)
	}
	return msgs
}

func TestRegister(t *testing.T) {
	e := newEnv(t)
	bad := []struct {
		name        string
		body        map[string]any
		field, code string
	}{
		{"an invalid e-mail", with(validRegistration(), "email", "lea@"), "email", "validation.email_invalid"},
		{"a phone number that is not one", with(validRegistration(), "phone", "+33 6 12"), "phone", "validation.phone_invalid"},
		{"a phone number too short for its country", with(validRegistration(), "phone", "0612345"), "phone", "validation.phone_invalid"},
		{"a one-letter first name", with(validRegistration(), "firstname", "L"), "firstname", "validation.min_length_2"},
		{"a last name of 51 letters", with(validRegistration(), "lastname", strings.Repeat("a", 51)), "lastname", "validation.max_length_50"},
		{"digits in a name", with(validRegistration(), "lastname", "D4rc"), "lastname", "validation.name_characters"},
		{"a weak password", with(validRegistration(), "password", "password1"), "password", "validation.password_requirements"},
		{"the admin role", with(validRegistration(), "role", "ROLE_ADMIN"), "role", "validation.role_invalid"},
		{"terms not accepted", with(validRegistration(), "tosIsAccepted", false), "tosIsAccepted", "register.validation.terms_required"},
		{"an unknown locale", with(validRegistration(), "locale", "ja"), "locale", "validation.locale_invalid"},
		{"a missing e-mail", with(validRegistration(), "email", nil), "email", "validation.email_required"},
	}
	for _, tc := range bad {
		t.Run(tc.name+" is refused and writes nothing", func(t *testing.T) {
			before := e.counts()
			r := e.do(req{method: "POST", path: "/api/register", body: tc.body})
			if r.status != 422 {
				t.Fatalf("status %d: %s", r.status, r.body)
			}
			fields, _ := r.json(t)["fields"].(map[string]any)
			if fields[tc.field] != tc.code {
				t.Errorf("fields %v, want %s: %s", fields, tc.field, tc.code)
			}
			if diff := cmp.Diff(before, e.counts()); diff != "" {
				t.Errorf("written:\n%s", diff)
			}
		})
	}

	t.Run("a valid registration signs in with one welcome credit", func(t *testing.T) {
		r := e.do(req{method: "POST", path: "/api/register", body: validRegistration()})
		if r.status != 201 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		var tok account.Tokens
		_ = json.Unmarshal(r.body, &tok)
		me := e.do(req{method: "GET", path: "/api/me", token: tok.Access}).json(t)
		if me["credits"] != float64(1) || me["phone"] != "+33612345678" || me["hasFinishedOnboarding"] != false ||
			me["isModerated"] != false || me["lastname"] != "D'Arc-Éloi" {
			t.Errorf("me %v", me)
		}
		u, _ := e.store.GetUserByEmail(context.Background(), "lea@example.com")
		logs, _ := e.store.ListCreditLogs(context.Background(), u.ID)
		if len(logs) != 1 || logs[0].Deposited != 1 || logs[0].Ref.String != account.WelcomeCreditRef(u.ID) {
			t.Errorf("ledger %+v", logs)
		}
		if mails := e.outbox("lea@example.com"); len(mails) != 1 || !strings.Contains(mails[0].BodyText, "Léa") {
			t.Errorf("welcome e-mail: %+v", mails)
		}
	})
	t.Run("the same e-mail in another case is a 409 and writes nothing", func(t *testing.T) {
		before := e.counts()
		r := e.do(req{method: "POST", path: "/api/register", body: with(validRegistration(), "email", "LEA@example.com")})
		if r.status != 409 || r.json(t)["error"] != "register.errors.email_already_used" {
			t.Errorf("%d %s", r.status, r.body)
		}
		if diff := cmp.Diff(before, e.counts()); diff != "" {
			t.Errorf("written:\n%s", diff)
		}
	})
	t.Run("a national number is read in the domain's country", func(t *testing.T) {
		body := with(with(validRegistration(), "email", "hans@example.com"), "phone", "01512 3456789")
		r := e.do(req{method: "POST", path: "/api/register", body: body, headers: map[string]string{"Host": "pro.de.localhost"}})
		if r.status != 201 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		u, _ := e.store.GetUserByEmail(context.Background(), "hans@example.com")
		if u.Phone != "+4915123456789" || u.Domain != "de" {
			t.Errorf("phone %q domain %q", u.Phone, u.Domain)
		}
	})
}

var resetLink = regexp.MustCompile(`/forgot-password-reset/([A-Za-z0-9_-]+)`)

func TestPasswordReset(t *testing.T) {
	e := newEnv(t)
	old := e.login("planner")
	request := func(email string) resp {
		return e.do(req{method: "POST", path: "/api/reset-password/request", body: map[string]string{"email": email}})
	}
	r := request("planner@example.com")
	if r.status != 200 || r.json(t)["success"] != true || r.json(t)["already_requested"] != false {
		t.Fatalf("%d %s", r.status, r.body)
	}
	unknown := request("nobody@example.com")
	if unknown.status != 200 || string(unknown.body) != string(r.body) {
		t.Errorf("an unknown address answered differently:\n%s\n%s", unknown.body, r.body)
	}
	if len(e.outbox("nobody@example.com")) != 0 {
		t.Error("an e-mail went to an address without an account")
	}
	again := request("planner@example.com")
	if again.json(t)["already_requested"] != true {
		t.Errorf("a second request within 15 minutes: %s", again.body)
	}
	if request("nobody@example.com").json(t)["already_requested"] != true {
		t.Error("already_requested must not depend on the account existing")
	}
	mails := e.outbox("planner@example.com")
	if len(mails) != 1 {
		t.Fatalf("%d reset e-mails, want 1", len(mails))
	}
	m := resetLink.FindStringSubmatch(mails[0].BodyText)
	if m == nil {
		t.Fatalf("no link in %q", mails[0].BodyText)
	}
	token := m[1]
	reset := func(token, pw, confirm string) resp {
		return e.do(req{method: "POST", path: "/api/reset-password/reset/" + token, body: map[string]string{"newPassword": pw, "confirmPassword": confirm, "token": token}})
	}
	if r := reset(token, "Nouveau-2026!", "Nouveau-2026?"); r.status != 422 || r.json(t)["fields"].(map[string]any)["confirmPassword"] != "validation.passwords_mismatch" {
		t.Errorf("mismatch: %d %s", r.status, r.body)
	}
	if r := reset(token, "weak", "weak"); r.status != 422 {
		t.Errorf("weak: %d %s", r.status, r.body)
	}
	if r := reset("forged", "Nouveau-2026!", "Nouveau-2026!"); r.status != 422 {
		t.Errorf("forged: %d %s", r.status, r.body)
	}
	if r := reset(token, "Nouveau-2026!", "Nouveau-2026!"); r.status != 200 {
		t.Fatalf("reset: %d %s", r.status, r.body)
	}
	if r := reset(token, "Encore-2026!", "Encore-2026!"); r.status != 422 {
		t.Errorf("a link used twice: %d", r.status)
	}
	if r := e.do(req{method: "POST", path: "/api/token/refresh", body: map[string]string{"refresh_token": old.Refresh}}); r.status != 401 {
		t.Errorf("a session from before the reset survived: %d", r.status)
	}
	if r := e.do(req{method: "POST", path: "/api/login_check", body: map[string]string{"username": "planner@example.com", "password": "Nouveau-2026!"}}); r.status != 200 {
		t.Errorf("the new password: %d", r.status)
	}

	t.Run("a link older than an hour is refused", func(t *testing.T) {
		e.clock.Advance(16 * time.Minute)
		request("venue@example.com")
		m := resetLink.FindStringSubmatch(e.outbox("venue@example.com")[0].BodyText)
		e.clock.Advance(61 * time.Minute)
		if r := reset(m[1], "Nouveau-2026!", "Nouveau-2026!"); r.status != 422 {
			t.Errorf("an expired link: %d", r.status)
		}
	})
}

func TestAccountSettings(t *testing.T) {
	e := newEnv(t)
	s := e.login("planner")
	other := e.login("planner")

	t.Run("personal info", func(t *testing.T) {
		r := e.do(req{method: "POST", path: "/api/account/personal-info", token: s.Access, body: map[string]string{"firstname": "Ana", "lastname": "X"}})
		if r.status != 422 || r.json(t)["fields"].(map[string]any)["lastname"] != "validation.min_length_2" {
			t.Errorf("%d %s", r.status, r.body)
		}
		r = e.do(req{method: "POST", path: "/api/account/personal-info", token: s.Access, body: map[string]string{"firstname": " Ana ", "lastname": "Sánchez"}})
		if r.status != 200 || r.json(t)["fullName"] != "Ana Sánchez" {
			t.Errorf("%d %s", r.status, r.body)
		}
	})
	t.Run("locale", func(t *testing.T) {
		if r := e.do(req{method: "POST", path: "/api/account/change-locale", token: s.Access, body: map[string]string{"locale": "ja"}}); r.status != 422 {
			t.Errorf("ja: %d", r.status)
		}
		r := e.do(req{method: "POST", path: "/api/account/change-locale", token: s.Access, body: map[string]string{"locale": "de"}})
		if r.status != 200 || !strings.Contains(r.header.Get("Set-Cookie"), "locale=de") || r.json(t)["message"] != "Die Sprache wurde geändert." {
			t.Errorf("%d %v %s", r.status, r.header, r.body)
		}
		if me := e.do(req{method: "GET", path: "/api/me", token: s.Access}).json(t); me["locale"] != "de" {
			t.Errorf("me.locale %v", me["locale"])
		}
	})
	t.Run("password", func(t *testing.T) {
		r := e.do(req{method: "POST", path: "/api/account/change-password", token: s.Access, body: map[string]string{"currentPassword": "nope", "newPassword": "Tout-neuf-2026!"}})
		if r.status != 422 || r.json(t)["fields"].(map[string]any)["currentPassword"] != "security.errors.current_password_invalid" {
			t.Errorf("%d %s", r.status, r.body)
		}
		r = e.do(req{method: "POST", path: "/api/account/change-password", token: s.Access, body: map[string]string{"currentPassword": testPassword, "newPassword": "Tout-neuf-2026!"}})
		if r.status != 200 || r.json(t)["success"] != true {
			t.Fatalf("%d %s", r.status, r.body)
		}
		if r := e.do(req{method: "POST", path: "/api/token/refresh", body: map[string]string{"refresh_token": other.Refresh}}); r.status != 401 {
			t.Errorf("another session survived a password change: %d", r.status)
		}
		r = e.do(req{method: "POST", path: "/api/token/refresh", body: map[string]string{"refresh_token": s.Refresh}})
		if r.status != 200 {
			t.Errorf("the session that changed the password was signed out: %d", r.status)
		}
		_ = json.Unmarshal(r.body, &s)
	})
	t.Run("e-mail", func(t *testing.T) {
		if r := e.do(req{method: "POST", path: "/api/account/change-email", token: s.Access, body: map[string]string{"email": "venue@example.com"}}); r.status != 409 {
			t.Errorf("a taken address: %d", r.status)
		}
		if r := e.do(req{method: "POST", path: "/api/account/change-email", token: s.Access, body: map[string]string{"email": "bad@"}}); r.status != 422 {
			t.Errorf("an invalid address: %d", r.status)
		}
		r := e.do(req{method: "POST", path: "/api/account/change-email", token: s.Access, body: map[string]string{"email": "ana.new@example.com"}})
		if r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		var fresh account.Tokens
		_ = json.Unmarshal(r.body, &fresh)
		if fresh.Access == "" || fresh.Refresh == "" {
			t.Fatalf("no new tokens: %s", r.body)
		}
		if r := e.do(req{method: "POST", path: "/api/token/refresh", body: map[string]string{"refresh_token": s.Refresh}}); r.status != 401 {
			t.Errorf("the old session survived: %d", r.status)
		}
		notice := e.outbox("planner@example.com")
		if len(notice) == 0 || !strings.Contains(notice[0].BodyText, "ana.new@example.com") {
			t.Errorf("no notice to the old address: %+v", notice)
		}
		if me := e.do(req{method: "GET", path: "/api/me", token: fresh.Access}).json(t); me["email"] != "ana.new@example.com" {
			t.Errorf("me %v", me["email"])
		}
	})
}

var sixDigitCode = regexp.MustCompile(`\b(\d{6})\b`)

func TestPhoneChange(t *testing.T) {
	e := newEnv(t)
	s := e.login("venue")
	check := func(phone string) resp {
		return e.do(req{method: "POST", path: "/api/account/phone/check", token: s.Access, body: map[string]string{"phone": phone}})
	}
	verify := func(phone, code string) resp {
		return e.do(req{method: "POST", path: "/api/account/phone/verify", token: s.Access, body: map[string]string{"phone": phone, "code": code}})
	}
	lastCode := func() string {
		sms := e.outbox("+33698765432")
		if len(sms) == 0 || sms[0].Channel != "sms" {
			t.Fatalf("no SMS: %+v", sms)
		}
		return sixDigitCode.FindString(sms[0].BodyText)
	}
	if r := check("123"); r.status != 422 {
		t.Errorf("an invalid number: %d", r.status)
	}
	if r := check("+33 6 98 76 54 32"); r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	code := lastCode()
	if r := verify("+33698765432", "12345"); r.status != 422 || r.json(t)["fields"].(map[string]any)["code"] != "account.phone.errors.code_format" {
		t.Errorf("five digits: %d %s", r.status, r.body)
	}
	wrongCode := "000000"
	if code == wrongCode {
		wrongCode = "111111"
	}
	for i := 1; i <= 4; i++ {
		if r := verify("+33698765432", wrongCode); r.status != 422 || r.json(t)["fields"].(map[string]any)["code"] != "account.phone.errors.code_invalid" {
			t.Fatalf("wrong try %d: %d %s", i, r.status, r.body)
		}
	}
	if r := verify("+33698765432", wrongCode); r.json(t)["fields"].(map[string]any)["code"] != "account.phone.errors.code_expired" {
		t.Errorf("the 5th wrong try should burn the code: %s", r.body)
	}
	if r := verify("+33698765432", code); r.status != 422 {
		t.Errorf("a burnt code still works: %d", r.status)
	}
	if r := check("+33698765432"); r.status != 200 {
		t.Fatalf("a second code: %d", r.status)
	}
	code = lastCode()
	if r := verify("+33 6 98 76 54 32", code); r.status != 200 || r.json(t)["phone"] != "+33698765432" {
		t.Fatalf("the right code: %d %s", r.status, r.body)
	}
	if me := e.do(req{method: "GET", path: "/api/me", token: s.Access}).json(t); me["phone"] != "+33698765432" {
		t.Errorf("me.phone %v", me["phone"])
	}
	if r := check("+33698765432"); r.status != 200 {
		t.Fatalf("a third code: %d", r.status)
	}
	if r := check("+33698765432"); r.status != 429 {
		t.Errorf("a fourth code within 15 minutes: %d", r.status)
	}
	code = lastCode()
	e.clock.Advance(11 * time.Minute)
	if r := verify("+33698765432", code); r.status != 422 || r.json(t)["fields"].(map[string]any)["code"] != "account.phone.errors.code_expired" {
		t.Errorf("an 11-minute-old code: %d %s", r.status, r.body)
	}
	if strings.Contains(e.logs.String(), code) {
		t.Error("an SMS code is in the log")
	}
}

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y += 7 {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{200, 100, 50, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func multipartBody(t *testing.T, field, name string, data []byte) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	fw, err := w.CreateFormFile(field, name)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(data)
	_ = w.Close()
	return w.FormDataContentType(), b.Bytes()
}

func TestProfilePicture(t *testing.T) {
	e := newEnv(t)
	s := e.login("planner")
	upload := func(name string, data []byte) resp {
		ct, body := multipartBody(t, "image", name, data)
		return e.do(req{method: "POST", path: "/api/images/upload-profile-image", token: s.Access, body: body, contentType: ct})
	}
	if r := upload("me.png", pngOf(t, 300, 500)); r.status != 422 || r.json(t)["fields"].(map[string]any)["image"] != "profile_image.errors.too_small" {
		t.Errorf("300x500: %d %s", r.status, r.body)
	}
	if r := upload("me.jpg", []byte("this is not an image, whatever its name says")); r.status != 415 || r.json(t)["error"] != "profile_image.errors.invalid_format" {
		t.Errorf("text named .jpg: %d %s", r.status, r.body)
	}
	if r := upload("big.png", bytes.Repeat([]byte{1}, 11<<20)); r.status != 413 {
		t.Errorf("11 MB: %d %s", r.status, r.body)
	}
	r := upload("me.png", pngOf(t, 1600, 800))
	if r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	url := r.json(t)["image"].(map[string]any)["url"].(string)
	img := e.do(req{method: "GET", path: url})
	if img.status != 200 || img.header.Get("Content-Type") != "image/jpeg" {
		t.Fatalf("GET %s: %d %s", url, img.status, img.header.Get("Content-Type"))
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(img.body))
	if err != nil || cfg.Width != 1200 || cfg.Height != 600 {
		t.Errorf("stored picture %v %v", cfg, err)
	}
	me := e.do(req{method: "GET", path: "/api/me", token: s.Access}).json(t)
	if me["avatar"] != url || me["hasProfilePicture"] != true {
		t.Errorf("me %v %v", me["avatar"], me["hasProfilePicture"])
	}
	if r := e.do(req{method: "GET", path: "/media/avatars/"}); r.status != 404 {
		t.Errorf("a media folder is listed: %d", r.status)
	}
	if r := e.do(req{method: "DELETE", path: "/api/images/delete-profile-image", token: s.Access}); r.status != 204 {
		t.Fatalf("delete: %d", r.status)
	}
	if r := e.do(req{method: "GET", path: url}); r.status != 404 {
		t.Errorf("a deleted picture is still served: %d", r.status)
	}
	if me := e.do(req{method: "GET", path: "/api/me", token: s.Access}).json(t); me["avatar"] != nil {
		t.Errorf("me.avatar after delete: %v", me["avatar"])
	}
}

func TestDeleteAccount(t *testing.T) {
	e := newEnv(t)
	s := e.login("planner")
	planner := e.users["planner"]
	if r := e.do(req{method: "DELETE", path: "/api/account/delete", token: s.Access, body: map[string]string{"reason": "   too short, even padded      "}}); r.status != 422 {
		t.Errorf("a short reason: %d", r.status)
	}
	// The account's pictures leave with it: the profile picture here.
	ct, pic := multipartBody(t, "image", "me.png", pngOf(t, 800, 800))
	up := e.do(req{method: "POST", path: "/api/images/upload-profile-image", token: s.Access, body: pic, contentType: ct})
	if up.status != 200 {
		t.Fatalf("upload: %d %s", up.status, up.body)
	}
	picURL := up.json(t)["image"].(map[string]any)["url"].(string)
	reason := "I am retiring from the wedding business this year."
	if r := e.do(req{method: "DELETE", path: "/api/account/delete", token: s.Access, body: map[string]string{"reason": reason}}); r.status != 204 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	if r := e.do(req{method: "GET", path: picURL}); r.status != 404 {
		t.Errorf("a closed account's picture is still served: %d", r.status)
	}
	if left, err := e.store.ListBlobDeletions(t.Context(), 10); err != nil || len(left) != 0 {
		t.Errorf("files still listed for deletion: %v %v", left, err)
	}
	if r := e.do(req{method: "POST", path: "/api/login_check", body: map[string]string{"username": "planner@example.com", "password": testPassword}}); r.status != 401 {
		t.Errorf("a closed account signs in: %d", r.status)
	}
	if r := e.do(req{method: "POST", path: "/api/token/refresh", body: map[string]string{"refresh_token": s.Refresh}}); r.status != 401 {
		t.Errorf("a closed account's session survived: %d", r.status)
	}
	var email, first string
	if err := e.store.DB().QueryRow(`SELECT email, firstname FROM users WHERE id = $1`, planner.ID).Scan(&email, &first); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(email, "planner") || first != "" {
		t.Errorf("personal data kept: %q %q", email, first)
	}
	// The address is free again.
	body := with(validRegistration(), "email", "planner@example.com")
	if r := e.do(req{method: "POST", path: "/api/register", body: body}); r.status != 201 {
		t.Errorf("re-registering the address: %d %s", r.status, r.body)
	}
}

func TestImpersonation(t *testing.T) {
	e := newEnv(t)
	planner := e.login("planner")
	admin := e.login("admin")
	target := e.users["venue"]
	if r := e.do(req{method: "POST", path: "/api/impersonation/impersonate", token: planner.Access, body: map[string]string{"user_id": target.ID}}); r.status != 403 ||
		r.json(t)["error"] != "impersonation.errors.unauthorized" {
		t.Errorf("a planner impersonating: %d %s", r.status, r.body)
	}
	if r := e.do(req{method: "POST", path: "/api/impersonation/impersonate", token: admin.Access, body: map[string]string{"user_id": "nope"}}); r.status != 404 {
		t.Errorf("an unknown user: %d", r.status)
	}
	r := e.do(req{method: "POST", path: "/api/impersonation/impersonate", token: admin.Access, body: map[string]string{"user_id": target.ID}})
	if r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	var imp struct {
		Token string         `json:"token"`
		User  map[string]any `json:"user"`
	}
	_ = json.Unmarshal(r.body, &imp)
	if imp.User["email"] != "venue@example.com" || imp.User["impersonatorId"] != e.users["admin"].ID {
		t.Errorf("user %v", imp.User)
	}
	me := e.do(req{method: "GET", path: "/api/me", token: imp.Token}).json(t)
	if me["email"] != "venue@example.com" || me["impersonatorId"] != e.users["admin"].ID {
		t.Errorf("me while impersonating: %v", me)
	}
	if r := e.do(req{method: "POST", path: "/api/impersonation/impersonate", token: imp.Token, body: map[string]string{"user_id": e.users["planner"].ID}}); r.status != 403 {
		t.Errorf("impersonating from an impersonation: %d", r.status)
	}
	if r := e.do(req{method: "DELETE", path: "/api/account/delete", token: imp.Token, body: map[string]string{"reason": strings.Repeat("a reason ", 5)}}); r.status != 403 {
		t.Errorf("an admin closed the account they act as: %d", r.status)
	}
	stop := e.do(req{method: "POST", path: "/api/impersonation/stop-impersonating", token: imp.Token})
	if stop.status != 200 {
		t.Fatalf("stop: %d %s", stop.status, stop.body)
	}
	var back struct {
		Token string         `json:"token"`
		User  map[string]any `json:"user"`
	}
	_ = json.Unmarshal(stop.body, &back)
	if back.User["email"] != "admin@example.com" || back.User["impersonatorId"] != nil {
		t.Errorf("after stop: %v", back.User)
	}
	if r := e.do(req{method: "POST", path: "/api/impersonation/stop-impersonating", token: back.Token}); r.status != 403 {
		t.Errorf("stopping without impersonating: %d", r.status)
	}
	entries, total, err := e.store.ListAuditLog(context.Background(), 10, 0)
	if err != nil || total != 2 || entries[1].Action != "impersonation.start" || entries[0].Action != "impersonation.stop" ||
		entries[1].ActorID != e.users["admin"].ID || entries[1].TargetID.String != target.ID {
		t.Errorf("audit log %+v %v", entries, err)
	}
}
