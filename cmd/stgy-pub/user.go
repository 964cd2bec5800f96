package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
)

// userCommands are `stgy-pub user create|set-password|make-admin`.
var userCommands = []command{
	{name: "create", args: "-login LOGIN [-nickname NAME] [-password P]", summary: "create an account",
		flags: func(fs *flag.FlagSet) runFunc {
			login, password := loginFlag(fs), passwordFlag(fs)
			nickname := fs.String("nickname", "", "display name (default: the login name)")
			return func(ctx context.Context, cfg *config, _ []string) error {
				if *login == "" {
					return usageError{"-login is required"}
				}
				pw, err := readPassword(*password, true)
				if err != nil {
					return err
				}
				return withUsers(ctx, cfg, *login, func(st stgypub.AccountStore) error {
					if *nickname == "" {
						*nickname = *login
					}
					u, err := auth.CreateUser(ctx, st, *login, *nickname, pw)
					if err != nil {
						return err
					}
					fmt.Printf("created user %s (%s), site: %s/sites/%s; sign in at %s/publications\n", u.LoginName, u.ID, cfg.BaseURL, u.ID, cfg.BaseURL)
					return nil
				})
			}
		}},
	{name: "set-password", args: "-login LOGIN [-password P]", summary: "change an account's password",
		flags: func(fs *flag.FlagSet) runFunc {
			login, password := loginFlag(fs), passwordFlag(fs)
			return func(ctx context.Context, cfg *config, _ []string) error {
				if *login == "" {
					return usageError{"-login is required"}
				}
				pw, err := readPassword(*password, true)
				if err != nil {
					return err
				}
				return withUsers(ctx, cfg, *login, func(st stgypub.AccountStore) error {
					if err := auth.SetPassword(ctx, st, *login, pw); err != nil {
						return err
					}
					fmt.Println("password changed")
					return nil
				})
			}
		}},
	{name: "make-admin", args: "-login LOGIN [-revoke]", summary: "give an account the admin flag (or take it away)",
		flags: func(fs *flag.FlagSet) runFunc {
			login := loginFlag(fs)
			revoke := fs.Bool("revoke", false, "remove the admin flag instead")
			return func(ctx context.Context, cfg *config, _ []string) error {
				return withUsers(ctx, cfg, *login, func(st stgypub.AccountStore) error {
					if err := auth.MakeAdmin(ctx, st, *login, !*revoke); err != nil {
						return err
					}
					fmt.Println("admin flag", map[bool]string{true: "removed", false: "set"}[*revoke])
					return nil
				})
			}
		}},
}

func loginFlag(fs *flag.FlagSet) *string { return fs.String("login", "", "login name (required)") }

func passwordFlag(fs *flag.FlagSet) *string {
	return fs.String("password", "", "password (else STGY_PASSWORD, else typed on the terminal, else one line of stdin)")
}

// withUsers checks the login flag, opens the store and runs fn, then
// tells running servers about the change.
func withUsers(ctx context.Context, cfg *config, login string, fn func(stgypub.AccountStore) error) error {
	if login == "" {
		return usageError{"-login is required"}
	}
	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	defer announceChanges(ctx, cfg, st)()
	return fn(st.Users)
}

// readPassword takes the password from -password, STGY_PASSWORD, the
// terminal (not echoed; typed twice when confirm) or one line of stdin
// when it is not a terminal (a leading byte-order mark, as a password
// file saved by some editors has, is not part of it).
func readPassword(flagValue string, confirm bool) (string, error) {
	if flagValue != "" {
		return stgypub.StripBOM(flagValue), nil
	}
	if pw := os.Getenv("STGY_PASSWORD"); pw != "" {
		return stgypub.StripBOM(pw), nil
	}
	if fd := int(os.Stdin.Fd()); term.IsTerminal(fd) {
		return readTerminalPassword(fd, os.Stderr, confirm)
	}
	return readPasswordLine(os.Stdin)
}

// readTerminalPassword prompts on w and reads the password from the
// terminal fd without echo, twice when confirm.
func readTerminalPassword(fd int, w io.Writer, confirm bool) (string, error) {
	fmt.Fprint(w, "password: ")
	pw, err := term.ReadPassword(fd)
	fmt.Fprintln(w)
	if err != nil {
		return "", fmt.Errorf("read the password: %w", err)
	}
	if len(pw) == 0 {
		return "", errors.New("no password given (-password, STGY_PASSWORD, the terminal or stdin)")
	}
	if confirm {
		fmt.Fprint(w, "password again: ")
		again, err := term.ReadPassword(fd)
		fmt.Fprintln(w)
		if err != nil {
			return "", fmt.Errorf("read the password: %w", err)
		}
		if string(again) != string(pw) {
			return "", errors.New("the two passwords differ; nothing changed")
		}
	}
	return stgypub.StripBOM(string(pw)), nil
}

// readPasswordLine reads one line of r (a pipe or a file) as the password.
func readPasswordLine(r io.Reader) (string, error) {
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil && line == "" {
		return "", errors.New("no password given (-password, STGY_PASSWORD, the terminal or stdin)")
	}
	return stgypub.StripBOM(strings.TrimRight(line, "\r\n")), nil
}
