"""The ten slowest tests of a run, from its lanes' JUnit XML reports (scripts/test.sh)."""

import sys
import xml.etree.ElementTree as ET

cases = []
for path in sys.argv[1:]:
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError):
        continue  # a lane stopped by the deadline writes no report
    cases += [(float(c.get("time", 0)), f"{c.get('classname')}::{c.get('name')}") for c in root.iter("testcase")]
print(f"=== the slowest ten of {len(cases)} tests (setup, call and teardown together)")
for seconds, name in sorted(cases, reverse=True)[:10]:
    print(f"{seconds:8.2f} s  {name}")
