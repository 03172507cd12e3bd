#!/usr/bin/env python3
"""Writes w3c-errors.tsv's rows: each RSS file given (paths from the
repository root) that the W3C feed validator's code (its `feedvalidator`
package on PYTHONPATH; the project keeps a runnable copy beside its specs)
rejects with an error at its default ("AA") level, with its error classes.
usage: find rss2/tests/data/feedvalidator/testcases conformance/rss2 examples \
         -name '*.xml' | sort | xargs python3 rss2/tests/data/w3c_errors.py"""
import sys
import feedvalidator
from feedvalidator import compatibility
from feedvalidator.logging import Error

for path in sys.argv[1:]:
    data = open(path, "rb").read()
    try:
        events = feedvalidator.validateString(
            data, firstOccurrenceOnly=1, base="http://www.feedvalidator.org/"
        )["loggedEvents"]
    except feedvalidator.logging.ValidationFailure as failure:
        events = [failure.event]
    classes = []
    for event in compatibility.AA(events):
        name = type(event).__name__
        if isinstance(event, Error) and name not in classes:
            classes.append(name)
    if classes:
        print(f"{path}\t{','.join(classes)}")
