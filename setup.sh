#!/usr/bin/env bash
# Installs every Debian 12 (bookworm) package this project needs to build and run its tests.
# Idempotent: when all packages are already installed it does nothing (no apt-get update).
# Runs as root, or through sudo otherwise. Extra package names given as arguments are installed too
# (Benchmarks/setup.sh passes the benchmark-only ones).
set -euo pipefail

PACKAGES=(
    pkg-config
    libharfbuzz-dev libfreetype-dev libfontconfig-dev libxml2-dev libpng-dev zlib1g-dev
    libicu-dev libzip-dev libhyphen-dev libexttextcat-dev libexttextcat-data
    libturbojpeg0-dev libgif-dev libwebp-dev libavif-dev libjxl-dev librsvg2-dev libcairo2-dev libpixman-1-dev
    libespeak-ng-dev espeak-ng-data libmecab-dev mecab-ipadic-utf8
    libmicrohttpd-dev libsqlite3-dev
    chromium chromium-driver python3-selenium
    hyphen-en-us hyphen-fr hyphen-de hyphen-ru hyphen-es hyphen-it
    unicode-data libharfbuzz-bin fontconfig
    fonts-noto-cjk fonts-babelstone-han
    python3-distributed python3-jsonschema
    zsh fish                                   # the completion scripts are parsed by their shells (EmbeddingEdgesCLITests)
    "$@"
)

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo

missing=()
for pkg in "${PACKAGES[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    [ "$status" = "install ok installed" ] || missing+=("$pkg")
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "setup.sh: all ${#PACKAGES[@]} packages already installed; nothing to do."
    exit 0
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup.sh: installed ${#missing[@]} missing package(s): ${missing[*]}"
