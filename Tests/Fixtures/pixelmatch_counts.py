#!/usr/bin/env python3
"""Reference counts from pixelmatch (PyPI `pixelmatch`, a port of mapbox/pixelmatch) for
Sceneflow's agreement test.

Usage: pixelmatch_counts.py CASES.txt
Each line of CASES.txt: `<a.rgba> <b.rgba> <width> <height> <threshold> <includeAA 0|1>`.
Prints one mismatch count per line, in order. Exit 3 when pixelmatch is not installed.
"""
import sys

try:
    from pixelmatch import pixelmatch
except ImportError:
    print("pixelmatch is not installed (pip install pixelmatch)", file=sys.stderr)
    sys.exit(3)

for line in open(sys.argv[1]):
    a_path, b_path, width, height, threshold, include_aa = line.split()
    a = open(a_path, "rb").read()
    b = open(b_path, "rb").read()
    count = pixelmatch(a, b, int(width), int(height), threshold=float(threshold), includeAA=include_aa == "1")
    print(count)
