package store

import "noces/internal/model"

// Why a planner's public page does not show, as PlannerPageHidden reports it
// (and GET /api/me's publicProfileHidden carries it).
const (
	HiddenNotModerated    = "not_moderated"
	HiddenSiretUnverified = "siret_unverified"
	HiddenSiretNotFound   = "siret_not_found"
	HiddenSiretInactive   = "siret_inactive"
	HiddenDeleted         = "deleted"
)

// PlannerPageHidden says why the public page of planner u with company c
// would answer 404, or "" when it shows. It is the Go twin of the SQL
// condition visibleProvider (TestPlannerPageHiddenMatchesTheDirectory keeps
// them in step), so the back-office can tell a planner what is missing
// without a query per request.
func PlannerPageHidden(u model.User, c model.Company) string {
	switch {
	case u.DeletedAt.Valid:
		return HiddenDeleted
	case !u.IsModerated:
		return HiddenNotModerated
	case c.CountryCode != "FR" || c.SiretStatus == model.SiretActive:
		return ""
	case c.SiretStatus == model.SiretNotFound:
		return HiddenSiretNotFound
	case c.SiretStatus == model.SiretInactive:
		return HiddenSiretInactive
	}
	return HiddenSiretUnverified
}

// visibleProvider is the condition for a planner to be public: moderated,
// not deleted, and in France a SIRET the register (or an admin) confirmed.
// France is the only country with a company register configured
// (internal/platform/siren); elsewhere a number that passed its country's
// check (validate.CompanyNumber) is enough, as nothing could confirm more.
const visibleProvider = `u.role = 'ROLE_PRESTATAIRE' AND u.is_moderated = TRUE AND u.deleted_at IS NULL
	AND (c.country_code <> 'FR' OR c.siret_status = 'active')`
