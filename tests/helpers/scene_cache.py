"""Rendered scenes, each rendered once per test process.

The renderer gives the same bytes for the same arguments (its own tests check that,
calling it directly), and the tests of the recognisers and of the live loop show the
same scene again and again: the same board for each steady frame, the empty board for
each test of a module. Rendering is most of what those tests cost, so they ask here;
each caller gets its own copy of the picture and of the truth, so a test that draws on
either cannot change what the next one sees. Arguments this module cannot key exactly
(anything but plain values, boards, arrays and dataclasses of them) are rendered anew.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

import numpy as np

from companion.geometry import Geometry
from companion.vision.scene import render_scene as _render

KEPT = 24  # scenes kept per process (a 1280×960 picture is 3.7 MB)

_scenes: OrderedDict[Any, tuple[np.ndarray, dict[str, Any]]] = OrderedDict()


class _NoKey(Exception):
    """An argument whose value cannot be told exactly from a key."""


def _key(value: Any) -> Any:
    if value is None or isinstance(value, (str, int, float, bool)):
        return (type(value).__name__, value)
    if isinstance(value, Geometry):
        return ("board", json.dumps(value.spec, sort_keys=True, default=str))
    if isinstance(value, np.ndarray):
        return ("array", value.shape, str(value.dtype), value.tobytes())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__qualname__,
                tuple((f.name, _key(getattr(value, f.name))) for f in dataclasses.fields(value)))
    if isinstance(value, Mapping):
        return ("map", tuple(sorted((str(k), _key(v)) for k, v in value.items())))
    if isinstance(value, (list, tuple)):
        return ("seq", tuple(_key(v) for v in value))
    raise _NoKey(type(value).__name__)


def render_scene(*args: Any, **kwargs: Any) -> tuple[np.ndarray, dict[str, Any]]:
    """``companion.vision.scene.render_scene``, rendered once per process for the same
    arguments; a fresh copy of the picture and of the truth every call."""
    try:
        key = _key((args, kwargs))
    except _NoKey:
        return _render(*args, **kwargs)
    if key not in _scenes:
        _scenes[key] = _render(*args, **kwargs)
        if len(_scenes) > KEPT:
            _scenes.popitem(last=False)
    _scenes.move_to_end(key)
    image, truth = _scenes[key]
    return image.copy(), copy.deepcopy(truth)
