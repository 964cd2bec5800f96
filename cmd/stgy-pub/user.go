package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
)

// runUser implements `stgy-pub user create|set-password|make-admin`. The
// password comes from -password, else STGY_PASSWORD, else one line of
// standard input, so it need not appear in shell history.
func runUser(ctx context.Context, cfg *config, args []string) error {
	if len(args) == 0 {
		return errors.New("usage: user create -login L -nickname N [-password P] | user set-password -login L [-password P] | user make-admin -login L [-revoke]")
	}
	fs := flag.NewFlagSet("user "+args[0], flag.ContinueOnError)
	login := fs.String("login", "", "login name")
	nickname := fs.String("nickname", "", "display name (create)")
	password := fs.String("password", "", "password (else STGY_PASSWORD or stdin)")
	revoke := fs.Bool("revoke", false, "remove the admin flag instead (make-admin)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *login == "" {
		return errors.New("-login is required")
	}
	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	defer announceChanges(ctx, cfg, st)()
	switch args[0] {
	case "create":
		pw, err := readPassword(*password)
		if err != nil {
			return err
		}
		if *nickname == "" {
			*nickname = *login
		}
		u, err := auth.CreateUser(ctx, st, *login, *nickname, pw)
		if err != nil {
			return err
		}
		fmt.Printf("created user %s (%s), site: %s/sites/%s\n", u.LoginName, u.ID, cfg.BaseURL, u.ID)
	case "set-password":
		pw, err := readPassword(*password)
		if err != nil {
			return err
		}
		if err := auth.SetPassword(ctx, st, *login, pw); err != nil {
			return err
		}
		fmt.Println("password changed")
	case "make-admin":
		if err := auth.MakeAdmin(ctx, st, *login, !*revoke); err != nil {
			return err
		}
		fmt.Println("admin flag", map[bool]string{true: "removed", false: "set"}[*revoke])
	default:
		return fmt.Errorf("unknown user command %q", args[0])
	}
	return nil
}

// readPassword takes the password from -password, STGY_PASSWORD or one
// line of stdin (a leading byte-order mark, as a password file saved by
// some editors has, is not part of it).
func readPassword(flagValue string) (string, error) {
	if flagValue != "" {
		return stgypub.StripBOM(flagValue), nil
	}
	if pw := os.Getenv("STGY_PASSWORD"); pw != "" {
		return stgypub.StripBOM(pw), nil
	}
	fmt.Fprint(os.Stderr, "password: ")
	line, err := bufio.NewReader(os.Stdin).ReadString('\n')
	if err != nil && line == "" {
		return "", errors.New("no password given (-password, STGY_PASSWORD or stdin)")
	}
	return stgypub.StripBOM(strings.TrimRight(line, "\r\n")), nil
}
