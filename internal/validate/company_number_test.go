package validate

import (
	"strings"
	"testing"
)

func TestCompanyNumberValid(t *testing.T) {
	// Real public numbers where one is known (a listed company's, a
	// ministry's), computed ones otherwise; each with the form it is stored in.
	for _, tc := range []struct{ country, in, want string }{
		{"FR", "732 829 320 00074", "73282932000074"},
		{"FR", "35600000000051", "35600000000051"}, // La Poste: digit sum multiple of 5
		{"BE", "0403.170.701", "0403170701"},
		{"BE", "BE 0403 199 702", "0403199702"},
		{"BE", "403199702", "0403199702"}, // before 2005, without the leading 0
		{"BE", "1000.000.021", "1000000021"},
		{"GB", "00445790", "00445790"}, // Tesco PLC
		{"GB", "sc 123456", "SC123456"},
		{"GB", "NI012345", "NI012345"},
		{"GB", "OC301234", "OC301234"},
		{"GB", "R0000123", "R0000123"},
		{"DE", "DE 136 695 976", "DE136695976"},
		{"DE", "de129273398", "DE129273398"},
		{"DE", "HRB 12345", "HRB 12345"},
		{"DE", "HRB12345 B", "HRB 12345 B"},
		{"DE", "hra 007", "HRA 7"},
		{"DE", "Amtsgericht München HRB 86786", "HRB 86786, Amtsgericht München"},
		{"DE", "HRB 4711, AG Charlottenburg (Berlin)", "HRB 4711, Amtsgericht Charlottenburg (Berlin)"},
		{"IT", "00743110157", "00743110157"},
		{"IT", "IT 07643520567", "07643520567"},
		{"ES", "A28015865", "A28015865"}, // Telefónica S.A.
		{"ES", "ES-B12345674", "B12345674"},
		{"ES", "Q2826000H", "Q2826000H"},
		{"ES", "12.345.678-z", "12345678Z"},
		{"ES", "X1234567L", "X1234567L"},
		{"ES", "Y1234567X", "Y1234567X"},
		{"ES", "G12345674", "G12345674"}, // G takes a digit
		{"ES", "G1234567D", "G1234567D"}, // or a letter
		{"PT", "501964843", "501964843"},
		{"PT", "PT 500 100 144", "500100144"},
		{"PT", "123456789", "123456789"},
		{"PT", "451234561", "451234561"},
	} {
		got, code := CompanyNumber(tc.country, tc.in)
		if got != tc.want || code != "" {
			t.Errorf("CompanyNumber(%s, %q) = %q, %q; want %q", tc.country, tc.in, got, code, tc.want)
		}
	}
}

func TestCompanyNumberInvalid(t *testing.T) {
	for _, tc := range []struct{ country, in string }{
		{"FR", "73282932000075"},
		{"FR", "7328293200007"},
		{"BE", "0403170702"},  // one digit changed
		{"BE", "0403170801"},  // one digit changed
		{"BE", "2403170701"},  // starts with 2
		{"BE", "040317070"},   // 9 digits, wrong once completed
		{"BE", "04031707011"}, // 11 digits
		{"BE", "NL0403170701"},
		{"GB", "0044579"},   // 7 characters
		{"GB", "004457901"}, // 9 characters
		{"GB", "XX123456"},  // no such prefix
		{"GB", "SC12345A"},
		{"DE", "DE136695977"}, // one digit changed
		{"DE", "DE13669597"},  // 8 digits
		{"DE", "AT136695976"},
		{"DE", "HRC 12345"},
		{"DE", "HRB"},
		{"DE", "HRB 0"},
		{"DE", "HRB 1234567"},
		{"DE", "HRB 12345, München"},         // a court without Amtsgericht
		{"DE", "HRB 12345, Amtsgericht <b>"}, // not a court's name
		{"DE", "Landgericht Köln HRB 12345"}, // not a register court
		{"IT", "00743110158"},                // one digit changed
		{"IT", "0074311015"},                 // 10 digits
		{"IT", "00000000000"},                // no serial
		{"IT", "FR00743110157"},
		{"ES", "A28015866"}, // one digit changed
		{"ES", "A2801586F"}, // A takes a digit
		{"ES", "Q28260008"}, // Q takes a letter
		{"ES", "Q2826000J"}, // wrong letter
		{"ES", "12345678A"}, // wrong letter
		{"ES", "X1234567A"},
		{"ES", "I12345674"}, // no such organisation type
		{"ES", "1234567Z"},
		{"PT", "501964844"}, // one digit changed
		{"PT", "50196484"},
		{"PT", "012345678"},
		{"PT", "412345678"},
		{"PT", "ES501964843"},
	} {
		want := CompanyNumberFormatCode(tc.country)
		if got, code := CompanyNumber(tc.country, tc.in); code != want {
			t.Errorf("CompanyNumber(%s, %q) = %q, %q; want %q", tc.country, tc.in, got, code, want)
		}
	}
}

func TestCompanyNumberEmptyTooLongAndOtherCountries(t *testing.T) {
	for _, c := range []string{"FR", "BE", "GB", "DE", "IT", "ES", "PT"} {
		if !HasCompanyNumber(c) {
			t.Errorf("HasCompanyNumber(%s) = false", c)
		}
		if _, code := CompanyNumber(c, "  "); code != "validation.required" {
			t.Errorf("CompanyNumber(%s, blank) = %q", c, code)
		}
		if _, code := CompanyNumber(c, strings.Repeat("1", CompanyNumberMax+1)); code != CompanyNumberFormatCode(c) {
			t.Errorf("CompanyNumber(%s, too long) = %q", c, code)
		}
	}
	for _, c := range []string{"NL", "CH", "", "fr"} {
		if HasCompanyNumber(c) {
			t.Errorf("HasCompanyNumber(%q) = true", c)
		}
		if n, code := CompanyNumber(c, "12345678"); n != "" || code != "" {
			t.Errorf("CompanyNumber(%q) = %q, %q: a country without a number stores none", c, n, code)
		}
	}
	if CompanyNumberFormatCode("FR") != "siret.errors.format" || CompanyNumberFormatCode("GB") != "company_number.errors.gb" {
		t.Error("format codes")
	}
}
