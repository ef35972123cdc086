"""Camera intrinsics, board registration (pixels -> board coordinates) and printables.

- ``intrinsics``: the camera model, calibration from views, coverage and verdicts;
  ``chessboard`` and ``charuco`` turn pictures of a target into views;
  ``session``: a calibration fed one frame at a time (the live command, the web page).
- ``markers`` (the ArUco IDs we print) and ``layout`` (where they sit on a board);
  ``registration`` (from markers or tapped corners), ``gridfind`` (a plain grid board
  from its lines), ``tracking`` (following the board through hands and bumps).
- ``printables``: PDFs at true scale; ``synthetic``: boards rendered at a known pose for
  tests and benchmarks; ``commands``: ``companion calibrate`` and ``companion print``.
"""
