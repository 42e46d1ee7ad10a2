#!/usr/bin/env bash
# Builds the API reference and the manual (DocC) of the four libraries, offline, with the toolchain's own
# swift-symbolgraph-extract and docc (`swift package generate-documentation` needs a plugin SwiftPM cannot fetch here).
#
#   .ci/docs.sh [-o DIR] [--build-dir DIR] [--no-build]
#
# builds the debug modules (`swift build`) unless --no-build, extracts each library's public symbol graph, and converts
# Sources/<Library>/<Library>.docc into DIR/<Library>.doccarchive (default: .build/docs). Any warning (a link that does
# not resolve, an ambiguous link, a parameter the signature does not have) fails the run: exit 1, the warnings on stderr.
# Each archive stands alone: a library's docs name another library's symbols in code voice (`Publication.text`),
# since resolving links across archives needs docc's experimental --dependency.
# DocumentationTests runs it with --no-build against the test build's modules. Open an archive with any static web
# server: `python3 -m http.server -d .build/docs/TypesetCore.doccarchive`, then /documentation/typesetcore.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

output=".build/docs"; build_dir=""; build=1
while [ $# -gt 0 ]; do
    case "$1" in
        -o|--output) output="$2"; shift 2 ;;
        --build-dir) build_dir="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "docs.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

toolchain="$(dirname "$(readlink -f "$(command -v swift)")")"
extract="$toolchain/swift-symbolgraph-extract"
docc="$toolchain/docc"
for tool in "$extract" "$docc"; do
    [ -x "$tool" ] || { echo "docs.sh: $tool is missing (the Swift toolchain's documentation tools)" >&2; exit 1; }
done

libraries=(TypesetCore TypesetDocuments TypesetRender TypesetSpeech)
if [ "$build" = 1 ]; then
    for library in "${libraries[@]}"; do swift build --product "$library" >&2; done
fi
[ -n "$build_dir" ] || build_dir="$(swift build --show-bin-path)"
build_dir="$(readlink -f "$build_dir")"
[ -d "$build_dir/Modules" ] || { echo "docs.sh: no modules in $build_dir (build first, or pass --build-dir)" >&2; exit 1; }

# The C modules the libraries import: SwiftPM's generated module maps, the system-library ones, their headers.
clang=()
for map in "$build_dir"/C*.build/module.modulemap Sources/C*/module.modulemap; do
    [ -f "$map" ] && clang+=(-Xcc "-fmodule-map-file=$(readlink -f "$map")")
done
for include in Sources/C*/include; do clang+=(-Xcc "-I$root/$include"); done
for flag in $(pkg-config --cflags-only-I freetype2 harfbuzz fontconfig libxml-2.0 libpng libzip zlib pixman-1 libexttextcat); do
    clang+=(-Xcc "$flag")
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$output"
warnings=0
for library in "${libraries[@]}"; do
    mkdir -p "$work/$library"
    "$extract" -module-name "$library" -target "$(uname -m)-unknown-linux-gnu" -I "$build_dir/Modules" "${clang[@]}" \
        -minimum-access-level public -skip-inherited-docs -output-dir "$work/$library"
    rm -rf "$output/$library.doccarchive"
    if ! "$docc" convert "Sources/$library/$library.docc" --additional-symbol-graph-dir "$work/$library" \
            --output-path "$output/$library.doccarchive" --fallback-display-name "$library" \
            --fallback-bundle-identifier "org.typeset.$library" --warnings-as-errors --diagnostic-level warning >"$work/$library.log" 2>&1; then
        cat "$work/$library.log" >&2
        warnings=1
    fi
    count=$(grep -c -E '^(warning|error):|: (warning|error):' "$work/$library.log" || true)
    echo "$library: $count warnings → $output/$library.doccarchive"
done
exit "$warnings"
