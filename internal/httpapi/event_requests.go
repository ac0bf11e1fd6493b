package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"noces/internal/account"
	"noces/internal/eventreq"
	"noces/internal/i18n"
	"noces/internal/platform/geo"
	"noces/internal/store"
)

type requestProject struct {
	EventDate            string   `json:"eventDate"`
	EventTypeLabel       string   `json:"eventTypeLabel"`
	ServiceTypeLabel     string   `json:"serviceTypeLabel"`
	EventLocation        string   `json:"eventLocation"`
	EventLocationCity    string   `json:"eventLocationCity"`
	EventLocationCountry string   `json:"eventLocationCountry"`
	BudgetRangeLabel     string   `json:"budgetRangeLabel"`
	GuestRangeLabel      string   `json:"guestRangeLabel"`
	LanguagesLabel       []string `json:"languagesLabel"`
	HasTheme             bool     `json:"hasTheme"`
	WeddingTheme         string   `json:"weddingTheme"`
}

type requestItem struct {
	UUID          string         `json:"uuid"`
	CreatedAt     time.Time      `json:"createdAt"`
	IsSeen        bool           `json:"isSeen"`
	SeenDate      *time.Time     `json:"seenDate"`
	IsRejected    bool           `json:"isRejected"`
	HasRejectedAt *time.Time     `json:"hasRejectedAt"`
	IsUnlocked    bool           `json:"isUnlocked"`
	UnlockDate    *time.Time     `json:"unlockDate"`
	Project       requestProject `json:"project"`
	Venue         *requestVenue  `json:"venue"`
	UnlockCount   int            `json:"unlockCount"`
	UnlockCap     int            `json:"unlockCap"`
	Closed        bool           `json:"closed"`
	// UnreadMessages counts the couple's messages the provider has not read.
	UnreadMessages int `json:"unreadMessages"`
	requestOutcome
	requestRefund
}

// requestVenue names the venue a request is for; null for a planner's.
type requestVenue struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
}

func toRequestVenue(v eventreq.View) *requestVenue {
	if !v.VenueID.Valid {
		return nil
	}
	return &requestVenue{ID: v.VenueID.String, Name: v.VenueName.String, Slug: v.VenueSlug.String}
}

func timePtr(valid bool, t time.Time) *time.Time {
	if !valid {
		return nil
	}
	return &t
}

// label is the text of a code in lang, or "" for an empty code.
func (s *Server) label(lang, prefix, code string) string {
	if code == "" {
		return ""
	}
	return s.Texts.T(lang, prefix+code)
}

func (s *Server) toRequestItem(v eventreq.View, lang string) requestItem {
	p := v.Project
	it := requestItem{
		UUID: v.ID, CreatedAt: v.CreatedAt, IsSeen: v.SeenAt.Valid, SeenDate: timePtr(v.SeenAt.Valid, v.SeenAt.Time),
		IsRejected: v.RejectedAt.Valid, HasRejectedAt: timePtr(v.RejectedAt.Valid, v.RejectedAt.Time),
		IsUnlocked: v.Unlocked, UnlockDate: timePtr(v.UnlockedAt.Valid, v.UnlockedAt.Time),
		Project: requestProject{EventDate: p.EventDate, EventTypeLabel: s.label(lang, "project.event_type.", p.EventType),
			ServiceTypeLabel: s.label(lang, "prestations.", p.ServiceType), EventLocation: p.EventLocation,
			EventLocationCity: p.EventCity, EventLocationCountry: geo.CountryName(p.EventCountry, lang),
			BudgetRangeLabel: s.label(lang, "project.budget_range.", p.BudgetRange), GuestRangeLabel: s.label(lang, "project.guest_range.", p.GuestRange),
			LanguagesLabel: []string{}, HasTheme: p.HasTheme, WeddingTheme: p.WeddingTheme},
		Venue:       toRequestVenue(v),
		UnlockCount: v.UnlockCount, UnlockCap: v.UnlockCap, Closed: v.Closed,
		requestOutcome: toRequestOutcome(v),
		requestRefund:  toRequestRefund(v),
	}
	for _, l := range p.Languages {
		it.Project.LanguagesLabel = append(it.Project.LanguagesLabel, s.Texts.T(lang, "langues."+l))
	}
	return it
}

type requestList struct {
	EventRequests  []requestItem `json:"eventRequests"`
	UnreadMessages int           `json:"unreadMessages"`
	pageInfo
}

func (s *Server) listEventRequests(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	q := r.URL.Query()
	page, _ := strconv.Atoi(q.Get("page"))
	size, _ := strconv.Atoi(q.Get("pageSize"))
	sort := q.Get("sortField")
	if sort == "" {
		sort = string(store.SortCreatedAt)
	}
	lq := eventreq.ListQuery{Page: page, PageSize: size, Sort: store.RequestSort(sort), Desc: q.Get("sortDirection") != "asc"}
	views, total, _, err := s.Events.List(r.Context(), c.UserID, lq)
	if err != nil {
		return err
	}
	// The list's dot counts the couples' unread messages, not the requests
	// not yet opened.
	unread, err := s.Conversations.UnreadMessages(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	ids := make([]string, len(views))
	for i, v := range views {
		ids[i] = v.ID
	}
	perRow, err := s.Conversations.UnreadByRequest(r.Context(), ids)
	if err != nil {
		return err
	}
	lang := i18n.LangFrom(r.Context())
	out := requestList{EventRequests: make([]requestItem, len(views)), UnreadMessages: unread,
		pageInfo: pageInfo{Total: total, Page: max(page, 1), PageSize: size}}
	if out.PageSize != 50 && out.PageSize != 100 {
		out.PageSize = 25
	}
	for i, v := range views {
		out.EventRequests[i] = s.toRequestItem(v, lang)
		out.EventRequests[i].UnreadMessages = perRow[v.ID]
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

type requestMember struct {
	Firstname string  `json:"firstname"`
	Lastname  *string `json:"lastname"`
	Email     *string `json:"email"`
	Phone     *string `json:"phone"`
}

type requestDetailProject struct {
	requestProject
	Member                  requestMember `json:"member"`
	BudgetPlannerRangeLabel string        `json:"budgetPlannerRangeLabel"`
	EventLocationZipcode    string        `json:"eventLocationZipcode"`
	EventLocationLatitude   *float64      `json:"eventLocationLatitude"`
	EventLocationLongitude  *float64      `json:"eventLocationLongitude"`
}

type requestMessage struct {
	IsUnlocked      bool       `json:"isUnlocked"`
	IsRejected      bool       `json:"isRejected"`
	RejectionReason *string    `json:"rejectionReason"`
	Message         string     `json:"message"`
	UnlockDate      *time.Time `json:"unlockDate"`
	HasRejectedAt   *time.Time `json:"hasRejectedAt"`
}

type requestDetail struct {
	UUID             string               `json:"uuid"`
	CreatedAt        time.Time            `json:"createdAt"`
	Message          requestMessage       `json:"message"`
	Project          requestDetailProject `json:"project"`
	RejectionReasons map[string]string    `json:"rejectionReasons"`
	Venue            *requestVenue        `json:"venue"`
	UnlockCount      int                  `json:"unlockCount"`
	UnlockCap        int                  `json:"unlockCap"`
	Closed           bool                 `json:"closed"`
	requestOutcome
	requestRefund
}

func (s *Server) toRequestDetail(v eventreq.View, lang string) requestDetail {
	item := s.toRequestItem(v, lang)
	p := v.Project
	d := requestDetail{UUID: v.ID, CreatedAt: v.CreatedAt,
		Message: requestMessage{IsUnlocked: v.Unlocked, IsRejected: v.RejectedAt.Valid, Message: p.Message,
			UnlockDate: item.UnlockDate, HasRejectedAt: item.HasRejectedAt},
		Project: requestDetailProject{requestProject: item.Project, Member: requestMember{Firstname: p.Firstname},
			BudgetPlannerRangeLabel: item.Project.BudgetRangeLabel, EventLocationZipcode: p.EventZipcode},
		RejectionReasons: map[string]string{},
		Venue:            item.Venue,
		UnlockCount:      v.UnlockCount, UnlockCap: v.UnlockCap, Closed: v.Closed,
		requestOutcome: item.requestOutcome,
		requestRefund:  item.requestRefund,
	}
	if v.RejectionReason.Valid {
		d.Message.RejectionReason = &v.RejectionReason.String
	}
	// The couple's contact goes only to a provider that took one of the
	// project's places (unlocked_at): premium access takes one when opened.
	if v.UnlockedAt.Valid {
		d.Project.Member.Lastname, d.Project.Member.Email, d.Project.Member.Phone = &p.Lastname, &p.Email, &p.Phone
	}
	if p.EventLatitude.Valid && p.EventLongitude.Valid {
		d.Project.EventLocationLatitude, d.Project.EventLocationLongitude = &p.EventLatitude.Float64, &p.EventLongitude.Float64
	}
	for _, code := range eventreq.RejectionReasons {
		d.RejectionReasons[code] = s.Texts.T(lang, "event_request.reasons."+code)
	}
	return d
}

func (s *Server) getEventRequest(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	v, err := s.Events.Get(r.Context(), c.UserID, r.PathValue("uuid"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, s.toRequestDetail(v, i18n.LangFrom(r.Context())))
	return nil
}

type contactReply struct {
	Email string `json:"email"`
	Phone string `json:"phone"`
}

func (s *Server) unlockEventRequest(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	v, err := s.Events.Unlock(r.Context(), c.UserID, r.PathValue("uuid"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, contactReply{Email: v.Project.Email, Phone: v.Project.Phone})
	return nil
}

type rejectRequestBody struct {
	Reason string `json:"reason"`
}

func (s *Server) rejectEventRequest(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in rejectRequestBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	v, err := s.Events.Reject(r.Context(), c.UserID, r.PathValue("uuid"), in.Reason)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, s.toRequestDetail(v, i18n.LangFrom(r.Context())))
	return nil
}
