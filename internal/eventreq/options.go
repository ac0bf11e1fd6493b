package eventreq

import "noces/internal/i18n"

// The choices of the couple's form. Codes are stored; labels come from i18n.
var (
	EventTypes   = []string{"wedding", "civil_wedding", "religious_wedding", "secular_ceremony", "engagement", "vow_renewal", "elopement", "other"}
	BudgetRanges = []string{"lt_10k", "10k_20k", "20k_35k", "35k_50k", "50k_80k", "gt_80k"}
	GuestRanges  = []string{"lt_50", "50_100", "100_150", "150_200", "gt_200"}
	// ServiceTypes are the prestation types plus VENUE for a venue search.
	ServiceTypes = []string{"FULL_PLANNING", "PARTIAL_PLANNING", "DAY_COORDINATION", "WEDDING_DESIGN", "SECULAR_CEREMONY",
		"VENDOR_SEARCH", "CONSULTING_SERVICES", "PRIVATE_EVENTS", "CORPORATE_EVENTS", "VENUE"}
	// RejectionReasons are the codes a provider may refuse a request with.
	RejectionReasons = []string{"budget", "location", "not_available", "not_qualified", "not_sufficient_infos", "other", "questionable"}
)

// Choice is a code with its label.
type Choice struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// Options are the form's lists in one language.
type Options struct {
	EventTypes   []Choice `json:"eventTypes"`
	BudgetRanges []Choice `json:"budgetRanges"`
	GuestRanges  []Choice `json:"guestRanges"`
	ServiceTypes []Choice `json:"serviceTypes"`
	Languages    []Choice `json:"languages"`
}

// OptionsIn returns the form's lists labelled in lang.
func OptionsIn(texts *i18n.Bundle, lang string) Options {
	list := func(prefix string, codes []string) []Choice {
		out := make([]Choice, len(codes))
		for i, c := range codes {
			out[i] = Choice{Value: c, Label: texts.T(lang, prefix+c)}
		}
		return out
	}
	return Options{
		EventTypes:   list("project.event_type.", EventTypes),
		BudgetRanges: list("project.budget_range.", BudgetRanges),
		GuestRanges:  list("project.guest_range.", GuestRanges),
		ServiceTypes: list("prestations.", ServiceTypes),
		Languages:    list("langues.", i18n.Langs),
	}
}
