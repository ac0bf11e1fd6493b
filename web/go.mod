// web/ is a Go module of its own so that `go test ./...` and `go vet ./...`
// from the repository's root stop at this folder: they would otherwise walk
// into node_modules, where npm packages ship Go sources of their own. The
// package web (embed.go) is the only Go code here; the root go.mod requires
// it through a replace to this folder.
module noces/web

go 1.26.8
