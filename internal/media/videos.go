package media

import (
	"context"
	"net/url"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/model"
	"noces/internal/store"
)

// Video hosts.
const (
	HostYouTube = "youtube"
	HostVimeo   = "vimeo"
)

var (
	youtubeID = regexp.MustCompile(`^[A-Za-z0-9_-]{11}$`)
	vimeoID   = regexp.MustCompile(`^[0-9]{1,12}$`)
)

// ParseVideoLink recognises a YouTube or Vimeo link and returns its host and
// the video's id there. Accepted: youtube.com/watch?v=ID (www., m., music.),
// youtu.be/ID, youtube.com/shorts/ID, /embed/ID and /live/ID,
// youtube-nocookie.com/embed/ID; vimeo.com/ID, vimeo.com/channels/x/ID and
// player.vimeo.com/video/ID. A link without scheme is read as https.
func ParseVideoLink(raw string) (host, id string, ok bool) {
	raw = strings.TrimSpace(raw)
	if raw == "" || len(raw) > 500 || strings.ContainsAny(raw, " \t\r\n") {
		return "", "", false
	}
	if !strings.Contains(raw, "://") {
		raw = "https://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.User != nil || u.Port() != "" {
		return "", "", false
	}
	h := strings.ToLower(u.Hostname())
	parts := strings.Split(strings.Trim(u.Path, "/"), "/")
	switch h {
	case "youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com":
		switch {
		case len(parts) == 1 && parts[0] == "watch":
			id = u.Query().Get("v")
		case len(parts) == 2 && (parts[0] == "shorts" || parts[0] == "embed" || parts[0] == "live" || parts[0] == "v"):
			id = parts[1]
		}
		host = HostYouTube
	case "youtu.be":
		if len(parts) == 1 {
			id = parts[0]
		}
		host = HostYouTube
	case "youtube-nocookie.com", "www.youtube-nocookie.com":
		if len(parts) == 2 && parts[0] == "embed" {
			id = parts[1]
		}
		host = HostYouTube
	case "vimeo.com", "www.vimeo.com":
		if last := parts[len(parts)-1]; len(parts) == 1 || (len(parts) == 3 && parts[0] == "channels") {
			id = last
		}
		host = HostVimeo
	case "player.vimeo.com":
		if len(parts) == 2 && parts[0] == "video" {
			id = parts[1]
		}
		host = HostVimeo
	default:
		return "", "", false
	}
	if (host == HostYouTube && youtubeID.MatchString(id)) || (host == HostVimeo && vimeoID.MatchString(id)) {
		return host, id, true
	}
	return "", "", false
}

// WatchURL is the canonical page of a video on its host.
func WatchURL(host, id string) string {
	if host == HostVimeo {
		return "https://vimeo.com/" + id
	}
	return "https://www.youtube.com/watch?v=" + id
}

// EmbedURL is the privacy-enhanced player of a video: no cookies before
// play on YouTube, do-not-track on Vimeo.
func EmbedURL(host, id string) string {
	if host == HostVimeo {
		return "https://player.vimeo.com/video/" + id + "?dnt=1"
	}
	return "https://www.youtube-nocookie.com/embed/" + id
}

// Video is a video as its owner sees it.
type Video struct {
	ID          string
	Title       string
	Description string
	Host        string
	VideoID     string
	URL         string
	EmbedURL    string
	IsVisible   bool
	CreatedAt   time.Time
}

func toVideo(v model.Video) Video {
	return Video{ID: v.ID, Title: v.Title, Description: v.Description, Host: v.Host, VideoID: v.ExternalID,
		URL: WatchURL(v.Host, v.ExternalID), EmbedURL: EmbedURL(v.Host, v.ExternalID), IsVisible: v.IsVisible, CreatedAt: v.CreatedAt}
}

// VideoList is the owner's videos with what the add button needs.
type VideoList struct {
	Videos        []Video
	VideoCount    int
	FreePlanQuota int
	IsPremium     bool
	CanAddMore    bool
}

// Videos lists a provider's videos.
func (s *Service) Videos(ctx context.Context, userID string) (VideoList, error) {
	_, premium, err := s.owner(ctx, userID)
	if err != nil {
		return VideoList{}, err
	}
	rows, err := s.Store.ListVideos(ctx, userID)
	if err != nil {
		return VideoList{}, err
	}
	out := VideoList{Videos: make([]Video, 0, len(rows)), VideoCount: len(rows), FreePlanQuota: FreeVideoQuota,
		IsPremium: premium, CanAddMore: premium || len(rows) < FreeVideoQuota}
	for _, r := range rows {
		out.Videos = append(out.Videos, toVideo(r))
	}
	return out, nil
}

// VideoInput is the add-video form.
type VideoInput struct {
	Title       string
	Description string
	Link        string
	// Visible is the form's status; nil means visible.
	Visible *bool
}

// Video title and description lengths.
const (
	videoTitleMin, videoTitleMax = 5, 100
	videoDescriptionMax          = 1000
)

// AddVideo adds a video to a provider's profile.
func (s *Service) AddVideo(ctx context.Context, userID string, in VideoInput) (Video, error) {
	f := apperr.Fields{}
	title, description := CheckText(f, "title", in.Title, false), CheckText(f, "description", in.Description, true)
	CheckLength(f, "title", title, videoTitleMin, videoTitleMax, "videos.errors.title_required", "videos.errors.title_min_length")
	if utf8.RuneCountInString(title) > videoTitleMax {
		f["title"] = "videos.errors.title_max_length"
	}
	if utf8.RuneCountInString(description) > videoDescriptionMax {
		f.Add("description", "videos.errors.description_max_length")
	}
	host, id, ok := ParseVideoLink(in.Link)
	switch {
	case strings.TrimSpace(in.Link) == "":
		f.Add("link", "videos.errors.link_required")
	case !ok:
		f.Add("link", "videos.errors.invalid_url")
	}
	if err := f.Err(); err != nil {
		return Video{}, err
	}
	now := s.Clock.Now()
	row := model.Video{ID: model.NewID(), OwnerID: userID, Title: title, Description: description, Host: host, ExternalID: id,
		IsVisible: in.Visible == nil || *in.Visible, CreatedAt: now, UpdatedAt: now}
	err := s.underQuota(ctx, userID, func(tx *store.Store) (int, error) { return tx.CountVideos(ctx, userID) },
		FreeVideoQuota, "videos.errors.quota_reached", func(tx *store.Store) error { return tx.CreateVideo(ctx, row) })
	if err != nil {
		return Video{}, err
	}
	return toVideo(row), nil
}

// SetVideoVisibility shows or hides a video; nil toggles it. It returns the
// visibility in force.
func (s *Service) SetVideoVisibility(ctx context.Context, userID, id string, visible *bool) (bool, error) {
	var out bool
	err := s.Store.InTx(ctx, func(tx *store.Store) error {
		rows, err := tx.ListVideos(ctx, userID)
		if err != nil {
			return err
		}
		found := false
		for _, v := range rows {
			if v.ID == id {
				found, out = true, !v.IsVisible
			}
		}
		if !found {
			return apperr.New(apperr.NotFound, "errors.not_found")
		}
		if visible != nil {
			out = *visible
		}
		return notFound(tx.SetVideoVisible(ctx, userID, id, out, s.Clock.Now()))
	})
	return out, err
}

// DeleteVideo removes a video.
func (s *Service) DeleteVideo(ctx context.Context, userID, id string) error {
	return notFound(s.Store.DeleteVideo(ctx, userID, id))
}
