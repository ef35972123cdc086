"""Vision benchmark: recognition on a fixed, seeded set of rendered scenes per board:
stones on Go boards and the ONE ring board, OneWorld counters on the hex map, ONSLAUGHT's
pieces, orbs and capture tokens.

Every scene is rendered by ``companion.vision.scene`` (a random pose from top-down to
50° tilt, residual lens distortion, uneven light, shadows, glossy stones, blur, noise,
JPEG; a hand over the board in 10 % of the scenes and a lamp's glare in 10 %) at
1280×960, and read on one core (``cv2.setNumThreads(1)``):

- registration: the homography from the board's four corners as a person taps them or
  markers give them (``calibration.registration.from_corners``; the rendered corners
  with 0.7 px of noise);
- classification: board view, sampling and the classifier (``Recogniser.read``).

Figures per board: per-space error (a space read confidently and wrongly, over the
spaces no hand or glare hides), unsure rate, whole-board accuracy (scenes without a
hand, not flagged occluded, where every space the picture shows is read and right and
no space a glare blows out is read wrongly; also with those read too, and without a
glare), boards with no confident error, how often a hand scene is flagged occluded,
and milliseconds per frame per stage: CPU time of this process (``time.process_time``:
on a machine others share, wall time would count their work too), with classification
also for the 640×480 frames apart (``--looks``: the webcam frames the issue's speed
target is set for).

``--looks real`` renders every scene under a realistic camera look instead
(``companion.vision.scene.looks``: board and stone materials, lamps with highlights on
every stone, contact shadows, a table around the board, webcams at 640×480 and 1280×960
with noise, JPEG 60–90, vignetting, white balance off by up to ±1,500 K, tilt up to 35°),
and prints the figures twice per board: on development looks and on held-out looks (board
materials, stone materials and lamp colours no threshold was chosen on).
``--looks held-out`` prints only the held-out looks, ``--looks development`` only the
development looks, ``--looks unseen`` only the unseen looks (a third set of materials and
lamps, measured once at the end of a piece of work and never studied scene by scene).
``--why`` counts the unsure spaces by the rule that made them unsure
(``companion.vision.stones.UNSURE_RULES``) and by what truly lies there. ``--lost``
counts the boards not whole by what kept them from it (an unsure space by its truth and
the rules that made it unsure, a space read wrongly, a flag): where one kind alone did,
mending that kind alone would make the board whole. ``--scene-log FILE`` writes one JSON
line per scene (its seed, look, flag, and the spaces unsure or read wrongly, with their
truth and rules), to compare two trees scene by scene.

Occluded means a hand, both ways (issue 14, point 5): ``--hands all`` forces a hand into
every scene (the scene otherwise as drawn: ``random_effects(..., hands=1.0)`` draws the
same effects, look and board, the hand's skin, sleeve and side drawn by the renderer),
and ``--full-glare N`` draws every scene with N stones (at most the board's spaces), a
lamp's glare and no hand; ``--steep`` (with camera looks) puts every look's camera at
the issue's steepest, 35° from the vertical, in a 640×480 webcam (the far rows small
and dim). Each prints, per board and look, how many scenes are flagged
occluded and which seeds were missed or flagged wrongly. ``--cache FOLDER`` keeps each
rendered scene there, so that a changed rule reads the very same pictures again.
``--sharpen`` (with camera looks) sharpens every picture as a phone does and saves it as
a strong JPEG (``companion.vision.scene.phone``: one of a few strengths and qualities per
scene, drawn from ``[seed, 5]``; the scene otherwise as drawn).
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from benchmarks.machine import machine
from companion.geometry import load_geometry
from companion.vision.labels import UNSURE
from companion.vision.pipeline import NO_BOARD, Recogniser
from companion.vision.scene import random_effects, render_scene
from companion.vision.scene.looks import (
    DEVELOPMENT,
    HELD_OUT,
    MAX_TILT_DEG,
    UNSEEN,
    CameraLook,
    random_look_of,
)
from companion.vision.scene.phone import Sharpening, random_sharpening
from companion.vision.stones import UNSURE_RULES

SUMMARY = "stones and counters read from rendered scenes: error, unsure, whole boards, ms"
SIX = ("black", "white", "red", "blue", "green", "yellow")
BOARDS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "go-19": ("go-19", ("black", "white"), "stones"),
    "go-13": ("go-13", ("black", "white"), "stones"),
    "go-9": ("go-9", ("black", "white"), "stones"),
    "one-60": ("one-60", SIX, "stones"),
    "oneworld": ("oneworld", (), "counters"),
    "onslaught": ("onslaught", (), "onslaught"),
}
LOOKS = {"plain": (None,), "real": (DEVELOPMENT, HELD_OUT), "development": (DEVELOPMENT,),
         "held-out": (HELD_OUT,), "unseen": (UNSEEN,)}
CORNER_NOISE_PX = 0.7
WEBCAM_WIDTH = 640  # the 640×480 frames, whose classification time is also given apart
STEEP = MAX_TILT_DEG  # --steep: the steepest view the looks draw, degrees from the vertical
HANDS = 0.1  # the chance of a hand over the board in a scene
GLARE = 0.1
HAND_CHOICES = {"some": HANDS, "all": 1.0}  # --hands


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scenes", type=int, default=2000, metavar="N",
                        help="rendered scenes per board (default 2000)")
    parser.add_argument("--boards", default=",".join(BOARDS), metavar="NAMES",
                        help=f"comma-separated boards (default {','.join(BOARDS)})")
    parser.add_argument("--seed", type=int, default=0, help="first scene's seed (default 0)")
    parser.add_argument(
        "--looks", choices=tuple(LOOKS), default="plain",
        help="plain: the renders the thresholds were chosen on (default); real: realistic "
             "camera looks, development and held-out looks reported apart; development, "
             "held-out, unseen: only those looks")
    parser.add_argument(
        "--grid-scenes", type=int, default=10, metavar="N",
        help="also time finding and following a 19x19 grid by its lines on N rendered "
             "640x480 scenes (default 10; 0: not)")
    parser.add_argument(
        "--why", action="store_true",
        help="also count the unsure spaces by the rule that made them unsure and by what "
             "truly lies there (stones only)")
    parser.add_argument(
        "--lost", action="store_true",
        help="also count the boards not whole by what kept them from it (stones only)")
    parser.add_argument(
        "--scene-log", type=Path, metavar="FILE",
        help="write one JSON line per scene: seed, look, flag, unsure and wrong spaces")
    parser.add_argument(
        "--hands", choices=tuple(HAND_CHOICES), default="some",
        help="some: a hand over the board in one scene in ten (default); all: a hand "
             "forced into every scene, the scene otherwise as drawn")
    parser.add_argument(
        "--full-glare", type=int, default=0, metavar="STONES",
        help="every scene a board of STONES stones (at most its spaces) under a lamp's "
             "glare, no hand: how many are flagged occluded (0: the scenes as drawn)")
    parser.add_argument(
        "--steep", action="store_true",
        help="with --looks: every camera a 640x480 webcam 35 degrees from the vertical")
    parser.add_argument(
        "--sharpen", action="store_true",
        help="with --looks: every picture sharpened by a phone's unsharp mask and saved "
             "as a strong JPEG (a few strengths and qualities, drawn per scene)")
    parser.add_argument(
        "--cache", type=Path, metavar="FOLDER",
        help="keep each rendered scene in FOLDER and read it from there next time")
    parser.add_argument(
        "--real", type=Path, metavar="FOLDER",
        help="also read real Go board photos (NAME.jpg with a NAME.txt label of 19 rows, "
             "'.', 'B', 'W'), found without corners, compared under the board's 8 symmetries")


def run(args: argparse.Namespace) -> int:
    from calibration.registration import from_corners

    cv2.setNumThreads(1)
    boards = [b.strip() for b in args.boards.split(",") if b.strip()]
    unknown = [b for b in boards if b not in BOARDS]
    if unknown or args.scenes < 1:
        print(f"Boards are {', '.join(BOARDS)}; --scenes is at least 1.")
        return 2
    if args.sharpen and args.looks == "plain":
        print("--sharpen is for camera looks (--looks real, development, held-out).")
        return 2
    print(f"Vision benchmark on {machine()}, OpenCV {cv2.__version__}, one thread "
          "(ms: CPU time of this process)")
    frames = "at 1280x960" if args.looks == "plain" else \
        "under camera looks (640x480 and 1280x960)"
    if args.steep and args.looks != "plain":
        frames = f"under camera looks, each a 640x480 webcam {STEEP:.0f} degrees from the vertical"
    if args.sharpen:
        frames += ", sharpened by a phone and saved as a strong JPEG"
    if args.full_glare > 0:
        drawn = f"each {args.full_glare} stones (at most the board's spaces) under a " \
            "lamp's glare, no hand"
    else:
        drawn = f"hands {HAND_CHOICES[args.hands]:.0%}, glare {GLARE:.0%}"
    print(f"{args.scenes} scenes per board {frames}, seeds {args.seed}..."
          f"{args.seed + args.scenes - 1}; {drawn}\n")
    for name in boards:
        board_name, colours, kind = BOARDS[name]
        if args.full_glare > 0 and kind != "stones":
            print(f"{name}: --full-glare is for boards of stones\n")
            continue
        for looks in LOOKS[args.looks]:
            scenes = Scenes(board_name, colours, kind, looks, HAND_CHOICES[args.hands],
                            args.full_glare, args.cache, args.steep, args.sharpen)
            figures = measure(scenes, range(args.seed, args.seed + args.scenes), from_corners)
            print(report(name if looks is None else f"{name}, {looks} looks", figures))
            if args.why and kind == "stones":
                print(why_report(figures["why"], colours))
            if args.lost and kind == "stones":
                print(lost_report(figures["lost"]))
            if args.scene_log:
                with args.scene_log.open("a") as log:
                    log.writelines(json.dumps({"board": name, **line}) + "\n"
                                   for line in figures["log"])
    if args.grid_scenes > 0:
        from benchmarks.grid_speed import rendered_report

        print(rendered_report(args.grid_scenes))
    if args.real:
        print(real_photos(args.real))
    return 0


def real_photos(folder: Path) -> str:
    """Per-intersection figures on labelled photos of a real 19×19 Go board."""
    from calibration.recognize import RecognitionError, locate
    from companion.vision.games import game_vision
    from companion.vision.grid_text import grid_rows

    vision = game_vision("go", size=19)
    recogniser = Recogniser(vision.geometry, vision.colours)
    lines = [f"Real photos in {folder} (board found without corners):"]
    right = unsure = wrong = total = 0
    for picture in sorted(folder.glob("*.jpg")):
        label = np.array([row.split() for row in
                          picture.with_suffix(".txt").read_text().split("\n") if row.strip()])
        image = cv2.imread(str(picture))
        start = time.perf_counter()
        try:
            homography, _ = locate(image, vision.geometry, None)
        except RecognitionError as error:
            lines.append(f"  {picture.name}: {error}")
            total += label.size
            continue
        reading = recogniser.read(image, homography)
        ms = (time.perf_counter() - start) * 1000
        seen = np.array([list(row) for row in grid_rows(vision.geometry, reading.cells,
                                                         homography)])
        truth = max(_symmetries(label), key=lambda t: int((t == seen).sum()))
        n_right, n_unsure = int((truth == seen).sum()), int((seen == "?").sum())
        n_wrong = seen.size - n_right - n_unsure
        right, unsure, wrong, total = right + n_right, unsure + n_unsure, wrong + n_wrong, \
            total + seen.size
        flag = "  occluded: " + reading.reason if reading.occluded else ""
        lines.append(f"  {picture.name}: {n_right} right, {n_unsure} unsure, {n_wrong} wrong, "
                     f"{ms:.0f} ms{flag}")
    if total:
        lines.append(f"  all: {right}/{total} intersections right ({right / total:.2%}), "
                     f"{unsure} unsure ({unsure / total:.2%}), {wrong} read confidently and "
                     f"wrongly ({wrong / total:.3%})")
    return "\n".join(lines)


def _symmetries(grid: np.ndarray) -> list[np.ndarray]:
    turns = [np.rot90(grid, k) for k in range(4)]
    return turns + [t.T for t in turns]


class Scenes:
    """The bench's scenes of one board under one set of looks: each seed's effects
    from ``[seed, 1]`` (a hand with chance ``hands``, a glare with chance ``GLARE``), its
    look from ``[seed, 3]``, its board from ``seed``; with ``full`` stones, that many
    stones on the board (``[seed, 4]`` places them), a glare and no hand instead; ``steep``
    puts each look's camera at ``STEEP`` in a 640×480 frame; ``sharpen`` sharpens each
    picture as a phone does (``[seed, 5]`` draws how). With a ``cache`` folder each
    rendered scene is kept there and read from there again."""

    def __init__(self, board_name: str, colours, kind: str, looks: str | None,
                 hands: float = HANDS, full: int = 0, cache: Path | None = None,
                 steep: bool = False, sharpen: bool = False) -> None:
        self.board_name, self.colours, self.kind, self.looks = board_name, colours, kind, looks
        self.geometry = load_geometry(board_name)
        self.hands, self.full, self.cache, self.steep = hands, full, cache, steep
        self.sharpen = sharpen

    def sharpening(self, seed: int) -> Sharpening | None:
        """How a phone sharpens the scene's picture (``None``: not sharpened)."""
        if not self.sharpen or self.looks is None:
            return None
        return random_sharpening(np.random.default_rng([seed, 5]))

    def look(self, seed: int) -> CameraLook | None:
        """The scene's camera look (``None``: the plain renders)."""
        if self.looks is None:
            return None
        look = random_look_of(np.random.default_rng([seed, 3]), self.looks)
        if self.steep:
            look = replace(look, frame=(WEBCAM_WIDTH, WEBCAM_WIDTH * 3 // 4),
                           pose=replace(look.pose, tilt_deg=STEEP))
        return look

    def effects(self, seed: int):
        """The scene's effects, as ``random_effects`` draws them for the bench."""
        if self.full > 0:
            return random_effects(np.random.default_rng([seed, 1]), hands=0.0, glare=1.0)
        return random_effects(np.random.default_rng([seed, 1]), hands=self.hands, glare=GLARE)

    def pieces(self, seed: int) -> dict[str, str] | None:
        """``full`` stones of the board's colours in turn on random spaces (``None``:
        the renderer scatters them as for any scene)."""
        if self.full <= 0:
            return None
        names = list(self.geometry.names)
        np.random.default_rng([seed, 4]).shuffle(names)
        return {name: self.colours[i % len(self.colours)]
                for i, name in enumerate(names[:self.full])}

    def render(self, seed: int) -> tuple[np.ndarray, dict, object]:
        """The picture, its truth and its effects for ``seed``."""
        effects = self.effects(seed)
        path = None
        if self.cache is not None:
            hands = f"full{self.full}" if self.full > 0 else f"hands{round(100 * self.hands)}"
            steep = "-steep" if self.steep else ""
            sharp = "-sharp" if self.sharpen else ""
            path = self.cache / f"{self.board_name}-{self.looks}{steep}-{hands}-{seed}{sharp}"
            if path.with_suffix(".png").exists() and path.with_suffix(".json").exists():
                image = cv2.imread(str(path.with_suffix(".png")))
                return image, json.loads(path.with_suffix(".json").read_text()), effects
        image, truth = render_scene(seed, self.geometry, self.pieces(seed), colours=self.colours,
                                    effects=effects, kind=self.kind, look=self.look(seed),
                                    sharpening=self.sharpening(seed))
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(path.with_suffix(".png")), image, [cv2.IMWRITE_PNG_COMPRESSION, 1])
            path.with_suffix(".json").write_text(json.dumps(truth))
        return image, truth, effects


def measure(scenes: Scenes, seeds, from_corners) -> dict:
    """Read every scene of ``seeds`` and count."""
    geometry = scenes.geometry
    recogniser = Recogniser(geometry, scenes.colours, kind=scenes.kind)
    spaces = wrong = unsure = 0
    whole = every = whole_scenes = clear = clear_scenes = safe = hands = hands_flagged = 0
    false_alarms = 0
    missed: list[int] = []
    flagged: list[str] = []
    why: dict[tuple[str, str, bool], int] = {}
    lost: dict[tuple[str, bool], int] = {}
    log: list[dict] = []
    ms: dict[str, list[float]] = {"registration": [], "classification": [], "total": [],
                                  "classification 640x480": []}
    for seed in seeds:
        noise = np.random.default_rng([seed, 2])
        image, truth, effects = scenes.render(seed)
        taps = np.array(truth["corners_px"]) + noise.normal(0, CORNER_NOISE_PX, (4, 2))
        start = time.process_time()
        homography = from_corners(taps, geometry.width_mm, geometry.height_mm).homography
        registered = time.process_time()
        reading = recogniser.read(image, homography)
        done = time.process_time()
        ms["registration"].append((registered - start) * 1000)
        ms["classification"].append((done - registered) * 1000)
        ms["total"].append((done - start) * 1000)
        if image.shape[1] == WEBCAM_WIDTH:
            ms["classification 640x480"].append((done - registered) * 1000)
        hidden = set(truth["hidden"])
        scene_wrong = scene_unsure = hidden_wrong = hidden_unsure = 0
        kinds: dict[str, str] = {}  # space -> what kept it from being read right
        for space, content in reading.cells.items():
            lies = truth["cells"][space]
            if isinstance(content, str) and content == UNSURE:
                scene_unsure += space not in hidden
                hidden_unsure += space in hidden
                if space not in hidden:
                    kinds[space] = f"{lies} unsure: " + " + ".join(
                        reading.why.get(space, []) or ["(no rule named)"])
            elif content != lies:
                scene_wrong += space not in hidden
                hidden_wrong += space in hidden
                kinds[space] = f"{lies} read {content}" + (" under a glare" if space in hidden
                                                           else "")
            if space not in hidden:
                spaces += 1
        unsure += sum(1 for s in reading.unsure if s not in hidden)
        for space in reading.unsure:
            if space not in hidden:
                count_why(why, reading.why.get(space, []), truth["cells"][space])
        wrong += scene_wrong
        safe += scene_wrong == 0
        if truth["occluded"]:
            hands += 1
            hands_flagged += reading.occluded
            if not reading.occluded:
                missed.append(seed)
        else:
            false_alarms += reading.occluded
            if reading.occluded:  # a hand, or (with NO_BOARD) no board the reader knows
                flagged.append(f"{seed} (no board)" if reading.reason.startswith(NO_BOARD)
                               else str(seed))
            whole_scenes += 1
            # Whole: not taken for a hand, every space the picture shows read and right,
            # and none a glare hides read wrongly (unsure is the right answer for a
            # blown-out space).
            read_whole = not reading.occluded and scene_wrong == 0 and hidden_wrong == 0 \
                and scene_unsure == 0
            whole += read_whole
            if not read_whole:
                count_lost(lost, set(kinds.values())
                           | ({"flagged: " + reading.reason} if reading.occluded else set()))
            every += read_whole and hidden_unsure == 0
            if not effects.glare:
                clear_scenes += 1
                clear += read_whole
        look = scenes.look(seed)
        log.append({"looks": scenes.looks, "seed": seed, "hand": bool(truth["occluded"]),
                    "occluded": bool(reading.occluded), "reason": reading.reason,
                    "look": None if look is None else f"{look.board}, {look.stones}, "
                    f"{len(look.lamps)} lamps, {look.frame[0]}x{look.frame[1]}",
                    "spaces": kinds})
    return {"scenes": len(seeds), "spaces": spaces, "wrong": wrong, "unsure": unsure,
            "whole": whole, "every": every, "whole_scenes": whole_scenes, "clear": clear,
            "clear_scenes": clear_scenes, "safe": safe, "hands": hands,
            "hands_flagged": hands_flagged, "false_alarms": false_alarms, "ms": ms,
            "why": why, "missed": missed, "flagged": flagged, "lost": lost, "log": log}


def count_why(counts: dict[tuple[str, str, bool], int], rules: list[str], truth: str) -> None:
    """Count one unsure space under each rule that fired on it, by what truly lies
    there, and whether that rule alone made it unsure (mending it alone would read it)."""
    for rule in rules or ["(no rule named)"]:
        key = (rule, truth, len(rules) == 1)
        counts[key] = counts.get(key, 0) + 1


def count_lost(counts: dict[tuple[str, bool], int], kinds: set[str]) -> None:
    """Count one board not whole under each kind of space (or flag) that kept it from
    being whole, and whether that kind alone did."""
    for kind in kinds:
        key = (kind, len(kinds) == 1)
        counts[key] = counts.get(key, 0) + 1


def lost_report(counts: dict[tuple[str, bool], int], rows: int = 12) -> str:
    """The kinds that kept boards from being whole, ``alone / all``, the most boards
    lost by one kind alone first."""
    kinds = sorted({k for k, _ in counts},
                   key=lambda k: (-counts.get((k, True), 0), -counts.get((k, False), 0), k))
    lines = ["  boards not whole, by what kept them from it (alone / all):"]
    for kind in kinds[:rows]:
        alone = counts.get((kind, True), 0)
        lines.append(f"  {alone:>4} / {alone + counts.get((kind, False), 0):<4} {kind}")
    if len(kinds) > rows:
        lines.append(f"  ... and {len(kinds) - rows} kinds more")
    return "\n".join(lines) + "\n"


def why_report(counts: dict[tuple[str, str, bool], int], colours) -> str:
    """The unsure spaces by rule and truth (empty, then each of ``colours``): ``alone /
    all`` per truth."""
    truths = ["empty", *colours]
    rules = [r for r in UNSURE_RULES if any(k[0] == r for k in counts)] + \
        sorted({r for r, _, _ in counts} - set(UNSURE_RULES))
    head = f"  {'unsure by rule (alone / all)':48}" + "".join(f"{t:>14}" for t in truths)
    lines = [head]
    for rule in rules:
        cells = [f"{counts.get((rule, t, True), 0)} / "
                 f"{counts.get((rule, t, True), 0) + counts.get((rule, t, False), 0)}"
                 for t in truths]
        lines.append(f"  {rule:48}" + "".join(f"{c:>14}" for c in cells))
    return "\n".join(lines) + "\n"


def _seeds(what: str, seeds: list) -> str:
    """`` (missed: seeds 3, 17)``, or nothing for no seed."""
    return f"  ({what}: seeds {', '.join(map(str, seeds))})" if seeds else ""


def report(name: str, f: dict) -> str:
    def stage(values):
        a = np.array(values)
        return f"mean {a.mean():6.2f}  p95 {np.percentile(a, 95):6.2f}"

    lines = [
        f"{name}: {f['scenes']} scenes, {f['spaces']:,} visible spaces",
        f"  per-space error       {f['wrong'] / f['spaces']:.4%}  ({f['wrong']} read "
        "confidently and wrongly)",
        f"  unsure                {f['unsure'] / f['spaces']:.3%}",
        f"  whole-board accuracy  {f['whole'] / max(f['whole_scenes'], 1):.2%}  "
        f"({f['whole']} of {f['whole_scenes']} scenes without a hand: not flagged, every "
        "space seen right, none a glare hides read wrongly)",
        f"  ... every space read      {f['every'] / max(f['whole_scenes'], 1):.2%}  "
        f"({f['every']} of {f['whole_scenes']}: those a glare hides read too)",
        f"  ... without a glare either  {f['clear'] / max(f['clear_scenes'], 1):.2%}  "
        f"({f['clear']} of {f['clear_scenes']})",
        f"  boards with no confident error  {f['safe'] / f['scenes']:.2%}",
        f"  hand scenes flagged occluded    {f['hands_flagged']} of {f['hands']}"
        + _seeds("missed", f["missed"]),
        f"  other scenes flagged occluded   {f['false_alarms']} of {f['whole_scenes']}"
        + _seeds("flagged", f["flagged"]),
        f"  ms registration       {stage(f['ms']['registration'])}",
        f"  ms classification     {stage(f['ms']['classification'])}",
        f"  ms total              {stage(f['ms']['total'])}",
    ]
    webcam = f["ms"]["classification 640x480"]
    if webcam and len(webcam) < f["scenes"]:
        lines.append(f"  ms classification, 640x480 frames  {stage(webcam)}  "
                     f"({len(webcam)} scenes)")
    return "\n".join(lines) + "\n"
