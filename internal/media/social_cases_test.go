package media

import (
	"encoding/json"
	"os"
	"testing"
)

// TestTheScreenAndTheServerAgreeOnSocialLinks runs the cases the web
// screen's checker runs too (web/src/features/social-networks/social-url.test.ts):
// a link the screen accepts is one the server saves, in the same form.
func TestTheScreenAndTheServerAgreeOnSocialLinks(t *testing.T) {
	raw, err := os.ReadFile("../../web/src/features/social-networks/social-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Network, Input, Want string
		OK                   bool
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 20 {
		t.Fatalf("only %d shared cases", len(cases))
	}
	for _, c := range cases {
		got, ok := NormaliseSocial(c.Network, c.Input)
		if got != c.Want || ok != c.OK {
			t.Errorf("NormaliseSocial(%s, %q) = %q, %v; want %q, %v", c.Network, c.Input, got, ok, c.Want, c.OK)
		}
	}
}
