"""Reads a TAP file with tappy (PyPI tap.py, with PyYAML for the YAML blocks) and prints one
JSON object per line: each test point as tappy reads it (verdict, number, description, YAML
block as PyYAML reads it, or the PyYAML error), then a summary with the plan.

verdict: "pass" (ok, no directive), "fail" (not ok, no directive), "skip" (SKIP directive),
"todo" (TODO directive: tappy reports an expected failure or an unexpected success).
Usage: python3 tappy_results.py FILE.tap
"""

import json
import sys

import yaml
from tap.parser import Parser


def main(path):
    planned = -1
    for line in Parser().parse_file(path):
        if line.category == "plan":
            planned = line.expected_tests
        if line.category != "test":
            continue
        verdict = "skip" if line.skip else "todo" if line.todo else "pass" if line.ok else "fail"
        point = {"number": line.number, "verdict": verdict, "description": line.description}
        raw = line._yaml_block  # the raw text, to report PyYAML's own error
        if raw is not None:
            try:
                point["yaml"] = yaml.safe_load(raw)
            except yaml.YAMLError as error:
                point["yaml_error"] = str(error)
        print(json.dumps(point, ensure_ascii=False))
    print(json.dumps({"summary": True, "planned": planned}))


if __name__ == "__main__":
    main(sys.argv[1])
