#!/usr/bin/env bash
# Sourced by the tools that run punchcoach (real-eval, recipe-seeds, benchmarks, must-shows, …): sets `pc`.
#   tool=NAME repo=REPOSITORY; source "$repo/tools/punchcoach-binary.sh"
# PUNCHCOACH=/path/to/punchcoach is used when given (and must be executable). Otherwise the release build
# of REPOSITORY: used as it is when it is newer than every source, whichever flags built it (tools/test
# builds with -enable-testing, tools/run without: rebuilding with the other flags takes minutes), else
# built as tools/run builds it; the shell is then left in REPOSITORY. Errors name the tool and exit 1.
# With always_build=1 it builds as tools/run does every time (a no-op when that build is up to date): tools/benchmarks,
# whose timings must be the plain release build's, not a -enable-testing one's that tools/test left behind.
if [[ -n "${PUNCHCOACH:-}" ]]; then
    [[ -x "$PUNCHCOACH" ]] || { echo "$tool: PUNCHCOACH=$PUNCHCOACH is not an executable; unset it or build punchcoach" >&2; exit 1; }
    pc="$PUNCHCOACH"
else
    cd "$repo"
    source tools/setup.sh release
    pc="$(swift build -c release --show-bin-path)/punchcoach"
    if [[ -n "${always_build:-}" || ! -x "$pc" || -n "$(find Sources Package.swift -newer "$pc" -print -quit)" ]]; then
        log="$(mktemp)"
        echo "$tool: building punchcoach (release)…" >&2
        if ! swift build -c release --product punchcoach >"$log" 2>&1; then
            grep -E "error:" "$log" >&2 || tail -n 40 "$log" >&2
            echo "$tool: the build failed (full log: $log)" >&2
            exit 1
        fi
    fi
fi
