package validate

import "testing"

func TestPostcode(t *testing.T) {
	const bad = ZipcodeInvalid
	tests := []struct {
		name, country, code string
		want, wantErr       string
	}{
		{"a Paris code", "FR", "75001", "75001", ""},
		{"Corsica", "FR", "20000", "20000", ""},
		{"an overseas department", "FR", "97400", "97400", ""},
		{"spaces around", "FR", " 69003 ", "69003", ""},
		{"a space inside", "FR", "75 001", "75001", ""},
		{"the country in lower case", "fr", "75001", "75001", ""},
		{"four digits in France", "FR", "7500", "", bad},
		{"six digits in France", "FR", "750011", "", bad},
		{"letters in France", "FR", "75OO1", "", bad},
		{"no French code begins with 00", "FR", "00100", "", bad},
		{"empty", "FR", "", "", bad},
		{"only spaces", "FR", "   ", "", bad},
		{"a German code", "DE", "01067", "01067", ""},
		{"no German code begins with 00", "DE", "00067", "", bad},
		{"a Roman code", "IT", "00118", "00118", ""},
		{"four digits in Italy", "IT", "0118", "", bad},
		{"a Madrid code", "ES", "28013", "28013", ""},
		{"the last Spanish province", "ES", "52001", "52001", ""},
		{"no Spanish province 53", "ES", "53001", "", bad},
		{"no Spanish province 00", "ES", "00001", "", bad},
		{"a Brussels code", "BE", "1000", "1000", ""},
		{"five digits in Belgium", "BE", "10000", "", bad},
		{"a Belgian code never begins with 0", "BE", "0999", "", bad},
		{"a Lisbon code", "PT", "1000-001", "1000-001", ""},
		{"a Portuguese code without its hyphen", "PT", "1000001", "1000-001", ""},
		{"a Portuguese code with a space", "PT", "1000 001", "1000-001", ""},
		{"only the first 4 digits in Portugal", "PT", "1000", "", bad},
		{"the hyphen misplaced", "PT", "100-0001", "", bad},
		{"two hyphens", "PT", "1000--001", "", bad},
		{"eight digits in Portugal", "PT", "1000-0011", "", bad},
		{"Westminster", "GB", "SW1A 1AA", "SW1A 1AA", ""},
		{"a UK code in lower case without space", "GB", "sw1a1aa", "SW1A 1AA", ""},
		{"a UK code with extra spaces", "GB", " EC1A  1BB ", "EC1A 1BB", ""},
		{"a short UK code", "GB", "M1 1AE", "M1 1AE", ""},
		{"a UK code with a district letter", "GB", "W1A 0AX", "W1A 0AX", ""},
		{"the domain key uk", "UK", "B33 8TH", "B33 8TH", ""},
		{"Girobank", "GB", "GIR 0AA", "GIR 0AA", ""},
		{"only the outward code", "GB", "SW1A", "", bad},
		{"a letter Royal Mail never uses inward", "GB", "SW1A 1AC", "", bad},
		{"a French code for the UK", "GB", "75001", "", bad},
		{"a Dutch code", "NL", "1012 ab", "1012 AB", ""},
		{"an Irish Eircode", "IE", "D02 X285", "D02 X285", ""},
		{"a Polish code", "PL", "00-950", "00-950", ""},
		{"no country given", "", "12345", "12345", ""},
		{"one character", "NL", "1", "", bad},
		{"eleven characters", "NL", "12345678901", "", bad},
		{"punctuation", "NL", "10.12", "", bad},
		{"a leading hyphen", "NL", "-1012", "", bad},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Postcode(tc.country, tc.code)
			if got != tc.want || err != tc.wantErr {
				t.Errorf("Postcode(%q, %q) = %q, %q, want %q, %q", tc.country, tc.code, got, err, tc.want, tc.wantErr)
			}
		})
	}
}
