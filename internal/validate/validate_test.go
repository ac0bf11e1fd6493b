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
