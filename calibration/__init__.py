"""Camera intrinsics, board registration (pixels -> board coordinates) and printables."""
