"""The recogniser's labels and the gate's and live loop's statuses are ``StrEnum``s defined
once: they are the plain strings they name, in comparisons, as keys and in JSON."""

from __future__ import annotations

import json

from companion.table.reading import from_labels, is_sure
from companion.vision.gate import GateStatus, Stability
from companion.vision.labels import EMPTY, UNSURE, Label
from hardware.referee_feed import LoopStatus


def test_labels_are_the_plain_strings_the_recogniser_always_wrote():
    assert [str(label) for label in Label] == ["empty", "unsure"]
    assert EMPTY == "empty" and UNSURE == "unsure" and Label("unsure") is UNSURE
    assert {"empty": ".", "unsure": "?"}[EMPTY] == "."
    assert json.dumps({"cells": {"C3": EMPTY, "D4": UNSURE}}) == (
        '{"cells": {"C3": "empty", "D4": "unsure"}}')


def test_the_table_reads_plain_strings_and_labels_alike():
    plain = from_labels(["A1", "A2", "A3"], ["empty", "black", "unsure"])
    labelled = from_labels(["A1", "A2", "A3"], [EMPTY, "black", UNSURE])
    assert plain == labelled == {"A1": None, "A2": "black", "A3": "unsure"}
    assert not is_sure({"A3": "unsure"}, "A3") and not is_sure(labelled, "A3")


def test_gate_statuses_write_the_same_json_as_before():
    status = GateStatus(Stability.OCCLUDED, None, False, "a hand")
    assert json.dumps(status.to_json()) == (
        '{"status": "occluded", "cells": null, "changed": false, "reason": "a hand"}')
    assert [str(s) for s in Stability] == ["steady", "settling", "occluded"]


def test_the_live_loop_shares_the_gate_statuses_and_adds_its_own():
    for stability in Stability:
        assert LoopStatus(stability) == stability
    assert {str(s) for s in LoopStatus} - {str(s) for s in Stability} == {
        "off", "no game", "not read by the camera", "searching", "error"}
    assert json.dumps({"status": LoopStatus.UNREADABLE}) == (
        '{"status": "not read by the camera"}')
