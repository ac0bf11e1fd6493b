package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// isUniqueViolation recognises each engine's unique-constraint error.
func isUniqueViolation(err error) bool {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return pg.Code == "23505"
	}
	var lite *sqlite.Error
	if errors.As(err, &lite) {
		return lite.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || lite.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

// IsUnavailable reports whether err means the database cannot be reached
// (as opposed to a query that failed): the HTTP edge answers 503 for these,
// and the pool reconnects by itself once the database is back.
func IsUnavailable(err error) bool {
	if err == nil {
		return false
	}
	var connErr *pgconn.ConnectError
	var netErr net.Error
	var pg *pgconn.PgError
	switch {
	case errors.As(err, &pg):
		// Class 08 is connection exceptions; 57P01-03 are shutdowns.
		return len(pg.Code) == 5 && (pg.Code[:2] == "08" || pg.Code == "57P01" || pg.Code == "57P02" || pg.Code == "57P03")
	case errors.As(err, &connErr), errors.As(err, &netErr):
		return true
	case errors.Is(err, driver.ErrBadConn), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET):
		return true
	case errors.Is(err, context.DeadlineExceeded):
		// A pool that cannot hand out a connection in time.
		return true
	}
	var lite *sqlite.Error
	if errors.As(err, &lite) {
		code := lite.Code() & 0xff
		return code == sqlite3.SQLITE_CANTOPEN || code == sqlite3.SQLITE_IOERR || code == sqlite3.SQLITE_BUSY
	}
	return false
}
