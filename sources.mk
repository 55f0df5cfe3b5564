# The one list of softlab's C sources and its warning flags, included by the Makefile,
# whose one build compiles them natively, to wasm (emcc), and under the sanitizers and
# the fuzzer, the same files the same way.
#
#   core    src/core/**: C11 + libm + CSparse; no GL, no emscripten.h
#   scenes  src/scenes/: the seeds' experiments and world builders (public API only)
#   validate src/validate/: the seed papers' claims rerun (public API only)
#   cli     src/cli/: the native command-line tool
#   render  src/render/: WebGL2 drawing (wasm only)
#   wasm    src/wasm/: the only place emscripten.h appears
#   tests   tests/c/: the C tests, run natively and as wasm
CORE_SRC   := $(sort $(wildcard src/core/*.c src/core/*/*.c))
SCENES_SRC := $(sort $(wildcard src/scenes/*.c))
VALIDATE_SRC := $(sort $(wildcard src/validate/*.c))
CLI_SRC    := $(sort $(wildcard src/cli/*.c))
RENDER_SRC := $(sort $(wildcard src/render/*.c))
WASM_SRC   := $(sort $(wildcard src/wasm/*.c))
TEST_SRC   := $(sort $(wildcard tests/c/*.c))
# CSparse (LGPL-2.1-or-later): its unmodified source, fetched by tools/setup.sh, compiled
# without our warnings into a library of its own by every build.
CS_DIR     := third_party_build/CSparse
# (= not :=: expanded when used, after the set-up has fetched it)
CS_SRC      = $(sort $(wildcard $(CS_DIR)/Source/*.c))
HEADERS    := $(wildcard src/include/softlab/*.h src/core/*/*.h src/cli/*.h src/validate/*.h src/render/*.h src/wasm/*.h tests/c/*.h)

# Include paths: everyone sees the public headers; only the core sees its own folders.
PUBLIC_INC := -Isrc/include
CORE_INC   := -Isrc/include -Isrc/core

# One set of warnings; errors when CI=true (CI's environment) or WERROR=1.
WARN := -std=c11 -Wall -Wextra -Wshadow -Wno-unused-parameter
ifneq ($(filter true 1,$(CI) $(WERROR)),)
WARN += -Werror
endif
