package company

import (
	"testing"

	"noces/internal/i18n"
	"noces/internal/validate"
)

// TestEveryCompanyNumberErrorHasATextInEveryLanguage: the format codes are
// built from the country (validate.CompanyNumberFormatCode), so the i18n
// test that reads literal codes in the sources cannot see them.
func TestEveryCompanyNumberErrorHasATextInEveryLanguage(t *testing.T) {
	b := i18n.MustLoad()
	for _, country := range validate.EuropeanCountries {
		if !validate.HasCompanyNumber(country) {
			continue
		}
		for _, lang := range i18n.Langs {
			if code := validate.CompanyNumberFormatCode(country); !b.Has(lang, code) {
				t.Errorf("%s has no %s text", code, lang)
			}
		}
	}
}
