"""Rendered scenes with exact ground truth: boards, stones, a camera, light and hands."""

from companion.vision.scene.board import STYLES, BoardStyle, pitch_mm, render_board
from companion.vision.scene.camera import Pose, random_pose
from companion.vision.scene.effects import HARDEST, Effects, random_effects
from companion.vision.scene.render import EMPTY, random_pieces, render_scene

__all__ = [
    "EMPTY", "HARDEST", "STYLES", "BoardStyle", "Effects", "Pose", "pitch_mm",
    "random_effects", "random_pieces", "random_pose", "render_board", "render_scene",
]
