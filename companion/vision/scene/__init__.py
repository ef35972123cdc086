"""Rendered scenes with exact ground truth: boards, stones, a camera, light and hands;
and camera looks that make them look like real tables under real webcams."""

from companion.geometry import pitch_mm
from companion.vision.scene.board import STYLES, BoardStyle, render_board
from companion.vision.scene.camera import Pose, random_pose
from companion.vision.scene.effects import HARDEST, Effects, random_effects
from companion.vision.scene.frames import render_game_frames
from companion.vision.scene.looks import (
    DEVELOPMENT,
    HELD_OUT,
    SPLIT,
    UNSEEN,
    CameraLook,
    random_look,
    random_look_of,
)
from companion.vision.scene.render import random_pieces, render_scene
from companion.vision.scene.truth import EMPTY

__all__ = [
    "DEVELOPMENT", "EMPTY", "HARDEST", "HELD_OUT", "SPLIT", "STYLES", "UNSEEN", "BoardStyle",
    "CameraLook", "Effects", "Pose", "pitch_mm", "random_effects", "random_look",
    "random_look_of", "random_pieces", "random_pose", "render_board", "render_game_frames",
    "render_scene",
]
