"""Recognition: what is on the board, read from a camera frame.

A chain of small, separately measured stages (as chesscog does it): the frame is
registered to the board (a homography from pixels to board millimetres), each space is
sampled (``sampling``), classified with a confidence (``stones`` for stones on grids and
ring boards), and a stability gate (``gate``) lets a board state through only after it
has held still for a few frames. ``pipeline`` ties the stages together and times each.
``scene`` renders boards with pieces under a camera, with exact ground truth, for the
tests and ``companion bench vision``. Every threshold lives in ``thresholds.json``.
"""
