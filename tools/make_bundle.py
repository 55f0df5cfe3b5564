#!/usr/bin/env python3
"""make bundle (issue 45 item 5): the staged site as one folder that runs from any plain static
web server (`python3 -m http.server` in it), and the same folder zipped.

usage: make_bundle.py SITE OUT [ZIP]

SITE is the staged site (make site: build/site). OUT gets its pages, scripts, softlab.wasm,
KaTeX, uPlot and the recordings, minus examples/ (the course-API example talks to a lab on
another origin: the README shows it with `make serve`); a HOW-TO-RUN.txt; and licenses/, the
licence texts of the third-party code the folder carries, copied from their installed
packages: KaTeX and uPlot (node_modules), CSparse (third_party_build, compiled into
softlab.wasm; the LGPL 2.1 it names, from Debian's common-licenses), and Emscripten's runtime and C library (softlab.js and softlab.wasm: the
stanzas of Debian's copyright file for them, and the licence texts they name).

The folder is checked before it is written out: every URL a page, style sheet or the
lessons load is relative (no leading '/', no scheme but data: and blob:), and no file holds
this build's absolute path. A link a reader follows to a paper (<a href="https://...">) is
not loaded, and is allowed. ZIP (optional) holds the folder as softlab/.
"""
import os
import re
import shutil
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEFT_OUT = {'examples'}
DEBIAN_EMSCRIPTEN = '/usr/share/doc/emscripten/copyright'
LGPL = '/usr/share/common-licenses/LGPL-2.1'  # the licence CSparse's names (Debian's base-files)

HOW_TO_RUN = """softlab: elastic deformable solids, live in the browser
==========================================================

Run it (Python 3, nothing else to install): in a terminal, in this folder,

    python3 -m http.server

then open http://localhost:8000/ in a browser. (Any static web server serving this folder
works the same; a different port: python3 -m http.server 8080.)

Opened straight from disk (double-clicking index.html, a file:// address) the pages cannot
run: browsers refuse their modules, Web Workers and WebAssembly there. Each page then says
so and names the command above.

What is here
  index.html        the lab: the scenes, steppers, live plot, record and embed
  lessons/          one lesson per paper, with live labs and questions (lessons/index.html)
  validation.html   every claim of the papers rerun in the browser
  softlab.wasm      the C11 core, compiled to WebAssembly (softlab.js loads it)
  recordings/       the heavy default comparisons, recorded (played back where live is too slow)
  katex/            KaTeX, which typesets the lessons' equations
  licenses/         the licence texts of the third-party code in this folder

Printing a lesson: the browser's Print (Ctrl+P) prints its text, equations, tables, the
labs' views as they are at that moment, and the questions with a line for the answer; no
buttons or other controls. The labs load as the lesson is scrolled: scroll to its end first.

Third-party code carried here (licences in licenses/):
  KaTeX (katex/)                         MIT              licenses/katex.txt
  uPlot (uPlot.iife.min.js, .css)        MIT              licenses/uplot.txt
  CSparse, of SuiteSparse (softlab.wasm) LGPL-2.1+        licenses/csparse.txt, LGPL-2.1.txt
  Emscripten's runtime and C library     MIT or NCSA;     licenses/emscripten.txt
    (softlab.js, softlab.wasm)           musl: MIT and others
"""


def fail(msg):
    print(f'make_bundle: {msg}', file=sys.stderr)
    sys.exit(1)


def emscripten_licence():
    """The stanzas of Debian's emscripten copyright file for the code an emcc build carries
    (Files: * , the runtime, and system/lib/libc/: musl and emscripten's libc), then the
    licence paragraphs those stanzas name."""
    if not os.path.isfile(DEBIAN_EMSCRIPTEN):
        fail(f'{DEBIAN_EMSCRIPTEN} missing (Debian package emscripten)')
    paras = open(DEBIAN_EMSCRIPTEN, encoding='utf-8').read().split('\n\n')
    stanzas, names = [], set()
    for p in paras:
        if not p.startswith('Files:'):
            continue
        files = p.split('\n', 1)[1].split('Copyright:')[0].split()
        if files == ['*'] or any(f.startswith('system/lib/libc/') for f in files):
            stanzas.append(p)
            m = re.search(r'^License:\s*(.+)$', p, re.M)
            if m:
                names.update(n.strip('() ') for n in re.split(r'\s+(?:or|and)\s+', m.group(1)))
    texts = [p for p in paras if p.startswith('License: ') and p.split('\n', 1)[0][9:].strip() in names and '\n' in p]
    head = ('Emscripten (the JavaScript runtime in softlab.js, the C library in softlab.wasm):\n'
            f'its copyright and licence stanzas, from Debian\'s {DEBIAN_EMSCRIPTEN}.\n\n')
    return head + '\n\n'.join(stanzas + texts) + '\n'


def licences(out):
    d = os.path.join(out, 'licenses')
    os.makedirs(d)
    for src, name in [('node_modules/katex/LICENSE', 'katex.txt'), ('node_modules/uplot/LICENSE', 'uplot.txt'),
                      ('third_party_build/CSparse/Doc/License.txt', 'csparse.txt'),
                      (LGPL, 'LGPL-2.1.txt')]:
        path = os.path.join(ROOT, src)
        if not os.path.isfile(path):
            fail(f'{src} missing (tools/setup.sh)')
        shutil.copyfile(path, os.path.join(d, name))
    with open(os.path.join(d, 'emscripten.txt'), 'w', encoding='utf-8') as f:
        f.write(emscripten_licence())


# what a page loads, read as the SCORM packer reads it (tools/package_lessons.py)
from package_lessons import CSS_REFS, HTML_REFS  # noqa: E402  (a tool beside this one)


def absolute(url):
    u = url.strip()
    return u.startswith('/') or (re.match(r'^[a-zA-Z][a-zA-Z0-9+.-]*:', u) and not re.match(r'^(data|blob):', u))


def check(out):
    problems = []
    for dirpath, _, files in os.walk(out):
        for name in files:
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, out)
            try:
                text = open(path, encoding='utf-8').read()
            except UnicodeDecodeError:
                continue  # softlab.wasm, fonts
            for where in {ROOT, os.path.abspath(out)}:
                if where in text:
                    problems.append(f'{rel}: holds the absolute path {where}')
            urls = []
            if name.endswith('.html'):
                urls = [a or b for a, b in HTML_REFS.findall(text)]
            elif name.endswith('.css'):
                urls = CSS_REFS.findall(text)
            problems += [f'{rel}: loads {u}, not a relative URL' for u in urls if absolute(u)]
    if problems:
        fail('the bundle would not be self-contained:\n  ' + '\n  '.join(problems))


def main():
    if len(sys.argv) not in (3, 4):
        fail('usage: make_bundle.py SITE OUT [ZIP]')
    site, out = sys.argv[1], sys.argv[2]
    if not os.path.isfile(os.path.join(site, 'lessons', 'index.html')):
        fail(f'{site} has no lessons: run make site')
    if os.path.exists(out):
        shutil.rmtree(out)
    shutil.copytree(site, out, ignore=lambda d, names: [n for n in names if d == site and n in LEFT_OUT])
    # the site's copy of uPlot's licence: licenses/ holds them all
    if os.path.exists(os.path.join(out, 'uPlot.LICENSE.txt')):
        os.remove(os.path.join(out, 'uPlot.LICENSE.txt'))
    licences(out)
    with open(os.path.join(out, 'HOW-TO-RUN.txt'), 'w', encoding='utf-8') as f:
        f.write(HOW_TO_RUN)
    check(out)
    if len(sys.argv) == 4:
        zpath = sys.argv[3]
        tmp = zpath + '.tmp'
        with zipfile.ZipFile(tmp, 'w', zipfile.ZIP_DEFLATED) as z:
            for dirpath, _, files in sorted(os.walk(out)):
                for name in sorted(files):
                    path = os.path.join(dirpath, name)
                    z.write(path, os.path.join('softlab', os.path.relpath(path, out)))
        os.replace(tmp, zpath)
    n = sum(len(f) for _, _, f in os.walk(out))
    size = sum(os.path.getsize(os.path.join(d, x)) for d, _, fs in os.walk(out) for x in fs)
    print(f'make_bundle: ok ({out}: {n} files, {size / 1e6:.1f} MB' + (f'; {sys.argv[3]}' if len(sys.argv) == 4 else '') + ')')


if __name__ == '__main__':
    main()
