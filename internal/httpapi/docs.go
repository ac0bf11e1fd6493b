package httpapi

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
)

// apiDocs serves the OpenAPI document as JSON and as a readable page,
// rendered on the server so it needs no script and no third-party CDN.
type apiDocs struct {
	doc  *openapi3.T
	json []byte
	page []byte
}

// parsedDocs keeps the apiDocs made of each document, by content: parsing
// and validating one takes about 0.2 s of CPU, and a test process builds a
// server for nearly every test. An apiDocs is never changed once made.
var parsedDocs struct {
	sync.Mutex
	byYAML map[[sha256.Size]byte]*apiDocs
}

// newAPIDocs returns the docs of the yaml document, parsed once per process.
func newAPIDocs(yaml []byte) (*apiDocs, error) {
	key := sha256.Sum256(yaml)
	parsedDocs.Lock()
	defer parsedDocs.Unlock()
	if d, ok := parsedDocs.byYAML[key]; ok {
		return d, nil
	}
	d, err := parseAPIDocs(yaml)
	if err != nil {
		return nil, err
	}
	if parsedDocs.byYAML == nil {
		parsedDocs.byYAML = map[[sha256.Size]byte]*apiDocs{}
	}
	parsedDocs.byYAML[key] = d
	return d, nil
}

// parseAPIDocs parses, validates and renders the yaml document.
func parseAPIDocs(yaml []byte) (*apiDocs, error) {
	if len(yaml) == 0 {
		return nil, fmt.Errorf("httpapi: no OpenAPI document")
	}
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(yaml)
	if err != nil {
		return nil, fmt.Errorf("httpapi: openapi: %w", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("httpapi: openapi is invalid: %w", err)
	}
	js, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("httpapi: openapi json: %w", err)
	}
	page, err := renderDocs(doc)
	if err != nil {
		return nil, err
	}
	return &apiDocs{doc: doc, json: js, page: page}, nil
}

// Doc returns the parsed document, for response validation in tests.
func (s *Server) Doc() *openapi3.T { return s.docs.doc }

func (d *apiDocs) serveJSON(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(d.json)
}

func (d *apiDocs) servePage(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
	_, _ = w.Write(d.page)
}

type docOperation struct {
	Method, Path, Summary, Description, Tag string
	Public                                  bool
	Params                                  []docParam
	Request                                 string
	Responses                               []docResponse
}

type docParam struct{ Name, In, Type, Description string }

type docResponse struct{ Status, Description, Schema string }

var docsTemplate = template.Must(template.New("docs").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} — API</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d1b20;background:#faf8f5}
main{max-width:980px;margin:0 auto;padding:24px}
h1{font-size:28px;margin:0 0 4px}h2{margin-top:40px;border-bottom:2px solid #e7dfd6;padding-bottom:4px}
section{background:#fff;border:1px solid #e7dfd6;border-radius:8px;padding:12px 16px;margin:12px 0}
.m{display:inline-block;min-width:64px;font-weight:700;font-family:ui-monospace,monospace}
.GET{color:#0b6b3a}.POST{color:#8a4b00}.PUT,.PATCH{color:#0b4f8a}.DELETE{color:#a1122c}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f4f1ed;padding:8px;overflow:auto;border-radius:6px}
.pub{font-size:12px;background:#e6f4ea;color:#0b6b3a;border-radius:4px;padding:1px 6px;margin-left:8px}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:4px 8px;border-top:1px solid #eee;vertical-align:top}
</style></head><body><main>
<h1>{{.Title}} API</h1><p>Version {{.Version}}. {{.Description}}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>. Authenticated calls send <code>Authorization: Bearer &lt;token&gt;</code>.
Errors are <code>{"error": code, "message": text in the user's language, "fields": {field: code}}</code>.</p>
{{range .Groups}}<h2 id="{{.Tag}}">{{.Tag}}</h2>{{range .Ops}}
<section><div><span class="m {{.Method}}">{{.Method}}</span> <code>{{.Path}}</code>{{if .Public}}<span class="pub">public</span>{{end}}</div>
<p><strong>{{.Summary}}</strong>{{if .Description}}<br>{{.Description}}{{end}}</p>
{{if .Params}}<table><tr><th>parameter</th><th>in</th><th>type</th><th>about</th></tr>{{range .Params}}<tr><td><code>{{.Name}}</code></td><td>{{.In}}</td><td>{{.Type}}</td><td>{{.Description}}</td></tr>{{end}}</table>{{end}}
{{if .Request}}<p>Request body:</p><pre>{{.Request}}</pre>{{end}}
<table><tr><th>status</th><th>meaning</th><th>body</th></tr>{{range .Responses}}<tr><td>{{.Status}}</td><td>{{.Description}}</td><td>{{if .Schema}}<pre>{{.Schema}}</pre>{{end}}</td></tr>{{end}}</table>
</section>{{end}}{{end}}
</main></body></html>`))

type docGroup struct {
	Tag string
	Ops []docOperation
}

func renderDocs(doc *openapi3.T) ([]byte, error) {
	groups := map[string]*docGroup{}
	var order []string
	paths := doc.Paths.InMatchingOrder()
	slices.Sort(paths)
	for _, p := range paths {
		item := doc.Paths.Value(p)
		for _, method := range []string{"GET", "POST", "PUT", "PATCH", "DELETE"} {
			op := item.GetOperation(method)
			if op == nil {
				continue
			}
			tag := "other"
			if len(op.Tags) > 0 {
				tag = op.Tags[0]
			}
			g, ok := groups[tag]
			if !ok {
				g = &docGroup{Tag: tag}
				groups[tag] = g
				order = append(order, tag)
			}
			o := docOperation{Method: method, Path: p, Summary: op.Summary, Description: op.Description,
				Public: op.Security != nil && len(*op.Security) == 0}
			for _, pr := range append(item.Parameters, op.Parameters...) {
				if pr.Value == nil {
					continue
				}
				o.Params = append(o.Params, docParam{Name: pr.Value.Name, In: pr.Value.In,
					Type: schemaType(pr.Value.Schema), Description: pr.Value.Description})
			}
			if op.RequestBody != nil && op.RequestBody.Value != nil {
				for ct, mt := range op.RequestBody.Value.Content {
					o.Request = ct + "\n" + schemaSketch(mt.Schema, 0)
				}
			}
			codes := op.Responses.Map()
			keys := make([]string, 0, len(codes))
			for k := range codes {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				r := codes[k].Value
				if r == nil {
					continue
				}
				dr := docResponse{Status: k}
				if r.Description != nil {
					dr.Description = *r.Description
				}
				if mt := r.Content.Get("application/json"); mt != nil {
					dr.Schema = schemaSketch(mt.Schema, 0)
				}
				o.Responses = append(o.Responses, dr)
			}
			g.Ops = append(g.Ops, o)
		}
	}
	data := struct {
		Title, Version, Description string
		Groups                      []*docGroup
	}{Title: doc.Info.Title, Version: doc.Info.Version, Description: doc.Info.Description}
	for _, t := range order {
		data.Groups = append(data.Groups, groups[t])
	}
	var b strings.Builder
	if err := docsTemplate.Execute(&b, data); err != nil {
		return nil, fmt.Errorf("httpapi: docs page: %w", err)
	}
	return []byte(b.String()), nil
}

func schemaType(ref *openapi3.SchemaRef) string {
	if ref == nil || ref.Value == nil || ref.Value.Type == nil {
		return ""
	}
	return strings.Join(ref.Value.Type.Slice(), "|")
}

// schemaSketch prints a schema as an indented outline of its fields.
func schemaSketch(ref *openapi3.SchemaRef, depth int) string {
	if ref == nil || ref.Value == nil || depth > 4 {
		return ""
	}
	s := ref.Value
	pad := strings.Repeat("  ", depth)
	var b strings.Builder
	if name := refName(ref.Ref); name != "" && depth > 0 {
		return name
	}
	switch {
	case len(s.Properties) > 0:
		keys := make([]string, 0, len(s.Properties))
		for k := range s.Properties {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b.WriteString("{\n")
		for _, k := range keys {
			req := ""
			if slices.Contains(s.Required, k) {
				req = " (required)"
			}
			b.WriteString(pad + "  " + k + ": " + schemaSketch(s.Properties[k], depth+1) + req + "\n")
		}
		b.WriteString(pad + "}")
	case s.Items != nil:
		b.WriteString("[" + schemaSketch(s.Items, depth+1) + "]")
	default:
		b.WriteString(schemaType(ref))
		if len(s.Enum) > 0 {
			b.WriteString(fmt.Sprint(" ", s.Enum))
		}
	}
	return b.String()
}

func refName(ref string) string {
	if i := strings.LastIndex(ref, "/"); i >= 0 {
		return ref[i+1:]
	}
	return ""
}
