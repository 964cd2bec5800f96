package main

import (
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
)

// parseBool reads a boolean variable: true/false, 1/0, t/f in any case;
// anything else is an error naming the variable.
func parseBool(name, v string) (bool, error) {
	b, err := strconv.ParseBool(strings.TrimSpace(v))
	if err != nil {
		return false, fmt.Errorf("%s %q: want true or false", name, v)
	}
	return b, nil
}

// checkListen accepts host:port and :port with a port from 0 to 65535.
func checkListen(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("want host:port or :port")
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("port %q: want 0-65535", port)
	}
	return nil
}

// checkHostPort accepts host:port with a non-empty host and a port from 1
// to 65535.
func checkHostPort(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || host == "" {
		return fmt.Errorf("want host:port")
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return fmt.Errorf("port %q: want 1-65535", port)
	}
	return nil
}

// checkBaseURL refuses an STGY_BASE_URL that is not an origin: the server
// serves its pages at the root (/pub/…, /sites/…, /sitemap.xml), so a
// path would make every canonical, feed and sitemap URL point at pages
// that 404. A user, query, fragment or a bare "?" or "#" is refused too.
func checkBaseURL(u *url.URL) error {
	if u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || u.RawFragment != "" || u.User != nil || u.Opaque != "" {
		return fmt.Errorf("STGY_BASE_URL %q: want an origin such as https://pub.example.com, with no user, query or fragment", u.String())
	}
	if u.Path != "" || u.RawPath != "" {
		return fmt.Errorf("STGY_BASE_URL %q: want an origin such as https://pub.example.com without a path (%q): the server serves its pages at the root, so a path prefix is not supported; put the server on its own host name", u.String(), u.Path)
	}
	return nil
}
