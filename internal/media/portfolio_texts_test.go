package media

import (
	"strconv"
	"strings"
	"testing"

	"noces/internal/i18n"
)

// TestPortfolioTextsSayTheLimits keeps the refusal texts in step with the
// constants the server enforces (DECISIONS.md: one portfolio image limit,
// shared by server and texts): changing a constant without its texts fails.
func TestPortfolioTextsSayTheLimits(t *testing.T) {
	b := i18n.MustLoad()
	want := map[string][]string{
		"portfolio.errors.image_too_large":  {strconv.Itoa(PortfolioImageMaxBytes >> 20)},
		"portfolio.errors.upload_too_large": {strconv.Itoa(MaxFilesPerUpload), strconv.Itoa(PortfolioImageMaxBytes >> 20)},
		"portfolio.errors.too_many_files":   {strconv.Itoa(MaxFilesPerUpload)},
		"portfolio.errors.image_limit":      {strconv.Itoa(MaxPortfolioImages)},
		"portfolio.errors.image_too_small":  {strconv.Itoa(MinSide)},
		"portfolio.errors.caption_too_long": {strconv.Itoa(captionMax)},
		"portfolio.errors.quota_reached":    {strconv.Itoa(FreePortfolioQuota)},
	}
	if PortfolioImageMaxBytes%(1<<20) != 0 {
		t.Fatalf("the texts say whole megabytes; %d bytes is not one", PortfolioImageMaxBytes)
	}
	for _, lang := range i18n.Langs {
		for key, numbers := range want {
			text := b.T(lang, key)
			for _, n := range numbers {
				if !strings.Contains(text, n) {
					t.Errorf("%s %s = %q does not say %s", lang, key, text, n)
				}
			}
		}
	}
}
