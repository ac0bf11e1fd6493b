package httpapi

import (
	"net/http"
	"strconv"

	"noces/internal/admin"
)

// pageInfo is where a paged reply stands in its list; every paged reply
// carries it, so the fields are named the same everywhere.
type pageInfo struct {
	Total    int `json:"total"`
	Page     int `json:"page"`
	PageSize int `json:"pageSize"`
}

// pageReply is one page of a list: its items and where it stands.
type pageReply[T any] struct {
	Items []T `json:"items"`
	pageInfo
}

// toPage converts a service's page to the reply, item by item.
func toPage[S, T any](p admin.Page[S], conv func(S) T) pageReply[T] {
	out := pageReply[T]{Items: make([]T, 0, len(p.Items)), pageInfo: pageInfo{Total: p.Total, Page: p.Page, PageSize: p.PageSize}}
	for _, it := range p.Items {
		out.Items = append(out.Items, conv(it))
	}
	return out
}

// writePage answers one page of a service's list as a pageReply, or the
// error that kept it.
func writePage[S, T any](w http.ResponseWriter, p admin.Page[S], err error, conv func(S) T) error {
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toPage(p, conv))
	return nil
}

// pageParam reads ?page=, 1-based; anything unreadable is page 1.
func pageParam(r *http.Request) int {
	p, err := strconv.Atoi(r.URL.Query().Get("page"))
	if err != nil || p < 1 || p > 100000 {
		return 1
	}
	return p
}
