package eventreq

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestFormTokens(t *testing.T) {
	keys := formTokens{key: []byte("test-key")}
	served := now.Add(-time.Minute)
	genuine := keys.issue(served)
	ts, rest, _ := strings.Cut(genuine, ".")
	nonce, sig, _ := strings.Cut(rest, ".")
	for _, tc := range []struct {
		name  string
		token string
		at    time.Time
		want  bool
	}{
		{"a form filled in a minute passes", genuine, now, true},
		{"a form sent within 3 seconds is a robot's", genuine, served.Add(2 * time.Second), false},
		{"a form older than a day is stale", genuine, served.Add(MaxFormAge + time.Second), false},
		{"another key's token is refused", formTokens{key: []byte("other")}.issue(served), now, false},
		{"a token moved back in time is refused", strconv.FormatInt(served.Unix()-100, 10) + "." + nonce + "." + sig, now, false},
		{"another nonce is refused", ts + ".AAAAAAAAAAAAAAAA." + sig, now, false},
		{"the old format without a nonce is refused", ts + "." + keys.sign(ts), now, false},
		{"an empty nonce is refused", ts + ".." + keys.sign(ts+"."), now, false},
		{"no token", "", now, false},
		{"an overlong token", genuine + strings.Repeat("A", 200), now, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := keys.verify(tc.token, tc.at)
			if ok != tc.want {
				t.Fatalf("verify = %v, want %v", ok, tc.want)
			}
			if ok && (!got.IssuedAt.Equal(served.Truncate(time.Second)) || len(got.ID) != 64 || strings.Contains(tc.token, got.ID)) {
				t.Errorf("token %+v", got)
			}
		})
	}
	t.Run("two forms served in the same second have different tokens and ids", func(t *testing.T) {
		a, b := keys.issue(served), keys.issue(served)
		ta, _ := keys.verify(a, now)
		tb, _ := keys.verify(b, now)
		if a == b || ta.ID == tb.ID {
			t.Errorf("%s %s", a, b)
		}
	})
}

// fuzzNow is the fixed present of FuzzFormToken, so the genuine tokens of
// its seed corpus (signed with fuzzKey) stay of a human's age.
var (
	fuzzNow = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	fuzzKey = []byte("fuzz-key")
)

// FuzzFormToken feeds the public forms' anti-spam token check with any
// string: it must never panic, and must accept only what the key signed, of
// a human's age; a genuine token with one byte changed must be refused.
func FuzzFormToken(f *testing.F) {
	keys := formTokens{key: fuzzKey}
	f.Add(keys.issue(fuzzNow.Add(-time.Minute)), int64(60), uint16(3), byte('x'))
	f.Add("", int64(0), uint16(0), byte(0))
	f.Add("1700000000.forged", int64(2), uint16(11), byte('.'))
	f.Fuzz(func(t *testing.T, token string, age int64, pos uint16, b byte) {
		got, ok := keys.verify(token, fuzzNow)
		if ok {
			cut := strings.LastIndexByte(token, '.')
			if keys.sign(token[:cut]) != token[cut+1:] {
				t.Fatalf("accepted %q, whose signature is not the key's", token)
			}
			if a := fuzzNow.Sub(got.IssuedAt); a < MinFillTime || a > MaxFormAge {
				t.Fatalf("accepted %q, %v old", token, a)
			}
			if _, also := (formTokens{key: []byte("another key")}).verify(token, fuzzNow); also {
				t.Fatalf("%q passes under another key", token)
			}
		}
		// A token served age seconds ago passes exactly when that is a
		// person's time.
		age %= int64(2 * MaxFormAge / time.Second)
		served := fuzzNow.Add(-time.Duration(age) * time.Second)
		genuine := keys.issue(served)
		_, ok = keys.verify(genuine, fuzzNow)
		d := fuzzNow.Sub(served)
		if want := d >= MinFillTime && d <= MaxFormAge; ok != want {
			t.Fatalf("a token %v old: verify = %v, want %v", d, ok, want)
		}
		// One byte changed anywhere: refused.
		i := int(pos) % len(genuine)
		if genuine[i] == b || !ok {
			return
		}
		changed := genuine[:i] + string([]byte{b}) + genuine[i+1:]
		if _, ok := keys.verify(changed, fuzzNow); ok {
			t.Fatalf("%q accepted with byte %d changed to %q", changed, i, b)
		}
	})
}
