# The one list of softlab's C sources and its warning flags, read by the Makefile,
# build_wasm.sh and fuzz/run_fuzz.sh (make -s -f sources.mk print), so that the native,
# wasm and fuzz builds compile the same files the same way.
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

print:
	@echo 'CORE_SRC="$(CORE_SRC)"'
	@echo 'SCENES_SRC="$(SCENES_SRC)"'
	@echo 'VALIDATE_SRC="$(VALIDATE_SRC)"'
	@echo 'CLI_SRC="$(CLI_SRC)"'
	@echo 'RENDER_SRC="$(RENDER_SRC)"'
	@echo 'WASM_SRC="$(WASM_SRC)"'
	@echo 'TEST_SRC="$(TEST_SRC)"'
	@echo 'CS_DIR="$(CS_DIR)"'
	@echo 'CS_SRC="$(CS_SRC)"'
	@echo 'PUBLIC_INC="$(PUBLIC_INC)"'
	@echo 'CORE_INC="$(CORE_INC)"'
	@echo 'WARN="$(WARN)"'
