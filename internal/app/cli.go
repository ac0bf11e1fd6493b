package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"noces/internal/account"
	"noces/internal/apperr"
	"noces/internal/config"
	"noces/internal/demo"
	"noces/internal/platform/blob"
)

// ExitError carries a process exit code.
type ExitError struct{ Code int }

func (e ExitError) Error() string { return fmt.Sprintf("exit %d", e.Code) }

const usage = `Usage: noces <command> [flags]

Commands:
  serve [--demo]                                      run the server (migrates first)
  migrate                                             apply the database migrations and exit
  demo                                                create the demo accounts (idempotent) and exit
  user create --email E --password P --role ROLE      create an account (ROLE_ADMIN on a fresh install)
             [--firstname F --lastname L]
  media copy --to URL [--from URL]                    copy every media file to another store, e.g.
                                                      --to s3://bucket/prefix (from NOCES_BLOB_URL by
                                                      default); what the target already holds at the
                                                      same size is skipped, so it can be run again

Configuration comes from NOCES_* environment variables; see the README.
`

// Main runs one subcommand; cmd/noces is a thin wrapper so this is testable.
func Main(ctx context.Context, args []string, getenv config.Getenv, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return ExitError{Code: 2}
	}
	cfg, err := config.Load(getenv)
	if err != nil {
		return fmt.Errorf("configuration:\n  %s", strings.ReplaceAll(err.Error(), "\n", "\n  "))
	}
	switch args[0] {
	case "serve":
		fs := flag.NewFlagSet("serve", flag.ContinueOnError)
		fs.SetOutput(stderr)
		withDemo := fs.Bool("demo", cfg.Demo, "create the demo accounts and print them")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		return serve(ctx, cfg, *withDemo, stdout)
	case "migrate":
		a, err := New(ctx, cfg, ConfiguredLogger(stdout, cfg), Options{})
		if err != nil {
			return err
		}
		defer a.Close()
		fmt.Fprintln(stdout, "migrations applied")
		return nil
	case "demo":
		a, err := New(ctx, cfg, ConfiguredLogger(stdout, cfg), Options{})
		if err != nil {
			return err
		}
		defer a.Close()
		accounts, err := demo.Seed(ctx, a.Accounts, a.MediaService, a.Store, a.Clock)
		if err != nil {
			return err
		}
		fmt.Fprint(stdout, demo.Print(accounts, a.Hosts))
		return nil
	case "user":
		return userCommand(ctx, cfg, args[1:], stdout, stderr)
	case "media":
		return mediaCommand(ctx, cfg, args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprintf(stderr, "unknown command %q\n\n%s", args[0], usage)
	return ExitError{Code: 2}
}

func serve(ctx context.Context, cfg config.Config, withDemo bool, stdout io.Writer) error {
	// --demo overrides NOCES_DEMO: the start-up line must say what runs.
	cfg.Demo = withDemo
	log := ConfiguredLogger(stdout, cfg)
	if cfg.MemoryLimit > 0 {
		// Only serve sets it: a limit is for the long-running server, not
		// for a command that exits in a second.
		debug.SetMemoryLimit(cfg.MemoryLimit)
	}
	a, err := New(ctx, cfg, log, Options{})
	if err != nil {
		return err
	}
	defer a.Close()
	log.Info("starting", "version", Version, "config", a.Config.String())
	var banner string
	if withDemo {
		accounts, err := demo.Seed(ctx, a.Accounts, a.MediaService, a.Store, a.Clock)
		if err != nil {
			return err
		}
		banner = demo.Print(accounts, a.Hosts)
	}
	releaseStartupMemory(a)
	return a.Serve(ctx, func(addr string) {
		log.Info("listening", "addr", addr)
		// The accounts come last, once the address answers: the last lines a person sees at start.
		if banner != "" {
			fmt.Fprint(stdout, banner)
		}
	})
}

// releaseStartupMemory hands back to the system what starting took and no
// longer needs: the password lanes' buffers (the demo hashes five passwords
// at 64 MiB each) and the garbage of reading the gazetteer, the texts and
// the migrations. Without it the heap stays at its start-up peak until
// load comes (about 200 MB idle instead of under 100).
func releaseStartupMemory(a *App) {
	a.Hasher.ReleaseMemory()
	debug.FreeOSMemory()
}

func userCommand(ctx context.Context, cfg config.Config, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprint(stderr, usage)
		return ExitError{Code: 2}
	}
	fs := flag.NewFlagSet("user create", flag.ContinueOnError)
	fs.SetOutput(stderr)
	email := fs.String("email", "", "e-mail address")
	password := fs.String("password", "", "password (8+ characters with upper, lower, digit, special)")
	role := fs.String("role", "ROLE_ADMIN", "ROLE_ADMIN, ROLE_PRESTATAIRE or ROLE_VENUE")
	first := fs.String("firstname", "Admin", "first name")
	last := fs.String("lastname", "Noces", "last name")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	a, err := New(ctx, cfg, NewLogger(io.Discard, "error"), Options{})
	if err != nil {
		return err
	}
	defer a.Close()
	u, err := a.Accounts.CreateUser(ctx, account.NewUser{
		Email: *email, Password: *password, Role: *role, Firstname: *first, Lastname: *last,
		// An account made on the command line is trusted: nothing to moderate.
		Moderated: true, Onboarded: *role == "ROLE_ADMIN",
	})
	if e, ok := apperr.As(err); ok {
		var b strings.Builder
		for f, code := range e.Fields {
			fmt.Fprintf(&b, "\n  %s: %s", f, a.Texts.T("en", code))
		}
		return fmt.Errorf("%s%s", a.Texts.T("en", e.Code), b.String())
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "created %s %s (%s)\n", u.Role, u.Email, u.ID)
	return nil
}

// mediaCommand copies media between stores, to move a running site from its
// folder to a bucket: copy, switch NOCES_BLOB_URL, copy again for what was
// uploaded in between. It needs no database: keys are the same everywhere.
func mediaCommand(ctx context.Context, cfg config.Config, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "copy" {
		fmt.Fprint(stderr, usage)
		return ExitError{Code: 2}
	}
	fs := flag.NewFlagSet("media copy", flag.ContinueOnError)
	fs.SetOutput(stderr)
	to := fs.String("to", "", "target store: s3://bucket/prefix or file:FOLDER")
	from := fs.String("from", cfg.BlobURL, "source store (NOCES_BLOB_URL by default)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *to == "" || fs.NArg() > 0 {
		fmt.Fprint(stderr, "media copy needs --to URL and takes no other argument\n\n"+usage)
		return ExitError{Code: 2}
	}
	src, dst, err := openCopyStores(*from, *to, cfg.S3)
	if err != nil {
		return err
	}
	n, err := copyMedia(ctx, src, dst, stdout)
	fmt.Fprintf(stdout, "media copy from %s to %s: %d copied (%d bytes), %d already there\n", *from, *to, n.copied, n.bytes, n.skipped)
	return err
}

// openCopyStores opens both ends, refusing one place as both.
func openCopyStores(from, to string, s3 blob.S3Config) (src, dst blob.Store, err error) {
	fromLoc, err := blob.ParseURL(from)
	if err != nil {
		return nil, nil, fmt.Errorf("--from: %w", err)
	}
	toLoc, err := blob.ParseURL(to)
	if err != nil {
		return nil, nil, fmt.Errorf("--to: %w", err)
	}
	if fromLoc.Kind == toLoc.Kind && fromLoc.Bucket == toLoc.Bucket && fromLoc.Prefix == toLoc.Prefix &&
		filepath.Clean(fromLoc.Dir) == filepath.Clean(toLoc.Dir) {
		return nil, nil, fmt.Errorf("--to %s is where the media already are", to)
	}
	if src, err = blob.Open(from, s3); err != nil {
		return nil, nil, fmt.Errorf("--from: %w", err)
	}
	if dst, err = blob.Open(to, s3); err != nil {
		return nil, nil, fmt.Errorf("--to: %w", err)
	}
	return src, dst, nil
}

type copyCounts struct{ copied, skipped, bytes int64 }

// copyWorkers overlap the round trips of a remote store; more would only
// queue behind the network.
const copyWorkers = 8

// copyMedia copies what dst lacks or holds at another size. Keys never
// change content, so a same-sized object is the same object: a second run
// copies nothing, and an interrupted one resumes where it stopped.
func copyMedia(ctx context.Context, src, dst blob.Store, progress io.Writer) (copyCounts, error) {
	var n copyCounts
	var mu sync.Mutex
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(copyWorkers)
	seen := 0
	err := src.List(ctx, "", func(info blob.Info) error {
		if seen++; seen%1000 == 0 {
			fmt.Fprintf(progress, "media copy: %d files seen\n", seen)
		}
		g.Go(func() error {
			copied, err := copyOne(ctx, src, dst, info)
			mu.Lock()
			defer mu.Unlock()
			if copied {
				n.copied++
				n.bytes += info.Size
			} else if err == nil {
				n.skipped++
			}
			return err
		})
		return ctx.Err()
	})
	if werr := g.Wait(); werr != nil {
		err = werr
	}
	return n, err
}

func copyOne(ctx context.Context, src, dst blob.Store, info blob.Info) (copied bool, err error) {
	there, err := dst.Stat(ctx, info.Key)
	if err == nil && there.Size == info.Size {
		return false, nil
	}
	if err != nil && !errors.Is(err, blob.ErrNotFound) {
		return false, err
	}
	r, _, err := src.Open(ctx, info.Key)
	if errors.Is(err, blob.ErrNotFound) {
		return false, nil // deleted since it was listed: nothing to move
	}
	if err != nil {
		return false, err
	}
	defer r.Close()
	if err := dst.Put(ctx, info.Key, r); err != nil {
		return false, err
	}
	return true, nil
}
