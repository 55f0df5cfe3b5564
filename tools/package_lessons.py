#!/usr/bin/env python3
"""Packs each built lesson as a SCORM 1.2 content package (issue 45 item 2: a gradebook):

  python3 tools/package_lessons.py SITE OUTDIR [--mastery SCORE]

For every SITE/lessons/NNN-name.html (the site `make site` staged) it writes
OUTDIR/NNN-name.zip: the lesson page and the site's files it loads, at their paths in the
site (so every relative URL still resolves), and imsmanifest.xml at the root, as the
SCORM 1.2 Content Aggregation Model (ADL, 2001) describes a package: one organization
with one item, whose resource is one SCO (adlcp:scormtype="sco") launched at the lesson
page, every file of the package a <file> of it. The lesson page reports its questions to
the platform's run-time itself (lessons/scorm.js). --mastery writes adlcp:masteryscore: the
platform hands it to the lesson (cmi.student_data.mastery_score), which then reports
passed or failed instead of completed.

The files a lesson needs are found by following its references from the page, not listed
by hand: src= and <link href=> of HTML (a lab <iframe>'s ../index.html among them), the
imports, import()s, Workers (new URL(..., import.meta.url)) and importScripts of scripts,
url() of style sheets; and two the code names by computed strings: softlab.js loads
softlab.wasm beside it, and a lab opening a recorded scene plays recordings/SCENE.json
(web/time/recordings.js). A reference to a missing file stops the packing. The schema files
the manifest names (imscp_rootv1p1p2.xsd ...) are ADL's and IMS's and are not shipped:
platforms read the manifest without them.

Python's standard library only; the zip is reproducible (sorted entries, fixed dates).
"""
import argparse
import html
import posixpath
import re
import sys
import zipfile
from pathlib import Path
from urllib.parse import parse_qs, urlsplit
from xml.dom import minidom
from xml.sax.saxutils import escape, quoteattr

HTML_REFS = re.compile(r'<(?:script|iframe|img|source)\b[^>]*?\ssrc="([^"]+)"|<link\b[^>]*?\shref="([^"]+)"', re.I)
JS_REFS = [
    re.compile(r'''\bimport\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]'''),        # import x from '...'
    re.compile(r'''\bexport\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]'''),        # export ... from '...'
    re.compile(r'''\bimport\s*['"]([^'"]+)['"]'''),                        # import '...'
    re.compile(r'''\bimport\(\s*['"]([^'"]+)['"]\s*\)'''),                 # import('...')
    re.compile(r'''\bnew\s+URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url'''),
    re.compile(r'''\bimportScripts\(\s*['"]([^'"]+)['"]'''),
    re.compile(r'''\bloadScript\(\s*['"]([^'"]+)['"]'''),            # web/lab/lab-page.js: uPlot
]
CSS_REFS = re.compile(r'''url\(\s*['"]?([^'")]+?)['"]?\s*\)''')
# names the code builds at run time (see the docstring)
BESIDE = {'softlab.js': ['softlab.wasm']}


class PackError(Exception):
    pass


def local(ref):
    """The site-relative part of a reference, or None for another origin, data:, anchors."""
    parts = urlsplit(ref)
    if parts.scheme or parts.netloc or not parts.path:
        return None
    return parts.path


def references(site, path):
    """[(site path, query)] that the file at site path `path` loads."""
    text = (site / path).read_text(encoding='utf-8', errors='replace')
    base = posixpath.dirname(path)
    suffix = Path(path).suffix
    if suffix == '.html':
        refs = [a or b for a, b in HTML_REFS.findall(text)]
    elif suffix in ('.js', '.mjs'):
        refs = [m for rx in JS_REFS for m in rx.findall(text)]
    elif suffix == '.css':
        refs = CSS_REFS.findall(text)
    else:
        refs = []
    out = []
    for ref in refs:
        ref = html.unescape(ref)
        p = local(ref)
        if p is None:
            continue
        out.append((posixpath.normpath(posixpath.join(base, p)), urlsplit(ref).query))
    out += [(posixpath.join(base, f), '') for f in BESIDE.get(posixpath.basename(path), [])]
    return out


def needed_files(site, launch):
    """Every site path the page `launch` loads, itself included, sorted."""
    seen, todo = set(), [launch]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        if path.startswith('..') or not (site / path).is_file():
            raise PackError(f'{launch}: a reference to {path}, which the site does not have')
        seen.add(path)
        for ref, query in references(site, path):
            todo.append(ref)
            if ref == 'index.html':  # a lab: the recording of its scene, if the site made one
                for scene in parse_qs(query).get('scene', []):
                    recording = f'recordings/{scene}.json'
                    if (site / recording).is_file():
                        todo.append(recording)
    return sorted(seen)


def lesson_title(page):
    m = re.search(r'<h1>(.*?)</h1>', page, re.S)
    if not m:
        raise PackError('the lesson has no <h1>')
    return ' '.join(html.unescape(re.sub(r'<[^>]*>', '', m.group(1))).split())


def manifest(ident, title, launch, files, mastery):
    """imsmanifest.xml of one SCO (SCORM 1.2 CAM): one organization, item and resource."""
    mastery_xml = f'\n        <adlcp:masteryscore>{mastery:g}</adlcp:masteryscore>' if mastery is not None else ''
    file_xml = ''.join(f'\n      <file href={quoteattr(f)}/>' for f in files)
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier={quoteattr(ident)} version="1.0"
    xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="softlab">
    <organization identifier="softlab">
      <title>{escape(title)} (softlab)</title>
      <item identifier="lesson" identifierref="sco" isvisible="true">
        <title>{escape(title)}</title>{mastery_xml}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco" type="webcontent" adlcp:scormtype="sco" href={quoteattr(launch)}>{file_xml}
    </resource>
  </resources>
</manifest>
'''


def write_zip(target, site, files, manifest_text):
    """A reproducible zip: the manifest first, then the files in order, dates fixed."""
    def entry(name):
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        return info
    tmp = target.with_suffix('.zip.tmp')
    with zipfile.ZipFile(tmp, 'w') as z:
        z.writestr(entry('imsmanifest.xml'), manifest_text.encode('utf-8'))
        for f in files:
            z.writestr(entry(f), (site / f).read_bytes())
    tmp.replace(target)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('site')
    ap.add_argument('out')
    ap.add_argument('--mastery', type=float, default=None, help='adlcp:masteryscore, 0-100')
    args = ap.parse_args()
    if args.mastery is not None and not 0 <= args.mastery <= 100:
        raise PackError('--mastery must be within 0 and 100')
    site, out = Path(args.site), Path(args.out)
    pages = sorted(p.name for p in (site / 'lessons').glob('[0-9][0-9][0-9]-*.html'))
    if not pages:
        raise PackError(f'no lessons in {site}/lessons (run make site)')
    out.mkdir(parents=True, exist_ok=True)
    for name in pages:
        launch = f'lessons/{name}'
        files = needed_files(site, launch)
        stem = name[:-len('.html')]
        text = manifest(f'softlab-{stem}', lesson_title((site / launch).read_text(encoding='utf-8')), launch, files, args.mastery)
        minidom.parseString(text.encode('utf-8'))  # well-formed, or this raises
        write_zip(out / f'{stem}.zip', site, files, text)
        size = sum((site / f).stat().st_size for f in files)
        print(f'package_lessons: {out / (stem + ".zip")}: {len(files)} files, {size / 1e6:.1f} MB unpacked')


if __name__ == '__main__':
    try:
        main()
    except (PackError, OSError, ValueError) as e:
        print(f'package_lessons: {e}', file=sys.stderr)
        sys.exit(1)
