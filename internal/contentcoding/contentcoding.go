// Package contentcoding reads a request's Accept-Encoding: the back-office's
// files and the public directory's kept pages are stored compressed, and sent
// as they are to the clients that take their coding.
package contentcoding

import (
	"strconv"
	"strings"
)

// maxParts bounds the list read of one header: a browser sends four or five
// codings, and a longer list is no reason to spend more.
const maxParts = 32

// Accepts tells whether an Accept-Encoding header (RFC 9110 12.5.3) admits
// coding: named or matched by "*", with a q-value above zero.
func Accepts(header, coding string) bool {
	named, star := -1.0, -1.0
	for i, part := range strings.SplitN(header, ",", maxParts+1) {
		if i == maxParts {
			break
		}
		token, params, _ := strings.Cut(part, ";")
		token = strings.ToLower(strings.TrimSpace(token))
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(p), "q="); ok {
				var err error
				if q, err = strconv.ParseFloat(v, 64); err != nil {
					q = 0
				}
			}
		}
		switch token {
		case coding:
			named = q
		case "*":
			star = q
		}
	}
	if named >= 0 {
		return named > 0
	}
	return star > 0
}
