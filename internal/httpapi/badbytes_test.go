package httpapi

import (
	"testing"
)

func TestInvalidUTF8InJSONIsRefusedWithItsField(t *testing.T) {
	e := newEnv(t)
	s := e.login("planner")
	personal := func(body string) resp {
		return e.do(req{method: "POST", path: "/api/account/personal-info", token: s.Access, body: body, headers: map[string]string{"Accept-Language": "en"}})
	}
	for name, body := range map[string]string{
		"raw bytes":                  `{"firstname":"Ana","lastname":"S` + "\xe1" + `nchez"}`,
		"a truncated sequence":       `{"firstname":"Ana","lastname":"S` + "\xc3" + `"}`,
		"an escaped lone surrogate":  `{"firstname":"Ana","lastname":"S\udc00nchez"}`,
		"a high surrogate left open": `{"firstname":"Ana","lastname":"S\ud83dnchez"}`,
	} {
		r := personal(body)
		if r.status != 400 {
			t.Errorf("%s: %d %s", name, r.status, r.body)
			continue
		}
		got := r.json(t)
		if got["error"] != "errors.malformed_json" || got["fields"].(map[string]any)["lastname"] != "validation.invalid_utf8" {
			t.Errorf("%s: %s", name, r.body)
		}
	}
	// Escaped characters are text like any other (the rule for U+FFFD and
	// surrogate pairs is TestInvalidUTF8FieldNames').
	r := personal(`{"firstname":"Ana","lastname":"S\u00e1nchez"}`)
	if r.status != 200 || r.json(t)["fullName"] != "Ana Sánchez" {
		t.Errorf("valid text refused or changed: %d %s", r.status, r.body)
	}
}

func TestInvalidUTF8FieldNames(t *testing.T) {
	for _, c := range []struct{ raw, field string }{
		{`{"a":"ok","b":"x` + "\xff" + `"}`, "b"},
		{`{"a":{"b":[{"c":1},{"d":"` + "\xff" + `"}]}}`, "a.b.d"},
		{`{"a":[["` + "\xff" + `"]]}`, "a"},
		{`"` + "\xff" + `"`, "body"},
		{`{"` + "\xff" + `":"x"}`, "body"},
		{`{"a":{"` + "\xff" + `":"x"}}`, "a"},
		{`{"a":{"b":1},"c":"\udfff"}`, "c"},
	} {
		field, bad := invalidUTF8Field([]byte(c.raw))
		if !bad || field != c.field {
			t.Errorf("%q: %q %t, want %q", c.raw, field, bad, c.field)
		}
	}
	for _, ok := range []string{`{"a":"é\u00e9\ud83d\ude00\ufffd\uFFFD"}`, `{"a":[1,2,{"b":null}]}`, `{"a":`, `not json ` + "\xff"} {
		if field, bad := invalidUTF8Field([]byte(ok)); bad {
			t.Errorf("%q refused as %q", ok, field)
		}
	}
}

func TestInvalidUTF8InUploadFieldsIsRefused(t *testing.T) {
	e := newEnv(t)
	s := e.login("planner")
	before := e.counts()
	r := e.uploadPhoto(s.Access, pngOf(t, 800, 600), map[string]string{"title": "C\xe9r\xe9monie", "description": "ok"})
	if r.status != 400 || r.json(t)["fields"].(map[string]any)["title"] != "validation.invalid_utf8" {
		t.Errorf("%d %s", r.status, r.body)
	}
	ct, body := filesForm(t, "images[]", map[string][]byte{"ch\xe2teau.png": pngOf(t, 800, 600)}, []string{"ch\xe2teau.png"})
	p := e.do(req{method: "POST", path: "/api/portfolios", token: s.Access, body: validPortfolio("Château")}).json(t)
	r = e.do(req{method: "POST", path: "/api/portfolios/" + p["id"].(string) + "/images", token: s.Access, body: body, contentType: ct})
	if r.status != 400 || r.json(t)["fields"].(map[string]any)["images[]"] != "validation.invalid_utf8" {
		t.Errorf("a file name: %d %s", r.status, r.body)
	}
	after := e.counts()
	for k, n := range before {
		if after[k] != n {
			t.Errorf("%s: %d rows, was %d", k, after[k], n)
		}
	}
}
