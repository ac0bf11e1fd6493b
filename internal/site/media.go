package site

import (
	"cmp"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"noces/internal/clientip"
	"noces/internal/i18n"
	"noces/internal/instagram"
	"noces/internal/media"
	"noces/internal/platform/geo"
)

// The media of public pages: a provider's or venue's photos, videos,
// portfolios, portrait and social links, and their own pages. Photo and
// video pages exist so that nothing of YouTube or Vimeo loads before a
// visitor asks for a video, and so that opening a photo or a portfolio is
// one server request, counted as a view (once per visitor per day, as
// profile views are).

// Shown on a profile or venue page; the rest is one link away.
const (
	pagePhotos     = 12
	pageVideos     = 12
	pagePortfolios = 12
	// photosPerPage pages the full gallery.
	photosPerPage = 48
)

// photoCard is a photo in a grid: the photo and the page that opens it.
type photoCard struct {
	media.PublicImage
	Page string
}

type videoCard struct {
	media.PublicVideo
	Page     string
	HostName string
}

type portfolioCard struct {
	media.PublicPortfolio
	Page string
	Date string // month and year of the wedding
}

type portraitPart struct {
	ID, Heading string
	HTML        template.HTML
}

type socialLink struct {
	Name, URL string
}

// mediaSection is what a profile or venue page shows of media.
type mediaSection struct {
	Photos      []photoCard
	PhotoCount  int
	PhotosURL   string // the full gallery, when not every photo is shown
	Videos      []videoCard
	Portfolios  []portfolioCard
	Portrait    []portraitPart
	Social      []socialLink
	HasSomeText bool
	// Instagram are the synced posts, InstagramURL the profile they come from.
	Instagram    []instagramCard
	InstagramURL string
}

// instagramCard is a synced post: its copied picture, linked to the post.
type instagramCard struct {
	instagram.PublicPost
	Alt string
}

// hostNames are the video hosts as their names are written.
var hostNames = map[string]string{media.HostYouTube: "YouTube", media.HostVimeo: "Vimeo"}

// socialNames are the networks as their names are written.
var socialNames = map[string]string{"facebook": "Facebook", "instagram": "Instagram", "twitter": "X (Twitter)",
	"tiktok": "TikTok", "linkedin": "LinkedIn", "pinterest": "Pinterest"}

// photoCards links each photo to its page. A photo with neither alt text nor
// title (a venue's may have none) is described by its owner's name: the link
// around it needs a name that screen readers can say.
func photoCards(base, name string, images []media.PublicImage) []photoCard {
	out := make([]photoCard, len(images))
	for i, im := range images {
		im.Alt = cmp.Or(im.Alt, name)
		out[i] = photoCard{PublicImage: im, Page: base + "/photos/" + url.PathEscape(im.ID)}
	}
	return out
}

func videoCards(base string, videos []media.PublicVideo) []videoCard {
	out := make([]videoCard, len(videos))
	for i, vd := range videos {
		out[i] = videoCard{PublicVideo: vd, Page: base + "/videos/" + url.PathEscape(vd.ID), HostName: hostNames[vd.Host]}
	}
	return out
}

// providerMedia builds the media section of the page of the planner name at base ("/p/slug").
func (s *Site) providerMedia(v *view, base, name string, m media.ProviderMedia) mediaSection {
	sec := mediaSection{PhotoCount: len(m.Images)}
	shown := m.Images
	if len(shown) > pagePhotos {
		shown, sec.PhotosURL = shown[:pagePhotos], base+"/photos"
	}
	sec.Photos = photoCards(base, name, shown)
	videos := m.Videos
	if len(videos) > pageVideos {
		videos = videos[:pageVideos]
	}
	sec.Videos = videoCards(base, videos)
	ports := m.Portfolios
	if len(ports) > pagePortfolios {
		ports = ports[:pagePortfolios]
	}
	for _, p := range ports {
		sec.Portfolios = append(sec.Portfolios, portfolioCard{PublicPortfolio: p, Page: base + "/portfolio/" + url.PathEscape(p.ID),
			Date: v.MonthYear(p.WeddingDate)})
	}
	for _, part := range []struct{ id, html string }{
		{"portrait", m.Portrait.Portrait}, {"experience", m.Portrait.Experience},
		{"service", m.Portrait.Service}, {"benefits", m.Portrait.Benefits},
	} {
		// Stored sanitised; cleaned again on the way out all the same, so
		// no row written by any other path can put markup on the page.
		if clean := media.SanitizeRich(s.rich, part.html); clean != "" {
			sec.Portrait = append(sec.Portrait, portraitPart{ID: "about-" + part.id, Heading: v.T("site.media.about_" + part.id),
				HTML: template.HTML(clean)})
		}
	}
	for _, l := range m.Social {
		sec.Social = append(sec.Social, socialLink{Name: socialNames[l[0]], URL: l[1]})
		if l[0] == "instagram" {
			sec.InstagramURL = l[1]
		}
	}
	sec.HasSomeText = len(sec.Portrait) > 0
	return sec
}

// venueMedia builds the media section of the page of the venue name at base ("/v/slug").
func venueMedia(base, name string, m media.VenueMedia) mediaSection {
	sec := mediaSection{PhotoCount: len(m.Images)}
	shown := m.Images
	if len(shown) > pagePhotos {
		shown, sec.PhotosURL = shown[:pagePhotos], base+"/photos"
	}
	sec.Photos = photoCards(base, name, shown)
	videos := m.Videos
	if len(videos) > pageVideos {
		videos = videos[:pageVideos]
	}
	sec.Videos = videoCards(base, videos)
	return sec
}

// owner is the page a photo, video or portfolio belongs to.
type owner struct {
	Name, Base string
	images     []media.PublicImage
	videos     []media.PublicVideo
}

// ownerOf loads the visible planner (/p/) or venue (/v/) of a media page
// with its visible photos and videos.
func (s *Site) ownerOf(r *http.Request, venue bool) (owner, error) {
	ctx := r.Context()
	slug := r.PathValue("slug")
	if venue {
		vn, err := s.Media.VisibleVenue(ctx, slug)
		if err != nil {
			return owner{}, err
		}
		m, err := s.Media.VenueMedia(ctx, vn.ID)
		if err != nil {
			return owner{}, err
		}
		return owner{Name: vn.Name, Base: "/v/" + url.PathEscape(vn.Slug), images: m.Images, videos: m.Videos}, nil
	}
	p, err := s.Media.VisibleProvider(ctx, slug)
	if err != nil {
		return owner{}, err
	}
	m, err := s.Media.ProviderMedia(ctx, p.UserID)
	if err != nil {
		return owner{}, err
	}
	return owner{Name: p.Name, Base: "/p/" + url.PathEscape(p.Slug), images: m.Images, videos: m.Videos}, nil
}

// mediaView starts the view of a media page with its canonical address.
func (s *Site) mediaView(r *http.Request, title, path string) *view {
	d := i18n.DomainFrom(r.Context())
	v := s.newView(r, title+" – Noces")
	v.Canonical = s.Hosts.PublicURL(d.Key, path)
	return v
}

// photoPage is one photo with links to its neighbours.
type photoPage struct {
	Owner      owner
	Photo      media.PublicImage
	Heading    string // the title, else the alt text, else the owner's name
	Prev, Next string
	Position   string // "3 / 12"
}

func (s *Site) providerPhoto(w http.ResponseWriter, r *http.Request) { s.photo(w, r, false) }
func (s *Site) venuePhoto(w http.ResponseWriter, r *http.Request)    { s.photo(w, r, true) }

func (s *Site) photo(w http.ResponseWriter, r *http.Request, venue bool) {
	ctx := r.Context()
	o, err := s.ownerOf(r, venue)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	cur, prev, next, err := media.FindImage(o.images, r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if r.Method == http.MethodGet {
		if err := s.Media.RecordImageView(ctx, cur.ID, clientip.Of(r), r.UserAgent()); err != nil {
			s.Log.WarnContext(ctx, "site: photo view", "err", err.Error())
		}
	}
	path := o.Base + "/photos/" + url.PathEscape(cur.ID)
	// Venue photos may have no title (the wizard asks only for the file):
	// the page's heading and title still name something.
	heading := cmp.Or(cur.Title, cur.Alt, o.Name)
	v := s.mediaView(r, heading+" – "+o.Name, path)
	if cur.Description != "" {
		v.Description = cur.Description
	}
	pg := photoPage{Owner: o, Photo: cur, Heading: heading}
	for i, im := range o.images {
		if im.ID == cur.ID {
			pg.Position = v.T("site.media.position", "n", v.Int(i+1), "total", v.Int(len(o.images)))
		}
	}
	if prev != nil {
		pg.Prev = o.Base + "/photos/" + url.PathEscape(prev.ID)
	}
	if next != nil {
		pg.Next = o.Base + "/photos/" + url.PathEscape(next.ID)
	}
	v.JSONLD = map[string]any{"@context": "https://schema.org", "@type": "ImageObject", "name": heading,
		"contentUrl": s.absolute(v, cur.URL), "thumbnailUrl": s.absolute(v, cur.ThumbURL), "width": cur.Width, "height": cur.Height,
		"description": cur.Description}
	v.P = pg
	s.render(w, r, http.StatusOK, "photo", v, cacheNoCache)
}

// photosPage is the full gallery, paged.
type photosPage struct {
	Owner            owner
	Photos           []photoCard
	Page, Pages      int
	PrevURL, NextURL string
}

func (s *Site) providerPhotos(w http.ResponseWriter, r *http.Request) { s.photos(w, r, false) }
func (s *Site) venuePhotos(w http.ResponseWriter, r *http.Request)    { s.photos(w, r, true) }

func (s *Site) photos(w http.ResponseWriter, r *http.Request, venue bool) {
	o, err := s.ownerOf(r, venue)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	pages := max(1, (len(o.images)+photosPerPage-1)/photosPerPage)
	page := 1
	if raw := r.URL.Query().Get("page"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > pages {
			s.notFound(w, r)
			return
		}
		page = n
	}
	path := o.Base + "/photos"
	v := s.mediaView(r, s.T(r, "site.media.photos_of", "name", o.Name), path)
	d := i18n.DomainFrom(r.Context())
	if page > 1 {
		v.Canonical = s.Hosts.PublicURL(d.Key, path+"?page="+strconv.Itoa(page))
	}
	from := (page - 1) * photosPerPage
	to := min(len(o.images), from+photosPerPage)
	pg := photosPage{Owner: o, Photos: photoCards(o.Base, o.Name, o.images[from:to]), Page: page, Pages: pages}
	if page > 1 {
		pg.PrevURL = path
		if page > 2 {
			pg.PrevURL += "?page=" + strconv.Itoa(page-1)
		}
		v.PrevURL = s.Hosts.PublicURL(d.Key, pg.PrevURL)
	}
	if page < pages {
		pg.NextURL = path + "?page=" + strconv.Itoa(page+1)
		v.NextURL = s.Hosts.PublicURL(d.Key, pg.NextURL)
	}
	v.P = pg
	s.render(w, r, http.StatusOK, "photos", v, cacheNoCache)
}

// videoPage plays one video in its host's privacy-enhanced player.
type videoPage struct {
	Owner owner
	Video videoCard
}

func (s *Site) providerVideo(w http.ResponseWriter, r *http.Request) { s.video(w, r, false) }
func (s *Site) venueVideo(w http.ResponseWriter, r *http.Request)    { s.video(w, r, true) }

func (s *Site) video(w http.ResponseWriter, r *http.Request, venue bool) {
	o, err := s.ownerOf(r, venue)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	id := r.PathValue("id")
	var found *videoCard
	for _, c := range videoCards(o.Base, o.videos) {
		if c.ID == id {
			found = &c
			break
		}
	}
	if found == nil {
		s.notFound(w, r)
		return
	}
	v := s.mediaView(r, found.Title+" – "+o.Name, found.Page)
	if found.Description != "" {
		v.Description = found.Description
	}
	// This page, and only this one, lets the player's frame in.
	v.FrameSrc = frameSource(found.Host)
	v.JSONLD = map[string]any{"@context": "https://schema.org", "@type": "VideoObject", "name": found.Title,
		"description": orText(found.Description, found.Title), "embedUrl": found.EmbedURL, "url": found.WatchURL}
	v.P = videoPage{Owner: o, Video: *found}
	s.render(w, r, http.StatusOK, "video", v, cacheNoCache)
}

// frameSource is the origin of a host's privacy-enhanced player.
func frameSource(host string) string {
	if host == media.HostVimeo {
		return "https://player.vimeo.com"
	}
	return "https://www.youtube-nocookie.com"
}

func orText(s, fallback string) string {
	if s == "" {
		return fallback
	}
	return s
}

// place is where a portfolio's wedding took place: the place, then its town
// unless the place already names it (a town picked in the search is both).
func place(location, city string) string {
	if city == "" || strings.Contains(geo.Fold(location), geo.Fold(city)) {
		return location
	}
	if location == "" {
		return city
	}
	return location + ", " + city
}

// portfolioPage is a published portfolio.
type portfolioPage struct {
	Owner       owner
	Portfolio   media.PublicPortfolio
	Date        string
	Place       string
	Guests      string
	Budget      string
	PlannerFee  string
	Services    []string
	Paragraphs  []string
	ProfileLink string
}

func (s *Site) providerPortfolio(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	p, err := s.Media.VisibleProvider(ctx, r.PathValue("slug"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	pf, err := s.Media.PublishedPortfolio(ctx, p.UserID, r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if r.Method == http.MethodGet {
		if err := s.Media.RecordPortfolioView(ctx, pf.ID, clientip.Of(r), r.UserAgent()); err != nil {
			s.Log.WarnContext(ctx, "site: portfolio view", "err", err.Error())
		}
	}
	base := "/p/" + url.PathEscape(p.Slug)
	v := s.mediaView(r, pf.Title+" – "+p.Name, media.PortfolioPath(p.Slug, pf.ID))
	v.Description = v.T("site.media.portfolio_description", "title", pf.Title, "name", p.Name)
	pg := portfolioPage{Owner: owner{Name: p.Name, Base: base}, Portfolio: pf, Date: v.MonthYear(pf.WeddingDate), Place: place(pf.Location, pf.City),
		Guests: v.Plural("site.venue.guests", pf.NumberOfGuests), ProfileLink: base, Paragraphs: paragraphs(pf.Description)}
	if !pf.BudgetHidden {
		if pf.TotalBudget > 0 {
			pg.Budget = v.Money(pf.TotalBudget)
		}
		if pf.PlannerBudget > 0 {
			pg.PlannerFee = v.Money(pf.PlannerBudget)
		}
	}
	for _, t := range pf.Prestations {
		pg.Services = append(pg.Services, v.T("prestations."+t))
	}
	ld := map[string]any{"@context": "https://schema.org", "@type": "CreativeWork", "name": pf.Title, "description": pf.Description,
		"author": map[string]any{"@type": "Organization", "name": p.Name, "url": s.absolute(v, base)}}
	if pf.Key != nil {
		ld["image"] = s.absolute(v, pf.Key.URL)
	}
	v.JSONLD = ld
	v.P = pg
	s.render(w, r, http.StatusOK, "portfolio", v, cacheNoCache)
}

// paragraphs splits a plain text at its blank lines.
func paragraphs(text string) []string {
	var out []string
	for _, para := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n\n") {
		if para = strings.TrimSpace(para); para != "" {
			out = append(out, para)
		}
	}
	return out
}

// addInstagram puts a provider's synced Instagram posts on their page; a
// failure to read them leaves the section out, never the page.
func (s *Site) addInstagram(r *http.Request, v *view, sec *mediaSection, userID string) {
	if s.Instagram == nil || sec.InstagramURL == "" {
		return
	}
	posts, err := s.Instagram.PublicPosts(r.Context(), userID)
	if err != nil {
		s.Log.WarnContext(r.Context(), "site: instagram posts", "err", err.Error())
		return
	}
	for _, p := range posts {
		alt := p.Caption
		if alt == "" {
			alt = v.T("site.media.instagram_post")
		}
		sec.Instagram = append(sec.Instagram, instagramCard{PublicPost: p, Alt: alt})
	}
}
