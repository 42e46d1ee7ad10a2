#!/usr/bin/env bash
# Installs the Debian 12 (bookworm) packages only the benchmarks need (Pango for the comparison
# renderer, DejaVu, hyperfine, valgrind). Run ../setup.sh first for the build and test packages.
# Idempotent: when all packages are already installed it does nothing (no apt-get update).
# Runs as root, or through sudo otherwise.
set -euo pipefail

PACKAGES=(
    libpango1.0-dev pango1.0-tools fonts-dejavu-core hyperfine valgrind
)

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo

missing=()
for pkg in "${PACKAGES[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    [ "$status" = "install ok installed" ] || missing+=("$pkg")
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "Benchmarks/setup.sh: all ${#PACKAGES[@]} packages already installed; nothing to do."
    exit 0
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "Benchmarks/setup.sh: installed ${#missing[@]} missing package(s): ${missing[*]}"
