package validate

import (
	"strings"
	"testing"
)

func TestEmail(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ana@example.com", ""},
		{"  ana@example.com ", ""},
		{"", "validation.email_required"},
		{"ana", "validation.email_invalid"},
		{"ana@example", "validation.email_invalid"},
		{"a@b@example.com", "validation.email_invalid"},
		{strings.Repeat("a", 65) + "@example.com", "validation.email_invalid"},
		{"ana@" + strings.Repeat("a", 64) + ".com", "validation.email_invalid"},
		{"ana@exa..mple.com", "validation.email_invalid"},
	}
	for _, tc := range tests {
		if got := Email(tc.in); got != tc.want {
			t.Errorf("Email(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestPassword(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Demo-2026!", ""},
		{"Àbcdef1!", ""},
		{"Ab1!", "validation.password_requirements"},
		{"abcdefg1!", "validation.password_requirements"},
		{"ABCDEFG1!", "validation.password_requirements"},
		{"Abcdefgh!", "validation.password_requirements"},
		{"Abcdefgh1", "validation.password_requirements"},
		{"Ab1!" + strings.Repeat("x", 300), "validation.password_too_long"},
	}
	for _, tc := range tests {
		if got := Password(tc.in); got != tc.want {
			t.Errorf("Password(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestPersonName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Ana", ""},
		{"Jean-Étienne", ""},
		{"D'Alembert", ""},
		{"Maria José", ""},
		{"", "validation.required"},
		{"A", "validation.min_length_2"},
		{strings.Repeat("a", 51), "validation.max_length_50"},
		{"R2D2", "validation.name_characters"},
		{"-Ana", "validation.name_characters"},
	}
	for _, tc := range tests {
		if got := PersonName(tc.in); got != tc.want {
			t.Errorf("PersonName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestPhone(t *testing.T) {
	tests := []struct{ in, region, want, code string }{
		{"+33 6 12 34 56 78", "FR", "+33612345678", ""},
		{"06 12 34 56 78", "FR", "+33612345678", ""},
		{"+44 7911 123456", "FR", "+447911123456", ""},
		{"+49 1512 3456789", "DE", "+4915123456789", ""},
		{"+32 470 12 34 56", "BE", "+32470123456", ""},
		{"+351 912 345 678", "PT", "+351912345678", ""},
		{"", "FR", "", "validation.required"},
		{"12345", "FR", "", "validation.phone_invalid"},
		{"+33 1 23", "FR", "", "validation.phone_invalid"},
		{"+33 6 12 34 56 78 90 12", "FR", "", "validation.phone_invalid"},
		{"not a phone number", "FR", "", "validation.phone_invalid"},
		// Found by FuzzPhone: the extension made the length, and the
		// number saved ("+6834002") was then refused.
		{"+683 4002 ext 1234", "FR", "", "validation.phone_invalid"},
		{"+33 6 12 34 56 78 ext. 12", "FR", "+33612345678", ""},
	}
	for _, tc := range tests {
		got, code := Phone(tc.in, tc.region)
		if got != tc.want || code != tc.code {
			t.Errorf("Phone(%q, %s) = %q, %q; want %q, %q", tc.in, tc.region, got, code, tc.want, tc.code)
		}
	}
}
