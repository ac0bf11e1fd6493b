package model

import (
	"database/sql"
	"testing"
	"time"
)

func TestPremiumInForce(t *testing.T) {
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	past, future := NullTime(now.Add(-time.Second)), NullTime(now.Add(time.Second))
	for _, tc := range []struct {
		status string
		end    sql.NullTime
		want   bool
	}{
		{PremiumActive, sql.NullTime{}, true},
		{PremiumActive, future, true},
		{PremiumActive, past, false},
		{PremiumActive, NullTime(now), false},
		{PremiumCancellation, future, true},
		{PremiumCancellation, past, false},
		{PremiumCancellation, sql.NullTime{}, false},
		{PremiumCanceled, future, false},
		{PremiumNone, sql.NullTime{}, false},
	} {
		if got := PremiumInForce(tc.status, tc.end, now); got != tc.want {
			t.Errorf("%s ending %v: %v, want %v", tc.status, tc.end, got, tc.want)
		}
		u := User{PremiumStatus: tc.status, PremiumEndAt: tc.end}
		if got := u.IsPremium(now); got != tc.want {
			t.Errorf("User.IsPremium %s ending %v: %v, want %v", tc.status, tc.end, got, tc.want)
		}
	}
}

func TestNullTime(t *testing.T) {
	if NullTime(time.Time{}).Valid {
		t.Error("the zero time is not NULL")
	}
	now := time.Now()
	if n := NullTime(now); !n.Valid || !n.Time.Equal(now) {
		t.Errorf("%v", n)
	}
}
