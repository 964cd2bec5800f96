#!/usr/bin/env bash
# Import-direction check (docs/ARCHITECTURE.md "Packages"): the domain at
# the root imports no package of the module, nothing imports cmd/, and the
# adapters that hold connections or wire the process (PostgreSQL store,
# Redis counter, HTTP server and API) are
# imported only by cmd/ and internal/wiring, the one wiring of the process
# (and by their own test helper sub-packages, and internal/apptest, the
# tests' fixture, which builds the app through internal/wiring and is
# imported by test files only); internal/wiring itself is imported only by
# cmd/ and internal/apptest. Test files may import anything. Prints every violation; exits 1 if any.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
mod=$($GO list -m)
# Packages only cmd/ may import.
wired_only="store counter server server/api internal/wiring"

list=$($GO list -f '{{.ImportPath}} {{join .Imports " "}}' ./...)
fail=0
while read -r pkg imports; do
	rel=${pkg#"$mod"}; rel=${rel#/}
	for imp in $imports; do
		case $imp in "$mod" | "$mod"/*) ;; *) continue ;; esac
		target=${imp#"$mod"}; target=${target#/}
		if [ -z "$rel" ]; then
			echo "imports: the root package imports $imp (the domain imports no adapter)"; fail=1
		fi
		case $target in cmd | cmd/*)
			echo "imports: $pkg imports $imp (nothing imports cmd/)"; fail=1 ;;
		esac
		if [ "$target" = internal/apptest ]; then
			echo "imports: $pkg imports $imp (only test files use the test fixture)"; fail=1
		fi
		for w in $wired_only; do
			if [ "$target" = "$w" ]; then
				case $rel in cmd/* | "$w"/* | internal/apptest | internal/wiring) ;; *)
					echo "imports: $pkg imports $imp (only cmd/ wires $w)"; fail=1 ;;
				esac
			fi
		done
	done
done <<<"$list"
[ "$fail" = 0 ] && echo "imports: ok ($(wc -l <<<"$list") packages)"
exit "$fail"
