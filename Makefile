# softlab: `make serve` builds and serves the lab; `make test` runs every test.
# Both install what is missing on a fresh Debian machine first (tools/setup.sh).

BUILD   ?= build
PORT    ?= 8642
CS_DIR  := third_party_build/CSparse
CC      ?= gcc
CFLAGS  ?= -std=c11 -O2 -g -Wall -Wextra -Wshadow -Wno-unused-parameter
CPPFLAGS := -Isrc/core -I$(CS_DIR)/Include
LDLIBS  := -lm

CORE_SRC  := $(wildcard src/core/*.c)
CLI_SRC   := $(wildcard src/cli/*.c)
TEST_SRC  := $(wildcard tests/c/*.c)
CORE_HDR  := $(wildcard src/core/*.h)
SETUP     := $(BUILD)/.setup-done

.PHONY: all setup native wasm site serve test test-native test-wasm test-web bench dist clean

all: native

# ---- set-up (Debian packages, npm ci, CSparse source) -------------------------
setup: $(SETUP)
$(SETUP): tools/setup.sh package.json package-lock.json
	bash tools/setup.sh
	@mkdir -p $(BUILD) && touch $@

# ---- native ---------------------------------------------------------------------
$(BUILD)/csparse/libcsparse.a: $(SETUP)
	@mkdir -p $(BUILD)/csparse
	cd $(BUILD)/csparse && for f in $(CURDIR)/$(CS_DIR)/Source/*.c; do \
	  $(CC) -O2 -w -I$(CURDIR)/$(CS_DIR)/Include -c $$f || exit 1; done
	ar rcs $@ $(BUILD)/csparse/*.o

native: $(BUILD)/softlab $(BUILD)/softlab_tests

$(BUILD)/softlab: $(CORE_SRC) $(CLI_SRC) $(CORE_HDR) $(wildcard src/cli/*.h) $(BUILD)/csparse/libcsparse.a
	$(CC) $(CFLAGS) $(CPPFLAGS) -o $@ $(CORE_SRC) $(CLI_SRC) $(BUILD)/csparse/libcsparse.a $(LDLIBS)

$(BUILD)/softlab_tests: $(CORE_SRC) $(TEST_SRC) $(CORE_HDR) $(wildcard tests/c/*.h) $(BUILD)/csparse/libcsparse.a
	$(CC) $(CFLAGS) $(CPPFLAGS) -Itests/c -o $@ $(CORE_SRC) $(TEST_SRC) $(BUILD)/csparse/libcsparse.a $(LDLIBS)

# ---- wasm and the site ------------------------------------------------------------
wasm: $(SETUP)
	bash build_wasm.sh $(BUILD)/wasm

site: wasm
	WASM_DIR=$(BUILD)/wasm bash tools/stage_web.sh $(BUILD)/site
	bash tools/build_lessons.sh $(BUILD)/site

# A static site (lab, lessons, wasm, assets) for any static web server.
dist: wasm
	rm -rf dist
	WASM_DIR=$(BUILD)/wasm bash tools/stage_web.sh dist
	bash tools/build_lessons.sh dist

serve: site
	@echo "softlab: serving at http://127.0.0.1:$(PORT)/  (Ctrl-C stops)"
	python3 -m http.server $(PORT) --bind 127.0.0.1 --directory $(BUILD)/site

# ---- tests ----------------------------------------------------------------------
test: test-native test-wasm test-web

test-native: $(BUILD)/softlab_tests $(BUILD)/softlab
	$(BUILD)/softlab_tests
	bash tests/cli/run_cli_tests.sh $(BUILD)/softlab

# The C tests compiled to wasm; tests/web/wasm_c_tests.test.js runs them under node.
test-wasm: $(SETUP)
	bash build_wasm.sh tests $(BUILD)/wasm-tests

test-web: site test-wasm
	SOFTLAB_SITE=$(BUILD)/site SOFTLAB_WASM_TESTS=$(BUILD)/wasm-tests/softlab_tests.js node --test tests/web/

# ---- benchmarks (never timed tests) -------------------------------------------------
bench: $(BUILD)/softlab site
	bash tools/bench.sh $(BUILD)

clean:
	rm -rf $(BUILD)
