// Package icstest makes the .ics files that made the calendar import a
// denial of service, for the tests and the benchmark that show it is none.
package icstest

import (
	"fmt"
	"strings"
	"time"
)

// Calendar wraps content lines in a VCALENDAR, CRLF-terminated.
func Calendar(lines ...string) []byte {
	all := append([]string{"BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Noces//Test//EN"}, lines...)
	return []byte(strings.Join(append(all, "END:VCALENDAR"), "\r\n") + "\r\n")
}

// Numbers lists lo..hi, comma-separated.
func Numbers(lo, hi int) string {
	s := make([]string, 0, hi-lo+1)
	for i := lo; i <= hi; i++ {
		s = append(s, fmt.Sprint(i))
	}
	return strings.Join(s, ",")
}

// RuleBomb is one yearly event at every second of every day of each month:
// under 700 bytes that a recurrence library expands to 31 million instants
// a year.
func RuleBomb() []byte {
	return Calendar("BEGIN:VEVENT", "UID:bomb@test", "DTSTAMP:20261122T000000Z", "DTSTART:20270101T000000Z",
		"RRULE:FREQ=YEARLY;BYMONTHDAY="+Numbers(1, 31)+";BYHOUR="+Numbers(0, 23)+";BYMINUTE="+Numbers(0, 59)+";BYSECOND="+Numbers(0, 59),
		"END:VEVENT")
}

// LongParameter is one all-day event (1 January 2027) whose SUMMARY has a
// parameter of n bytes, quoted or not: a decoder that builds parameter
// values a byte at a time spends seconds on 200 KB.
func LongParameter(n int, quoted bool) []byte {
	v := strings.Repeat("a", n)
	if quoted {
		v = `"` + v + `"`
	}
	return Calendar("BEGIN:VEVENT", "UID:long@test", "SUMMARY;X-LONG="+v+":x", "DTSTART;VALUE=DATE:20270101", "END:VEVENT")
}

// ManyExdates is a daily rule from 1 January 2027 with one EXDATE of n
// dates, its first 1,000 days over and over: what is left of the rule is
// its days from 27 September 2029.
func ManyExdates(n int) []byte {
	dates := make([]string, n)
	for i := range dates {
		dates[i] = time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i%1000).Format("20060102")
	}
	return Calendar("BEGIN:VEVENT", "UID:ex@test", "DTSTART;VALUE=DATE:20270101", "RRULE:FREQ=DAILY",
		"EXDATE;VALUE=DATE:"+strings.Join(dates, ","), "END:VEVENT")
}

// Filled repeats one event (its lines) as often as a file of limit bytes
// holds, and at most max times.
func Filled(limit, max int, event ...string) []byte {
	one := strings.Join(event, "\r\n")
	n := min((limit-200)/(len(one)+2), max)
	return Calendar(strings.Split(strings.Repeat(one+"\r\n", n-1)+one, "\r\n")...)
}
