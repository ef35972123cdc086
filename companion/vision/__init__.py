"""Recognition: what is on the board, read from a camera frame.

A chain of small, separately measured stages (as chesscog does it): the frame is
registered to the board (a homography from pixels to board millimetres), each space is
sampled (``sampling``), classified with a confidence by the board's piece reader
(``readers``: ``stones`` for stones on grids and ring boards, ``counters``,
``onslaught``), and a stability gate (``gate``) lets a board state through only after it
has held still for a few frames. ``pipeline`` ties the stages together and times each.
The pieces read are designed in ``designs``, the one source the printables and the
renderer read too. ``scene`` renders boards with pieces under a camera, with exact
ground truth, for the tests and ``companion bench vision``: no runtime module imports it
(``tests/test_layers.py``). Every threshold lives in ``thresholds.json``.
"""
