package httpapi

import (
	"net/http"
	"slices"
	"strings"

	"noces/internal/apperr"
)

// registerRoutes wires every API route; this file is the one place to read them.
func (s *Server) registerRoutes() {
	// Operations.
	s.route("GET /healthz", http.HandlerFunc(s.healthz))
	s.route("GET /readyz", http.HandlerFunc(s.readyz))
	s.route("GET /metrics", s.metricsHandler())
	s.route("GET /api/openapi.json", http.HandlerFunc(s.docs.serveJSON))
	s.route("GET /api/docs", http.HandlerFunc(s.docs.servePage))

	// Session.
	s.route("POST /api/login_check", s.handle(s.login))
	s.route("POST /api/token/refresh", s.handle(s.refresh))
	s.route("POST /api/logout", s.handle(s.logout))
	s.route("GET /api/me", s.authed(s.me))
	s.route("POST /api/register", s.handle(s.register))
	s.route("POST /api/reset-password/request", s.handle(s.requestPasswordReset))
	s.route("POST /api/reset-password/reset/{token}", s.handle(s.resetPassword))
	s.route("GET /api/legal/{page}", s.handle(s.legalPage))

	// Account.
	s.route("POST /api/account/change-password", s.authed(s.changePassword))
	s.route("POST /api/account/change-locale", s.authed(s.changeLocale))
	s.route("POST /api/account/personal-info", s.authed(s.updatePersonalInfo))
	s.route("POST /api/account/change-email", s.authed(s.changeEmail))
	s.route("POST /api/account/phone/check", s.authed(s.checkPhone))
	s.route("POST /api/account/phone/verify", s.authed(s.verifyPhone))
	s.route("DELETE /api/account/delete", s.authed(s.deleteAccount))
	// Leaving with your data: ask, follow, download (a job builds the zip,
	// so asking and downloading are apart).
	s.route("POST /api/account/export", s.provider(s.requestExport))
	s.route("GET /api/account/export/status", s.provider(s.exportStatus))
	s.route("GET /api/account/export", s.provider(s.downloadExport))
	s.route("GET /api/account/export/download", s.handle(s.downloadSignedExport))
	s.route("POST /api/images/upload-profile-image", s.authed(s.uploadProfileImage))
	s.route("DELETE /api/images/delete-profile-image", s.authed(s.deleteProfileImage))
	s.route("GET /api/profile-url", s.authed(s.profileURL))

	// Impersonation: the service refuses non-admins with 403.
	s.route("POST /api/impersonation/impersonate", s.authed(s.impersonate))
	s.route("POST /api/impersonation/stop-impersonating", s.authed(s.stopImpersonating))

	// Company and onboarding.
	s.route("GET /api/prestations", s.authed(s.listPrestations))
	s.route("GET /api/langues", s.authed(s.listLangues))
	s.route("GET /api/siren/siret", s.authed(s.checkSiret))
	s.route("GET /api/address/search", s.authed(s.searchAddress))
	s.route("POST /api/onboarding/finish", s.provider(s.finishOnboarding))
	s.route("GET /api/company/details", s.provider(s.getCompanyDetails))
	s.route("POST /api/company/details", s.provider(s.updateCompanyDetails))
	s.route("GET /api/company/address", s.provider(s.getCompanyAddress))
	s.route("POST /api/company/address", s.provider(s.updateCompanyAddress))
	s.route("GET /api/company/services", s.provider(s.getCompanyServices))
	s.route("POST /api/company/services", s.provider(s.updateCompanyServices))

	// Statistics.
	s.route("GET /api/statistics/rates", s.provider(s.statisticsRates))
	s.route("GET /api/statistics/views", s.provider(s.statisticsViews))
	s.route("GET /api/statistics/bookings", s.provider(s.statisticsBookings))
	s.route("GET /api/statistics/portfolio-views", s.provider(s.statisticsPortfolioViews))

	// Marketing.
	s.route("GET /api/marketing/promotional-alert/active", s.authed(s.activeAlert))
	s.route("GET /api/marketing/promotional-popup/active", s.authed(s.activePopup))

	// Event requests.
	s.route("GET /api/event-requests", s.provider(s.listEventRequests))
	s.route("GET /api/event-requests/{uuid}", s.provider(s.getEventRequest))
	s.route("POST /api/event-requests/{uuid}/unlock", s.provider(s.unlockEventRequest))
	s.route("POST /api/event-requests/{uuid}/reject", s.provider(s.rejectEventRequest))
	s.route("GET /api/event-requests/{uuid}/messages", s.provider(s.listMessages))
	s.route("POST /api/event-requests/{uuid}/messages", s.provider(s.sendMessage))
	s.route("GET /api/reply-templates", s.provider(s.listReplyTemplates))
	s.route("POST /api/reply-templates", s.provider(s.createReplyTemplate))
	s.route("PUT /api/reply-templates/{id}", s.provider(s.updateReplyTemplate))
	s.route("DELETE /api/reply-templates/{id}", s.provider(s.deleteReplyTemplate))

	// Credits.
	s.route("GET /api/credits/logs", s.provider(s.creditLogs))
	s.route("GET /api/credits/prices", s.provider(s.creditPrices))
	s.route("POST /api/credits/buy", s.provider(s.buyCredits))
	s.route("GET /api/credits/payment-success", s.handle(s.paymentSuccess))

	// Premium subscription and the card processor's events.
	s.route("POST /api/subscription/subscribe", s.provider(s.subscribe))
	s.route("GET /api/subscription/update", s.provider(s.updateSubscription))
	s.route("POST /api/webhooks/stripe", s.handle(s.stripeWebhook))

	// Media: photos, videos, social links, portrait, portfolios.
	s.route("GET /api/images", s.provider(s.listImages))
	s.route("POST /api/images/upload", s.provider(s.uploadImage))
	s.route("PUT /api/images/order", s.provider(s.reorderImages))
	s.route("PATCH /api/images/{id}/visibility", s.provider(s.setImageVisibility))
	s.route("PATCH /api/images/{id}", s.provider(s.updateImage))
	s.route("DELETE /api/images/{id}", s.provider(s.deleteImage))
	s.route("GET /api/videos", s.provider(s.listVideos))
	s.route("POST /api/videos", s.provider(s.addVideo))
	s.route("PATCH /api/videos/{id}/visibility", s.provider(s.setVideoVisibility))
	s.route("DELETE /api/videos/{id}", s.provider(s.deleteVideo))
	s.route("GET /api/social-networks", s.provider(s.getSocial))
	s.route("POST /api/social-networks", s.provider(s.saveSocial))
	s.route("GET /api/instagram/auth-url", s.provider(s.instagramAuthURL))
	s.route("GET /api/instagram/callback", s.handle(s.instagramCallback))
	s.route("POST /api/instagram/token", s.provider(s.instagramToken))
	s.route("GET /api/instagram/revoke", s.provider(s.instagramRevoke))
	s.route("GET /api/portrait-experiences", s.provider(s.getPortrait))
	s.route("POST /api/portrait-experiences", s.provider(s.savePortrait))
	s.route("GET /api/portfolios", s.provider(s.listPortfolios))
	s.route("POST /api/portfolios", s.provider(s.createPortfolio))
	s.route("GET /api/portfolios/{id}", s.provider(s.getPortfolio))
	s.route("PUT /api/portfolios/{id}", s.provider(s.updatePortfolio))
	s.route("DELETE /api/portfolios/{id}", s.provider(s.deletePortfolio))
	s.route("POST /api/portfolios/{id}/publish", s.provider(s.publishPortfolio(true)))
	s.route("POST /api/portfolios/{id}/unpublish", s.provider(s.publishPortfolio(false)))
	s.route("POST /api/portfolios/{id}/images", s.provider(s.addPortfolioImages))
	s.route("PUT /api/portfolios/{id}/images/order", s.provider(s.reorderPortfolioImages))
	s.route("DELETE /api/portfolios/{id}/images/{imageId}", s.provider(s.removePortfolioImage))
	s.route("PUT /api/portfolios/{id}/images/{imageId}/caption", s.provider(s.setPortfolioCaption))
	s.route("PUT /api/portfolios/{id}/images/{imageId}/key", s.provider(s.setPortfolioKeyImage))
	s.route("GET /api/portfolios/{id}/public-url", s.provider(s.portfolioPublicURL))
	s.route("GET /api/reviews", s.provider(s.ownReviews))
	s.route("PUT /api/reviews/{id}/reply", s.provider(s.putReviewReply))
	s.route("DELETE /api/reviews/{id}/reply", s.provider(s.deleteReviewReply))
	s.route("GET /api/event-requests/{uuid}/booking", s.provider(s.getBooking))
	s.route("PUT /api/event-requests/{uuid}/booking", s.provider(s.putBooking))
	s.route("DELETE /api/event-requests/{uuid}/booking", s.provider(s.deleteBooking))

	// Venues: their owners only.
	s.route("GET /api/venues", s.venueOwner(s.listVenues))
	s.route("POST /api/venues", s.venueOwner(s.createVenue))
	s.route("GET /api/venues/types", s.venueOwner(s.venueTypes))
	s.route("GET /api/venues/prestations", s.venueOwner(s.venuePrestations))
	s.route("GET /api/venues/{id}", s.venueOwner(s.getVenue))
	s.route("POST /api/venues/{id}", s.venueOwner(s.updateVenue))
	s.route("DELETE /api/venues/{id}", s.venueOwner(s.deleteVenue))
	s.route("PUT /api/venues/{id}/publish", s.venueOwner(s.publishVenue))
	s.route("POST /api/venues/{id}/images", s.venueOwner(s.uploadVenueImage))
	s.route("PUT /api/venues/{id}/images/{imageId}", s.venueOwner(s.updateVenueImage))
	s.route("DELETE /api/venues/{id}/images/{imageId}", s.venueOwner(s.deleteVenueImage))

	// Availability: a planner's calendar, or each of a venue owner's venues'.
	s.route("GET /api/availability", s.provider(s.getAvailability))
	s.route("PUT /api/availability/{date}", s.provider(s.setAvailability))
	s.route("DELETE /api/availability/{date}", s.provider(s.freeAvailability))
	s.route("POST /api/availability/import", s.provider(s.importAvailability))
	s.route("POST /api/availability/feed", s.provider(s.renewAvailabilityFeed))

	// Public side.
	s.route("GET /api/public/options", s.handle(s.publicOptions))
	s.route("POST /api/public/images/{id}/view", s.handle(s.recordImageView))
	s.route("POST /api/public/projects", s.handle(s.createProject))

	// Admin.
	s.route("GET /api/admin/outbox", s.admin(s.listOutbox))
	s.route("POST /api/admin/outbox/{id}/resend", s.admin(s.resendOutbox))
	s.route("GET /api/admin/moderation", s.admin(s.listModeration))
	s.route("POST /api/admin/users/{id}/approve", s.admin(s.approveUser))
	s.route("POST /api/admin/users/{id}/reject", s.admin(s.rejectUser))
	s.route("GET /api/admin/users", s.admin(s.searchUsers))
	s.route("POST /api/admin/users/{id}/credits", s.admin(s.adjustCredits))
	s.route("POST /api/admin/users/{id}/siret-verify", s.admin(s.verifySiret))
	s.route("GET /api/admin/reviews", s.admin(s.listAdminReviews))
	s.route("POST /api/admin/reviews/{id}/approve", s.admin(s.approveReview))
	s.route("POST /api/admin/reviews/{id}/reject", s.admin(s.rejectReview))
	s.route("PUT /api/admin/reviews/{id}/reply-hidden", s.admin(s.setReplyHidden))
	s.route("GET /api/admin/promotional-alerts", s.admin(s.listPromotions(alertKind)))
	s.route("POST /api/admin/promotional-alerts", s.admin(s.createPromotion(alertKind)))
	s.route("PUT /api/admin/promotional-alerts/{id}", s.admin(s.updatePromotion(alertKind)))
	s.route("DELETE /api/admin/promotional-alerts/{id}", s.admin(s.deletePromotion(alertKind)))
	s.route("GET /api/admin/promotional-popups", s.admin(s.listPromotions(popupKind)))
	s.route("POST /api/admin/promotional-popups", s.admin(s.createPromotion(popupKind)))
	s.route("PUT /api/admin/promotional-popups/{id}", s.admin(s.updatePromotion(popupKind)))
	s.route("DELETE /api/admin/promotional-popups/{id}", s.admin(s.deletePromotion(popupKind)))
	s.route("GET /api/admin/overview", s.admin(s.getOverview))
	s.route("GET /api/admin/audit-log", s.admin(s.listAuditLog))
	s.route("GET /api/admin/venues", s.admin(s.listAdminVenues))
	s.route("GET /api/admin/venues/{id}", s.admin(s.getAdminVenue))
	s.route("PUT /api/admin/venues/{id}/validation", s.admin(s.setVenueValidation))

	// Anything else under /api is a JSON 404, or 405 when the path exists
	// with other methods; so are "/api" itself and the operational paths
	// with another method. Every API path thus matches a pattern, and a
	// request is matched once (serveAPI).
	for _, p := range fallbackPatterns {
		s.api.Handle(p, s.handle(s.apiFallback))
	}
}

// fallbackPatterns are the patterns of apiFallback: each API path that
// matches no route matches one of them (isAPIPath).
var fallbackPatterns = []string{"/api/", "/api", "/healthz", "/readyz", "/metrics"}

// apiFallback answers requests no API route matched: a JSON 405 naming the
// allowed methods when the path exists with other methods, else a JSON 404.
// The catch-all "/api/" shadows the mux's own 405, and the mux's answers are
// plain text, so the other methods are probed here.
func (s *Server) apiFallback(w http.ResponseWriter, r *http.Request) error {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		if m == r.Method {
			continue
		}
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, p := s.api.Handler(probe); p != "" && !slices.Contains(fallbackPatterns, p) {
			allow = append(allow, m)
		}
	}
	if len(allow) > 0 {
		return notAllowed(w, allow...)
	}
	return apperr.New(apperr.NotFound, "errors.not_found")
}

// notAllowed is the one answer to a wrong method: the Allow header and the
// JSON 405 in the user's language.
func notAllowed(w http.ResponseWriter, allow ...string) error {
	w.Header().Set("Allow", strings.Join(allow, ", "))
	return apperr.New(apperr.NotAllowed, "errors.method_not_allowed")
}

// serveAPI routes an API request; what no route matches gets
// apiFallback's answer through fallbackPatterns. The mux matches once:
// asking it first whether a route matches cost a second match on every
// request.
func (s *Server) serveAPI(w http.ResponseWriter, r *http.Request) {
	s.api.ServeHTTP(w, r)
}
