#!/usr/bin/env bash
# Installs what softlab needs on a fresh Debian bookworm machine, idempotently:
# emscripten, chromium and clang with libFuzzer (Debian packages), node packages (npm ci), and the
# unmodified CSparse source from Debian's suitesparse source package, extracted
# into third_party_build/ (git-ignored). See ../shared/TOOLCHAIN.md.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
apt_updated=0
apt_update() { if [ $apt_updated = 0 ]; then $SUDO apt-get update -qq; apt_updated=1; fi; }

need_pkgs=()
command -v emcc >/dev/null 2>&1 || need_pkgs+=(emscripten)
[ -x /usr/bin/chromium ] || need_pkgs+=(chromium)
command -v node >/dev/null 2>&1 || need_pkgs+=(nodejs npm)
command -v python3 >/dev/null 2>&1 || need_pkgs+=(python3)
command -v gcc >/dev/null 2>&1 || need_pkgs+=(gcc make)
# clang with libFuzzer and the sanitizer runtimes (make test-fuzz, fuzz/run_fuzz.sh);
# on Debian libFuzzer is in libclang-rt-dev, which a bare clang may lack.
fuzz_probe='int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }'
if ! command -v clang >/dev/null 2>&1 ||
   ! echo "$fuzz_probe" | clang -fsanitize=fuzzer,address,undefined -x c - -o /dev/null >/dev/null 2>&1; then
  need_pkgs+=(clang libclang-rt-dev)
fi
# CalculiX (ccx): an optional peer program, the independent FEM statics of `softlab validate`
# (seed 000's -ccx rows); without it those rows are skipped, never faked.
command -v ccx >/dev/null 2>&1 || need_pkgs+=(calculix-ccx)
# TetGen: make check-tools remakes data/meshes/torus.1.* with it (tools/make_torus_mesh.py).
command -v tetgen >/dev/null 2>&1 || need_pkgs+=(tetgen)
if [ ${#need_pkgs[@]} -gt 0 ]; then
  echo "setup: installing ${need_pkgs[*]} (Debian packages)"
  apt_update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_pkgs[@]}" >/dev/null
fi

# Node packages, pinned by package-lock.json.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
fi

# CSparse: the source of Debian's suitesparse package, never vendored in git.
CS=third_party_build/CSparse
if [ ! -f $CS/Include/cs.h ]; then
  echo "setup: fetching CSparse from Debian's suitesparse source package"
  # A deb-src entry derived from the machine's own apt configuration,
  # so that no registry host name is written anywhere.
  if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ && ! grep -qs '^deb-src' /etc/apt/sources.list; then
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
      sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources \
        | $SUDO tee /etc/apt/sources.list.d/softlab-src.sources >/dev/null
    else
      sed -n 's/^deb /deb-src /p' /etc/apt/sources.list \
        | $SUDO tee /etc/apt/sources.list.d/softlab-src.list >/dev/null
    fi
    apt_updated=0
  fi
  apt_update
  tmp=$(mktemp -d)
  (cd "$tmp" && apt-get source --download-only -qq suitesparse >/dev/null)
  tarball=$(ls "$tmp"/suitesparse_*.orig.tar.* | head -n 1)
  mkdir -p third_party_build
  rm -rf third_party_build/CSparse
  tar -xf "$tarball" -C "$tmp" --wildcards '*/CSparse/Include/*' '*/CSparse/Source/*' '*/CSparse/Doc/License.txt'
  mv "$tmp"/*/CSparse third_party_build/CSparse
  rm -rf "$tmp"
fi
echo "setup: ok"
