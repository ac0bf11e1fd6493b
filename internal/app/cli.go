package app

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"noces/internal/account"
	"noces/internal/apperr"
	"noces/internal/config"
	"noces/internal/demo"
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
		a, err := New(ctx, cfg, NewLogger(stdout, cfg.LogLevel), Options{})
		if err != nil {
			return err
		}
		defer a.Close()
		fmt.Fprintln(stdout, "migrations applied")
		return nil
	case "demo":
		a, err := New(ctx, cfg, NewLogger(stdout, cfg.LogLevel), Options{})
		if err != nil {
			return err
		}
		defer a.Close()
		accounts, err := demo.Seed(ctx, a.Accounts, a.MediaService, a.Store, a.Clock)
		if err != nil {
			return err
		}
		fmt.Fprint(stdout, demo.Print(accounts, a.Hosts.ProURL("fr", "")))
		return nil
	case "user":
		return userCommand(ctx, cfg, args[1:], stdout, stderr)
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
	log := NewLogger(stdout, cfg.LogLevel)
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
		banner = demo.Print(accounts, a.Hosts.ProURL("fr", ""))
	}
	return a.Serve(ctx, func(addr string) {
		log.Info("listening", "addr", addr)
		// The accounts come last, once the address answers: the last lines a person sees at start.
		if banner != "" {
			fmt.Fprint(stdout, banner)
		}
	})
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
