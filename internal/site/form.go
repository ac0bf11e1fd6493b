package site

import (
	"net/url"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"noces/internal/apperr"
)

// form is a form's state: the values to show again and each field's message.
type form struct {
	Values url.Values
	Errors map[string]string // field name -> message, already translated
	// Summary is the list of problems at the top of the form, in the order
	// of the fields, each linked to its field.
	Summary []problem
	// Notice is a problem that belongs to no field.
	Notice string
	// Status, when set, is the status of the page showing the form again
	// (409 for a form already sent); otherwise formStatus decides.
	Status int
	order  []string
	labels map[string]string // field name -> i18n key of its label
}

type problem struct {
	ID, Message string
}

// newForm starts a form's state; order lists its fields in the page's
// order, labels their label keys, for the error summary.
func newForm(values url.Values, order []string, labels map[string]string) *form {
	if values == nil {
		values = url.Values{}
	}
	return &form{Values: values, Errors: map[string]string{}, order: order, labels: labels}
}

// field is one input as the templates draw it.
type field struct {
	Name, ID, Value, Error, ErrID, HintID string
}

// F returns the field name with its value and message.
func (f *form) F(name string) field {
	return field{Name: name, ID: "f-" + name, Value: f.Values.Get(name), Error: f.Errors[name], ErrID: "e-" + name, HintID: "h-" + name}
}

// Is reports whether the field name holds value (a select's option, a radio,
// one of several checkboxes).
func (f *form) Is(name, value string) bool {
	return slices.Contains(f.Values[name], value)
}

// Describe is the aria-describedby of a field: its hint, when it has one,
// and its message.
func (fl field) Describe(hint bool) string {
	var ids []string
	if hint {
		ids = append(ids, fl.HintID)
	}
	if fl.Error != "" {
		ids = append(ids, fl.ErrID)
	}
	return strings.Join(ids, " ")
}

// HasErrors reports whether the form has anything to correct.
func (f *form) HasErrors() bool { return len(f.Summary) > 0 || f.Notice != "" }

// set records a field's message.
func (f *form) set(name, message string) {
	if _, ok := f.Errors[name]; !ok {
		f.Errors[name] = message
	}
}

// refuseBadUTF8 gives each field whose text is not valid UTF-8 its message
// (a field without an input, such as the token, makes a notice), and
// replaces the bad bytes in the values shown again; it reports whether any
// field was refused. Stored as is, the text would become U+FFFD.
func (f *form) refuseBadUTF8(tr func(string) string) bool {
	bad := false
	for name, vs := range f.Values {
		refused := !utf8.ValidString(name)
		for i, v := range vs {
			if !utf8.ValidString(v) {
				vs[i] = strings.ToValidUTF8(v, "\uFFFD")
				refused = true
			}
		}
		if !refused {
			continue
		}
		bad = true
		if _, known := f.labels[name]; known {
			f.set(name, tr("validation.invalid_utf8"))
		} else {
			f.Notice = tr("validation.invalid_utf8")
		}
		if !utf8.ValidString(name) {
			delete(f.Values, name)
		}
	}
	if bad {
		f.summarize(tr)
	}
	return bad
}

// fieldAliases send a service's field code to the input that shows it.
type fieldAliases map[string]string

// apply turns the per-field codes of err into messages; it reports false
// when err carries none.
func (f *form) apply(err error, tr func(string) string, aliases fieldAliases) bool {
	e, ok := apperr.As(err)
	if !ok || len(e.Fields) == 0 {
		return false
	}
	for name, code := range e.Fields {
		if a, ok := aliases[name]; ok {
			name = a
		}
		f.set(name, trWith(tr, code, e.Args...))
	}
	f.summarize(tr)
	return true
}

// summarize lists the messages in the order of the fields, each named by
// its field's label.
func (f *form) summarize(tr func(string) string) {
	rank := func(name string) int {
		if i := slices.Index(f.order, name); i >= 0 {
			return i
		}
		return len(f.order)
	}
	names := make([]string, 0, len(f.Errors))
	for name := range f.Errors {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool {
		ri, rj := rank(names[i]), rank(names[j])
		if ri != rj {
			return ri < rj
		}
		return names[i] < names[j]
	})
	f.Summary = f.Summary[:0]
	for _, name := range names {
		msg := f.Errors[name]
		if key, ok := f.labels[name]; ok {
			msg = trWith(tr, "site.form.summary_item", "field", tr(key), "message", msg)
		}
		f.Summary = append(f.Summary, problem{ID: "f-" + name, Message: msg})
	}
}

// trWith fills the placeholders of a translated text.
func trWith(tr func(string) string, key string, kv ...string) string {
	return strings.NewReplacer(pairs(kv)...).Replace(tr(key))
}

func pairs(kv []string) []string {
	out := make([]string, 0, len(kv))
	for i := 0; i+1 < len(kv); i += 2 {
		out = append(out, "{"+kv[i]+"}", kv[i+1])
	}
	return out
}
