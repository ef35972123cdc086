"""A small renderer of a flat board seen by a camera at a known pose, for tests and
benchmarks: it knows the truth (where every board point lands in the picture), so
registration and calibration can be measured in millimetres and pixels.

The board is drawn flat ("plan": ``px_per_mm`` pixels per millimetre over a rectangle
of board coordinates), then each picture pixel is traced back through the lens
distortion and the pose onto the plan. Everything random takes a seed.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from calibration.layout import MarkerLayout
from calibration.markers import marker_image
from companion.geometry import Geometry


@dataclass(frozen=True)
class SyntheticCamera:
    """A pinhole camera with radial distortion (defaults: a 4:3 phone-like lens)."""

    width: int = 1280
    height: int = 960
    focal_px: float = 1000.0
    distortion: tuple[float, ...] = (-0.12, 0.06, 0.0, 0.0, 0.0)

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    @property
    def matrix(self) -> np.ndarray:
        return np.array([[self.focal_px, 0, self.width / 2 - 0.5],
                         [0, self.focal_px, self.height / 2 - 0.5],
                         [0, 0, 1]], dtype=np.float64)

    @property
    def dist(self) -> np.ndarray:
        return np.array(self.distortion, dtype=np.float64)


@dataclass(frozen=True)
class Pose:
    """Board-to-camera rotation (Rodrigues vector) and translation, board units."""

    rvec: np.ndarray
    tvec: np.ndarray


def look_at(
    target: tuple[float, float], distance: float, tilt_deg: float = 0.0,
    yaw_deg: float = 0.0, roll_deg: float = 0.0,
) -> Pose:
    """A camera ``distance`` from ``target`` on the board, tilted ``tilt_deg`` from
    straight above toward the board's bottom edge (turned ``yaw_deg`` about the
    board's normal), image turned ``roll_deg`` about the line of sight."""
    tilt, yaw = np.radians(tilt_deg), np.radians(yaw_deg)
    centre = np.array([target[0], target[1], 0.0])
    direction = np.array([np.sin(tilt) * np.sin(yaw), np.sin(tilt) * np.cos(yaw), -np.cos(tilt)])
    position = centre + distance * direction
    z_axis = (centre - position) / distance
    x_axis = np.cross([0.0, 1.0, 0.0], z_axis)
    if np.linalg.norm(x_axis) < 1e-9:
        x_axis = np.array([1.0, 0.0, 0.0])
    x_axis /= np.linalg.norm(x_axis)
    y_axis = np.cross(z_axis, x_axis)
    rotation = np.vstack([x_axis, y_axis, z_axis])
    roll = cv2.Rodrigues(np.array([0.0, 0.0, np.radians(roll_deg)]))[0]
    rotation = roll @ rotation
    rvec = cv2.Rodrigues(rotation)[0].ravel()
    return Pose(rvec, -rotation @ position)


def project(points: np.ndarray, camera: SyntheticCamera, pose: Pose) -> np.ndarray:
    """Where board points (N×2, board units) land in the picture, lens included."""
    flat = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    xyz = np.hstack([flat, np.zeros((len(flat), 1))])
    out, _ = cv2.projectPoints(xyz, pose.rvec, pose.tvec, camera.matrix, camera.dist)
    return out.reshape(-1, 2)


def board_homography(camera: SyntheticCamera, pose: Pose) -> np.ndarray:
    """The homography board units -> ideal (undistorted) pixels."""
    rotation = cv2.Rodrigues(pose.rvec)[0]
    h = camera.matrix @ np.column_stack([rotation[:, 0], rotation[:, 1], pose.tvec])
    return h / h[2, 2]


def plan_image(
    layout: MarkerLayout, geometry: Geometry | None = None, px_per_mm: float = 4.0,
    hidden: tuple[int, ...] = (),
) -> np.ndarray:
    """The printed sheet seen from above (BGR): white paper over the layout's extent,
    its corner markers (except ``hidden`` ones), the board's outline, the lines
    between neighbouring spaces and a small ring on each space. ``px_per_mm`` is
    pixels per board unit (per inch for the outdoor field)."""
    x0, y0, x1, y1 = layout.extent
    size = (round((x1 - x0) * px_per_mm), round((y1 - y0) * px_per_mm))
    plan = np.full((size[1], size[0], 3), 255, np.uint8)

    def px(x: float, y: float) -> tuple[int, int]:
        return (round((x - x0) * px_per_mm), round((y - y0) * px_per_mm))

    for marker_id, corners in layout.markers.items():
        if marker_id in hidden:
            continue
        (mx, my) = corners[0]
        side = round(layout.marker_size * px_per_mm)
        tile = cv2.cvtColor(marker_image(marker_id, side), cv2.COLOR_GRAY2BGR)
        u, v = px(mx, my)
        plan[v:v + side, u:u + side] = tile
    thickness = max(1, round(0.6 * px_per_mm))
    if layout.units == "mm":  # a printed board's outline (the field has none drawn)
        cv2.rectangle(plan, px(0, 0), px(layout.width, layout.height), (40, 40, 40), thickness)
    if geometry is not None:
        for space in geometry.spaces():
            for other in geometry.neighbours(space.name):
                cv2.line(plan, px(space.x_mm, space.y_mm),
                         px(*geometry.position_mm(other)), (60, 60, 60), thickness)
        for space in geometry.spaces():
            cv2.circle(plan, px(space.x_mm, space.y_mm), round(2 * px_per_mm), (60, 60, 60),
                       thickness)
    return plan


def render(
    plan: np.ndarray, origin: tuple[float, float], px_per_unit: float,
    camera: SyntheticCamera, pose: Pose, *, seed: int = 0, noise: float = 2.0,
    background: tuple[int, int, int] = (70, 90, 110), supersample: int = 2,
) -> np.ndarray:
    """Photograph ``plan`` (whose pixel (0, 0) starts at board point ``origin``) with
    ``camera`` at ``pose``: lens distortion, a plain table around it, a little blur and
    seeded sensor noise."""
    s = supersample
    width, height = camera.width * s, camera.height * s
    us, vs = np.meshgrid(np.arange(width), np.arange(height))
    pixels = np.stack([(us + 0.5) / s - 0.5, (vs + 0.5) / s - 0.5], axis=-1).reshape(-1, 1, 2)
    ideal = cv2.undistortPoints(pixels.astype(np.float64), camera.matrix, camera.dist,
                                P=camera.matrix).reshape(-1, 2)
    to_board = np.linalg.inv(board_homography(camera, pose))
    board = cv2.perspectiveTransform(ideal.reshape(-1, 1, 2), to_board).reshape(-1, 2)
    # Plan pixel i covers board units [i, i + 1) / px_per_unit from the origin, so its
    # centre (where remap samples it) lies half a pixel in.
    map_x = (board[:, 0] - origin[0]) * px_per_unit - 0.5
    map_y = (board[:, 1] - origin[1]) * px_per_unit - 0.5
    map_x = map_x.reshape(height, width).astype(np.float32)
    map_y = map_y.reshape(height, width).astype(np.float32)
    picture = cv2.remap(plan, map_x, map_y, cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_CONSTANT, borderValue=background)
    picture = cv2.resize(picture, camera.size, interpolation=cv2.INTER_AREA)
    picture = cv2.GaussianBlur(picture, (3, 3), 0.6)
    rng = np.random.default_rng(seed)
    noisy = picture.astype(np.float32) + rng.normal(0, noise, picture.shape)
    return np.clip(noisy, 0, 255).astype(np.uint8)


def cover(
    picture: np.ndarray, centre: tuple[float, float], radius: float, *, seed: int = 0
) -> np.ndarray:
    """Lay a hand-coloured blob (a palm and four fingers) of about ``radius`` pixels
    over ``centre``: what the camera sees when a player reaches across the board."""
    rng = np.random.default_rng(seed)
    out = picture.copy()
    colour = (int(rng.integers(90, 120)), int(rng.integers(130, 160)), int(rng.integers(190, 225)))
    cx, cy = centre
    cv2.ellipse(out, (round(cx), round(cy)), (round(radius), round(radius * 0.8)),
                float(rng.uniform(0, 180)), 0, 360, colour, -1)
    angle = rng.uniform(0, 2 * np.pi)
    for k in range(4):
        a = angle + (k - 1.5) * 0.35
        tip = (round(cx + 1.9 * radius * np.cos(a)), round(cy + 1.9 * radius * np.sin(a)))
        cv2.line(out, (round(cx), round(cy)), tip, colour, max(2, round(radius * 0.35)))
    return out


def grid_plan(
    geometry: Geometry, px_per_mm: float = 4.0, border_mm: float = 25.0,
    wood: tuple[int, int, int] = (150, 195, 225),
) -> tuple[np.ndarray, tuple[float, float]]:
    """A plain printed grid board with no markers (lines only, as a wooden Go board):
    the plan and the board point its pixel (0, 0) starts at. ``border_mm`` of bare
    board surrounds the board's own rectangle."""
    from calibration.gridfind import grid_lines_mm

    xs, ys = grid_lines_mm(geometry)
    origin = (-border_mm, -border_mm)
    size = (round((geometry.width_mm + 2 * border_mm) * px_per_mm),
            round((geometry.height_mm + 2 * border_mm) * px_per_mm))
    plan = np.full((size[1], size[0], 3), wood, np.uint8)

    def px(x: float, y: float) -> tuple[int, int]:
        return (round((x - origin[0]) * px_per_mm), round((y - origin[1]) * px_per_mm))

    thickness = max(1, round(0.5 * px_per_mm))
    for x in xs:
        cv2.line(plan, px(x, ys[0]), px(x, ys[-1]), (30, 30, 30), thickness)
    for y in ys:
        cv2.line(plan, px(xs[0], y), px(xs[-1], y), (30, 30, 30), thickness)
    return plan, origin
