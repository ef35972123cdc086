"""ChArUco views of the calibration page's default board, rendered with a known lens
(``calibration.synthetic``): the calibration page's API tests and its browser test."""

import cv2
import numpy as np

from calibration import charuco
from calibration.synthetic import SyntheticCamera, look_at, render

CAMERA = SyntheticCamera(width=640, height=480, focal_px=560.0,
                         distortion=(-0.12, 0.05, 0.0, 0.0, 0.0))
POSES = [  # (point on the board looked at, distance mm, tilt, yaw, roll)
    ((82, 115), 420, 0, 0, 0), ((50, 90), 330, 30, 20, 10), ((110, 150), 360, 35, 200, 0),
    ((80, 120), 400, 40, 90, 5), ((90, 110), 390, 38, 270, 0), ((40, 60), 300, 25, 45, 30),
    ((130, 190), 320, 25, 135, -30), ((20, 20), 300, 20, 0, 0), ((150, 20), 300, 20, 0, 0),
    ((20, 210), 300, 20, 0, 0), ((150, 210), 300, 20, 0, 0), ((82, 115), 500, 45, 315, 90),
]


def charuco_frames(poses=POSES) -> list[np.ndarray]:
    """The page's default board (5x7:33:25) photographed at ``poses``."""
    board = cv2.cvtColor(charuco.render(charuco.parse_spec(), 3.0), cv2.COLOR_GRAY2BGR)
    plan = cv2.copyMakeBorder(board, 30, 30, 30, 30, cv2.BORDER_CONSTANT, value=(255,) * 3)
    return [render(plan, (-10, -10), 3.0, CAMERA, look_at(t, d, tilt, yaw_deg=y, roll_deg=r),
                   seed=i)
            for i, (t, d, tilt, y, r) in enumerate(poses)]
