#!/usr/bin/env bash
# Installs what PunchCoach needs on Debian 12 (when missing) and builds it.
#   tools/setup.sh [release|debug] [--with-test-deps]
# Sourced by tools/run and tools/test; prints what it installs, stays quiet otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

configuration="${1:-release}"
test_deps="${2:-}"

packages=(libopencv-dev libopenblas-dev libsqlite3-dev libncurses-dev pkg-config)
if [[ "$test_deps" == "--with-test-deps" ]]; then
    # tmux drives the coach in the UI tests; opencv-doc holds the real photos and video of the pose tests;
    # python3 reads the JSON of tools/real-eval and runs the tools' argument checks.
    packages+=(tmux opencv-doc python3)
fi
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    echo "setup: installing ${missing[*]}" >&2
    sudo=""
    if [[ $(id -u) -ne 0 ]]; then
        command -v sudo >/dev/null || { echo "setup: run as root or install: ${missing[*]}" >&2; exit 1; }
        sudo="sudo"
    fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null && [[ -x /opt/swift/usr/bin/swift ]]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
command -v swift >/dev/null || { echo "setup: Swift 6 is needed (swift.org); 'swift' is not on PATH" >&2; exit 1; }
