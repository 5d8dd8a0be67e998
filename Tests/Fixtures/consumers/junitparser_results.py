"""Reads a JUnit XML file with junitparser (PyPI) and prints one JSON object per line: each
testcase with its suite, name, classname, verdict ("pass", "failure", "error", "skip"), the
message of its result, its `file` and `line` attributes, its properties and its system-out.
Uses junitparser's xunit2 flavour (Jenkins' junit-10.xsd), which also reads testcase properties.
Usage: python3 junitparser_results.py FILE.xml
"""

import json
import sys

from junitparser import Error, Failure, Skipped
from junitparser.xunit2 import JUnitXml


def verdict(case):
    kinds = [type(result) for result in case.result]
    if Error in kinds:
        return "error"
    if Failure in kinds:
        return "failure"
    if Skipped in kinds:
        return "skip"
    return "pass"


def main(path):
    xml = JUnitXml.fromfile(path)
    for suite in xml:
        for case in suite:
            print(json.dumps({
                "suite": suite.name,
                "suite_file": suite.file,
                "name": case.name,
                "classname": case.classname,
                "verdict": verdict(case),
                "messages": [result.message for result in case.result],
                "file": case._elem.get("file"),
                "line": case._elem.get("line"),
                "properties": [[p.name, p.value] for p in case.properties()],
                "system_out": case.system_out,
            }, ensure_ascii=False))
    print(json.dumps({"summary": True, "tests": xml.tests, "failures": xml.failures,
                      "errors": xml.errors, "skipped": xml.skipped}))


if __name__ == "__main__":
    main(sys.argv[1])
