# softlab: `make serve` builds and serves the lab; `make test` runs every test.
# Both install what is missing on a fresh Debian machine first (tools/setup.sh).

BUILD   ?= build
PORT    ?= 8642
CC      ?= gcc
OPT     ?= -O2 -g
CS_OPT  ?= -O2 # CSparse: third-party, compiled without our warnings
LDLIBS  := -lm
# The builds below in a BUILD of their own (wasm, sanitizers, fuzzer) share the set-up.
SETUP   ?= $(BUILD)/.setup-done

include sources.mk
CFLAGS  := $(WARN) $(OPT)
CS_INC  := -I$(CS_DIR)/Include
OBJ     := $(BUILD)/obj

.PHONY: all setup native wasm wasm-tests wasm-cli site bundle package serve test test-native test-validate validate validate-quick test-wasm test-web check-asan check-defaults check-tools check-soak test-fuzz fuzz fuzz-build bench dist clean

all: native

# ---- set-up (Debian packages, npm ci, CSparse source) -------------------------
setup: $(SETUP)
$(SETUP): tools/setup.sh package.json package-lock.json
	bash tools/setup.sh
	@mkdir -p $(dir $@) && touch $@

# ---- the one build ----------------------------------------------------------------
# The sources (sources.mk) compiled by CC with OPT into BUILD: natively by default; the
# wasm, sanitizer and fuzzer builds below are this build with other options (CC, OPT,
# CS_OPT, BUILD), run as a sub-make, not copies of its rules.
#
# Objects of other flags are stale: BUILD/.flags holds the flags and is rewritten (so
# every object depends on it and is rebuilt) only when they change, e.g. CI=true (-Werror).
FLAGS_STAMP := $(BUILD)/.flags
FLAGS_NOW   := $(CC) $(CFLAGS) / $(CS_OPT)
ifeq ($(filter clean,$(MAKECMDGOALS)),)
ifneq ($(shell cat $(FLAGS_STAMP) 2>/dev/null),$(strip $(FLAGS_NOW)))
$(shell mkdir -p $(BUILD) && echo '$(strip $(FLAGS_NOW))' > $(FLAGS_STAMP))
endif
endif

$(BUILD)/csparse/libcsparse.a: $(SETUP) $(FLAGS_STAMP)
	@rm -rf $(BUILD)/csparse && mkdir -p $(BUILD)/csparse
	cd $(BUILD)/csparse && for f in $(CS_SRC:%=$(CURDIR)/%); do \
	  $(CC) $(CS_OPT) -w -I$(CURDIR)/$(CS_DIR)/Include -c $$f || exit 1; done
	$(AR) rcs $@ $(BUILD)/csparse/*.o

# The layers as include paths: the core sees its own folders, everything else only the
# public headers (src/include/softlab/), so a layer edge crossed is a compile error.
CORE_OBJ   := $(CORE_SRC:%.c=$(OBJ)/%.o)
SCENES_OBJ := $(SCENES_SRC:%.c=$(OBJ)/%.o) $(VALIDATE_SRC:%.c=$(OBJ)/%.o)
CLI_OBJ    := $(CLI_SRC:%.c=$(OBJ)/%.o)
TEST_OBJ   := $(TEST_SRC:%.c=$(OBJ)/%.o)
LAB_OBJ    := $(RENDER_SRC:%.c=$(OBJ)/%.o) $(WASM_SRC:%.c=$(OBJ)/%.o)
LIBS       := $(BUILD)/libsoftlab.a $(BUILD)/csparse/libcsparse.a

LAYER_INC := $(PUBLIC_INC)
$(OBJ)/src/core/%.o: LAYER_INC := $(CORE_INC) $(CS_INC)
$(OBJ)/src/render/%.o $(OBJ)/src/wasm/%.o: LAYER_INC := $(PUBLIC_INC) -Isrc/render
$(OBJ)/tests/c/%.o: LAYER_INC := $(PUBLIC_INC) -Itests/c
$(OBJ)/%.o: %.c $(HEADERS) $(SETUP) $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LAYER_INC) -c $< -o $@

# The one message table (issue 45 item 5): the core's English texts are generated from
# messages/en.json (tools/messages.py, which first checks every language file against it).
$(BUILD)/gen/messages_en.inc: messages/en.json $(wildcard messages/*.json) tools/messages.py
	python3 tools/messages.py --c $@
$(OBJ)/src/core/message.o: $(BUILD)/gen/messages_en.inc
$(OBJ)/src/core/message.o: LAYER_INC := $(CORE_INC) $(CS_INC) -I$(BUILD)/gen

$(BUILD)/libsoftlab.a: $(CORE_OBJ) $(SCENES_OBJ)
	rm -f $@ && $(AR) rcs $@ $^

# The programs: the CLI and the C test runner; under emcc they are node programs (real
# files through NODERAWFS) and the CLI is softlab_cli.js (softlab.js is the lab).
ifeq ($(notdir $(CC)),emcc)
EXE      := .js
CLI_NAME := softlab_cli
LDFLAGS  := -sENVIRONMENT=node -sALLOW_MEMORY_GROWTH=1 -sEXIT_RUNTIME=1 -sNODERAWFS=1
else
EXE      :=
CLI_NAME := softlab
endif

native: $(BUILD)/softlab $(BUILD)/softlab_tests

$(BUILD)/$(CLI_NAME)$(EXE): $(CLI_OBJ) $(LIBS)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(LIBS) $(LDLIBS)

$(BUILD)/softlab_tests$(EXE): $(TEST_OBJ) $(LIBS)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(TEST_OBJ) $(LIBS) $(LDLIBS)

# ---- wasm: the one build with emcc (../shared/TOOLCHAIN.md) -----------------------------
# Into WASM_BUILD: the lab (softlab.js, softlab.wasm, api-signatures.js: `make wasm`), the
# C test runner for node (softlab_tests.js: `make wasm-tests`, run by
# tests/web/wasm_c_tests.test.js) and the CLI for node (softlab_cli.js: `make wasm-cli`,
# benchmarks), from the same objects. build_wasm.sh calls these.
# Not -msimd128 (wasm SIMD; clang vectorizes for it): measured on issue 11's shapes in
# headless Chromium (make bench's shapes, 5-6 interleaved runs a size on a shared 2-core
# machine), its processor time per step at 10,000-20,000 tets was 0.92-1.02 of this
# build's (best runs; medians 0.96-1.02), inside the runs' own spread: the hot loops are
# sparse and indirect. It would also shut out browsers without wasm SIMD (Safari < 16.4).
# Again 2026-11-29 (issue 42, load average 10-25 from other jobs): the four heavy scenes' Worker ms
# in headless Chromium moved 0.64-3.38x either way between two runs of one build (noise);
# processor time of warp-tube-drop's panels to 0.3 s in the wasm CLI under node, best of 2
# interleaved: -msimd128 over this build 0.98 (implicit-euler), 1.04 (per-vertex warping),
# 1.25 (per-element warping). Not kept.
WASM_BUILD ?= $(BUILD)/wasm
WASM_OPT   := -O3
# flock: one wasm sub-make at a time in WASM_BUILD (make test -j: the lab and the tests)
EMCC_MAKE   = command -v emcc >/dev/null || { echo "make: emcc not found (run tools/setup.sh)" >&2; exit 1; }; \
  mkdir -p $(WASM_BUILD) && flock $(WASM_BUILD)/.lock $(MAKE) --no-print-directory BUILD=$(WASM_BUILD) \
  SETUP=$(SETUP) CC=emcc AR=emar OPT="$(WASM_OPT)" CS_OPT="$(WASM_OPT)"
wasm: $(SETUP)
	+@$(EMCC_MAKE) $(WASM_BUILD)/softlab.js
wasm-tests: $(SETUP)
	+@$(EMCC_MAKE) $(WASM_BUILD)/softlab_tests.js
wasm-cli: $(SETUP)
	+@$(EMCC_MAKE) $(WASM_BUILD)/softlab_cli.js

ifeq ($(notdir $(CC)),emcc)
# Debian's emcc runs its JS tools with the machine's node, which does not look in
# Debian's node folder by itself.
NODE_DIR := $(firstword $(wildcard /usr/share/nodejs /usr/lib/nodejs))
ifneq ($(NODE_DIR),)
export NODE_PATH := $(NODE_DIR)$(if $(NODE_PATH),:$(NODE_PATH))
endif

# One list (src/wasm/api_exports.txt: each export with its signature) feeds
# -sEXPORTED_FUNCTIONS (api-exports.txt) and the cwrap table of web/core/lab-api.js
# (api-signatures.js); tools/wasm_api.js first checks it against the API definitions in
# src/wasm/*.c and reads the enums the page uses from the headers.
$(BUILD)/api-exports.txt: src/wasm/api_exports.txt tools/wasm_api.js $(WASM_SRC) $(HEADERS)
	node tools/wasm_api.js src/wasm/api_exports.txt src/wasm $(BUILD)/api-signatures.js > $@.tmp && mv $@.tmp $@

# Every language of the message table for the page (web/ui/messages.js imports it; staged
# beside it by tools/stage_web.sh), and the file:// notice's texts for web/file-notice.js
# (a classic script: staged at the site's top).
$(BUILD)/message-tables.js: $(wildcard messages/*.json) tools/messages.py
	python3 tools/messages.py --js $@ --classic $(BUILD)/file-notice-texts.js

# The lab: render and the wasm API over the library (core, scenes, validation) and CSparse.
$(BUILD)/softlab.js: $(LAB_OBJ) $(LIBS) $(BUILD)/api-exports.txt $(BUILD)/message-tables.js
	$(CC) $(CFLAGS) -o $@ $(LAB_OBJ) $(LIBS) $(LDLIBS) \
	  -sUSE_WEBGL2=1 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2 \
	  -sMODULARIZE=1 -sEXPORT_NAME=createSoftlab -sALLOW_MEMORY_GROWTH=1 \
	  -sEXPORTED_FUNCTIONS=$$(cat $(BUILD)/api-exports.txt) \
	  -sEXPORTED_RUNTIME_METHODS=cwrap,ccall,UTF8ToString \
	  -sENVIRONMENT=web,worker,node
	touch $@ # the stamp of this link (emcc may leave an unchanged output alone)
endif

# ---- the site ---------------------------------------------------------------------
# The claims of validation mode the lessons quote (:claim[ID] and :setup[ID] in lessons/*.md),
# measured at build by the native CLI: every measured number a lesson prints comes from here.
LESSON_CLAIMS = $(shell grep -ohE ':(claim|setup)\[[^]]*\]' lessons/*.md | sed -E 's/^:(claim|setup)\[//; s/\]$$//' | sort -u | paste -sd, -)
$(BUILD)/validation-lessons.json: $(BUILD)/softlab $(wildcard lessons/*.md)
	$(BUILD)/softlab validate --id $(LESSON_CLAIMS) --json $@ > /dev/null

# The recordings (issue 42 item 1, web/time/recordings.js): the four heavy default comparisons,
# recorded with the staged site's own wasm and Worker code under node, both cores (about a
# minute; nothing when their inputs did not change).
site: wasm $(BUILD)/validation-lessons.json
	WASM_DIR=$(WASM_BUILD) bash tools/stage_web.sh $(BUILD)/site
	VALIDATION_JSON=$(BUILD)/validation-lessons.json bash tools/build_lessons.sh $(BUILD)/site
	node tools/record_scenes.js $(BUILD)/site --if-changed

# A static site (lab, lessons, wasm, assets) for any static web server.
dist: wasm $(BUILD)/validation-lessons.json
	rm -rf dist
	WASM_DIR=$(WASM_BUILD) bash tools/stage_web.sh dist
	VALIDATION_JSON=$(BUILD)/validation-lessons.json bash tools/build_lessons.sh dist
	node tools/record_scenes.js dist

# One folder that runs from any plain static server (issue 45 item 5): BUNDLE (build/bundle)
# with the site, a HOW-TO-RUN.txt (`python3 -m http.server` in it) and the licence texts of
# the third-party code it carries, and BUILD/softlab-bundle.zip of it (tools/make_bundle.py,
# which also refuses a URL that is not relative). tests/web/bundle.test.js serves and opens it.
BUNDLE ?= $(BUILD)/bundle
bundle: site
	python3 tools/make_bundle.py $(BUILD)/site $(BUNDLE) $(BUILD)/softlab-bundle.zip

# A SCORM 1.2 package of each lesson for a course platform's gradebook (issue 45 item 2):
# BUILD/packages/NNN-name.zip, the lesson page and the site files it loads
# (tools/package_lessons.py). MASTERY=80 makes a platform record passed/failed at 80 %.
MASTERY ?=
package: site
	python3 tools/package_lessons.py $(BUILD)/site $(BUILD)/packages $(if $(MASTERY),--mastery $(MASTERY))

serve: site
	@echo "softlab: serving at http://127.0.0.1:$(PORT)/  (Ctrl-C stops; the course API's example: /examples/course-quiz.html)"
	python3 tools/serve.py $(PORT) --bind 127.0.0.1 --directory $(BUILD)/site

# ---- tests ----------------------------------------------------------------------
# The stages that only compute run two at a time (the machine has two cores: build, C and CLI
# tests, validation, fuzzer, wasm and site); the browser suite runs after them, alone, since
# its pages run in real time and a busy machine slows them.
test:
	+$(MAKE) --no-print-directory -j2 --output-sync=target test-native test-validate test-fuzz site wasm-tests
	+$(MAKE) --no-print-directory test-wasm test-web

# Validation mode (issue 29, softlab/validate.h): every claim of the seed papers (about 5 minutes
# of processor time), each verdict checked against the committed tests/validation/expected.tsv,
# reviewed like code: a verdict that changes fails (issue 41: the full set, so that no change
# lands that moves a row unseen). `make validate` is the same run printed whole, with
# $(BUILD)/validation.json; `make validate-quick` the quick set the page opens with.
test-validate: SHELL := /bin/bash
test-validate: $(BUILD)/softlab
	set -o pipefail; $(BUILD)/softlab validate --expect tests/validation/expected.tsv --json $(BUILD)/validation.json > $(BUILD)/validation.txt
	@tail -1 $(BUILD)/validation.txt

validate: SHELL := /bin/bash # pipefail: the status is softlab's, not tee's
validate: $(BUILD)/softlab
	set -o pipefail; $(BUILD)/softlab validate --expect tests/validation/expected.tsv --json $(BUILD)/validation.json | tee $(BUILD)/validation.txt

validate-quick: $(BUILD)/softlab
	$(BUILD)/softlab validate --quick --expect tests/validation/expected.tsv --json $(BUILD)/validation-quick.json

test-native: $(BUILD)/softlab_tests $(BUILD)/softlab
	$(BUILD)/softlab_tests
	bash tests/cli/run_cli_tests.sh $(BUILD)/softlab

# The C tests compiled to wasm; tests/web/wasm_c_tests.test.js runs them under node.
test-wasm: wasm-tests

test-web: site bundle test-wasm $(BUILD)/softlab # presets.test.js reads the core's tables through the CLI; bundle.test.js opens the bundle
	SOFTLAB_SITE=$(BUILD)/site SOFTLAB_WASM_TESTS=$(WASM_BUILD)/softlab_tests.js node --test tests/web/

# check-defaults (issue 26): every panel of every scene's opening comparison and of the
# "explicit integrator race" preset, 30 s of simulated time each (`softlab check-defaults`,
# tools/check_defaults.sh, one run per core): bounded, or blown up where the scene flags the
# panel (sl_scene_class.unstable_panels). Not part of `make test`: it is long. Estimated from
# 0.3 s runs x 100: about 1.5 h of CPU, two thirds of it the one-ring scenes (onering-squeeze
# alone ~33 min: incompressible at 0.1 ms); not yet timed to the end on an idle machine.
check-defaults: $(BUILD)/softlab
	bash tools/check_defaults.sh $(BUILD)/softlab 30

# check-tools: every program of tools/ that measures or makes something the project
# quotes or commits, run and compared with its committed output: issue 12's cantilever
# stability table and issue 15's position-correction table (tools/NAME.c, built on the
# library, against tools/NAME.out.txt); seed 002's tube table of lesson 002
# (tools/warp_tube_dt.sh with the CLI, against tools/warp_tube_dt.out.txt, all but its
# header's date and machine: the lesson prints them beside the table); the torus mesh
# of data/meshes (tools/make_torus_mesh.py's surface through TetGen 1.5.0, Debian's, against
# data/meshes/torus.1.node and .ele, byte for byte). 11 min of processor time (39 min on the
# loaded 2-core machine). Not in `make test`.
TOOLS := cantilever_stability pbd_stability
$(BUILD)/tools/%: tools/%.c $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(PUBLIC_INC) -o $@ $< $(LIBS) $(LDLIBS)
check-tools: $(TOOLS:%=$(BUILD)/tools/%) $(BUILD)/softlab
	@for t in $(TOOLS); do $(BUILD)/tools/$$t > $(BUILD)/tools/$$t.out.txt && \
	  diff tools/$$t.out.txt $(BUILD)/tools/$$t.out.txt && echo "check-tools: $$t ok" || exit 1; done
	@command -v tetgen >/dev/null || { echo "check-tools: tetgen not found (Debian: apt-get install tetgen)" >&2; exit 1; }
	@d=$(BUILD)/tools/torus && rm -rf $$d && mkdir -p $$d && python3 tools/make_torus_mesh.py > $$d/torus.off && \
	  (cd $$d && tetgen -pq1.5a0.0002 -Q torus.off > /dev/null) && \
	  cmp $$d/torus.1.node data/meshes/torus.1.node && cmp $$d/torus.1.ele data/meshes/torus.1.ele && \
	  echo "check-tools: make_torus_mesh ok"
	@bash tools/warp_tube_dt.sh $(BUILD)/softlab > $(BUILD)/tools/warp_tube_dt.out.txt 2> $(BUILD)/tools/warp_tube_dt.log && \
	  grep -vE '^# (date|machine):' tools/warp_tube_dt.out.txt > $(BUILD)/tools/warp_tube_dt.committed && \
	  grep -vE '^# (date|machine):' $(BUILD)/tools/warp_tube_dt.out.txt > $(BUILD)/tools/warp_tube_dt.rerun && \
	  diff $(BUILD)/tools/warp_tube_dt.committed $(BUILD)/tools/warp_tube_dt.rerun && echo "check-tools: warp_tube_dt ok"

# check-soak (issue 43 item 5): thread-suture live with a drag every 3 s for SOAK_S s (15 min);
# the lab renderer's memory after a full collection of the page and every Worker stays within
# a band after a 2-minute warm-up (tools/soak_memory.js). Wall time, so never in `make test`.
SOAK_S ?= 900
check-soak: site
	node tools/soak_memory.js $(BUILD)/site $(SOAK_S)

# ---- sanitizers and fuzzing -------------------------------------------------------------
# check-asan: the one build above with AddressSanitizer and UBSan (any report is fatal)
# as its options (OPT and CS_OPT; ASAN_CC for another compiler) into $(BUILD)/asan: core,
# scenes, CLI, C tests and CSparse; runs the C tests (among them every stepper on every
# scene, tests/c/test_every_stepper.c) and the CLI checks under them.
ASAN_CC    ?= $(CC)
ASAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
check-asan: $(SETUP)
	$(MAKE) --no-print-directory BUILD=$(BUILD)/asan SETUP=$(SETUP) CC="$(ASAN_CC)" OPT="$(ASAN_FLAGS)" CS_OPT="$(ASAN_FLAGS)" native
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 $(BUILD)/asan/softlab_tests
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 bash tests/cli/run_cli_tests.sh $(BUILD)/asan/softlab

# The mesh-reader fuzzer (fuzz/fuzz_mesh.c): the one build with clang, libFuzzer's
# coverage, ASan and UBSan as its options into $(BUILD)/fuzz; the fuzzer over the core.
FUZZ_FLAGS := -g -O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
fuzz-build: $(SETUP)
	+$(MAKE) --no-print-directory BUILD=$(BUILD)/fuzz SETUP=$(SETUP) CC=clang OPT="$(FUZZ_FLAGS)" CS_OPT="$(FUZZ_FLAGS)" $(BUILD)/fuzz/fuzz_mesh
$(BUILD)/fuzz_mesh: $(OBJ)/fuzz/fuzz_mesh.o $(CORE_OBJ) $(BUILD)/csparse/libcsparse.a
	$(CC) $(CFLAGS) -fsanitize=fuzzer -o $@ $^ $(LDLIBS)

# test-fuzz: fuzz/run_fuzz.sh builds the fuzzer (make fuzz-build) and runs it (its corpus
# from data/meshes) for FUZZ_SECONDS so that it never rots; `make fuzz FUZZ_SECONDS=600` runs it longer.
FUZZ_SECONDS ?= 15
test-fuzz fuzz: $(SETUP)
	+BUILD=$(BUILD) bash fuzz/run_fuzz.sh $(FUZZ_SECONDS)

# ---- benchmarks (never timed tests) -------------------------------------------------
# `make bench`: issue 27's table of every scene's default panels, native and in Chromium, with
# the page's real-time factor, against tools/bench_baseline.json (under 10 minutes; SCENES=a,b
# for some). PART=all adds the older tables (issue 11's shapes, issue 16's warping, every
# scene x stepper: long); PART=shapes|warp|scenes|flood runs one of them (tools/bench.sh;
# flood: a course page's hello behind 10,000 messages, the lab against a stub listener).
PART ?= defaults
bench: $(BUILD)/softlab site
	SCENES="$(SCENES)" bash tools/bench.sh $(BUILD) $(PART)

clean:
	rm -rf $(BUILD)
