#!/usr/bin/env bash
# Installs the Debian 12 (bookworm) packages the benchmarks need on top of the project's own: Pango for the
# comparison peer, DejaVu, hyperfine and valgrind. Idempotent, as ../setup.sh is (it does the work).
set -euo pipefail
exec "$(dirname "${BASH_SOURCE[0]}")/../setup.sh" libpango1.0-dev pango1.0-tools fonts-dejavu-core hyperfine valgrind
