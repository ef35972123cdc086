"""The live loop on rendered frames of a game of ONE: moves seen and applied, an illegal
move refused and put back, a correction by hand, an undo; a hand over the board never
applies a move; a bad frame never changes the game; the loop on its own thread."""

import json
import logging
import threading
from contextlib import contextmanager

import cv2
import numpy as np
import pytest

from calibration.locator import BoardLocator
from companion.dice import DiceService
from companion.journal import Journal
from companion.table import verdict as v
from companion.table.session import TableSession
from companion.vision.scene import Effects, Pose
from hardware.frames import CameraFeed
from hardware.frames.base import Frame, FrameSource
from hardware.frames.spec import open_source
from hardware.referee_feed import OCCLUDED, STEADY, UNREADABLE, RefereeFeed
from hardware.step_picture import STEP_PICTURE_WIDTH
from tests.helpers.scene_cache import render_scene
from tests.helpers.stone_reader import stones

SEED = 11
POSE = Pose(tilt_deg=15.0, azimuth_deg=10.0, fill=0.85)
CLEAN = Effects(noise=2.0, jpeg=85)
HAND = Effects(noise=2.0, jpeg=85, hand=True)
FRAME = (800, 600)


def picture(pieces, effects=CLEAN, frame_seed=0):
    """The one-60 board with ``pieces`` under the camera, and pixels → board mm."""
    image, truth = render_scene(SEED, "one-60", pieces, POSE, effects, frame=FRAME,
                                frame_seed=frame_seed)
    return image, np.linalg.inv(np.array(truth["homography"]))


def known_board(geometry):
    locator = BoardLocator(geometry)
    locator.fix(picture({})[1], "rendered (known)")  # every picture here has one pose
    return locator


@pytest.fixture
def table():
    journal = Journal(":memory:")
    session = TableSession(journal, dice=DiceService(journal))
    verdicts = []
    session.subscribe(lambda verdict, snapshot: verdicts.append(verdict))
    statuses = []
    feed = RefereeFeed(session, locator_for=known_board, recogniser_for=stones,
                       on_status=statuses.append)
    session.start("one", {"players": 2})
    yield session, feed, verdicts, statuses
    feed.stop()
    session.close()
    journal.close()


def show(feed, pieces, frames=4):
    """The camera holds still over ``pieces`` for ``frames`` frames."""
    image, _ = picture(pieces)
    for _ in range(frames):
        status = feed.process(image)
    return status


def kinds(verdicts):
    return [verdict.kind for verdict in verdicts]


@contextmanager
def one_game(recogniser_for):
    """A game of ONE followed by a loop that reads with ``recogniser_for``: the session,
    the loop and the verdicts heard."""
    journal = Journal(":memory:")
    session = TableSession(journal)
    verdicts = []
    session.subscribe(lambda verdict, snapshot: verdicts.append(verdict))
    feed = RefereeFeed(session, locator_for=known_board, recogniser_for=recogniser_for)
    session.start("one", {"players": 2})
    try:
        yield session, feed, verdicts
    finally:
        feed.stop()
        session.close()
        journal.close()


def test_a_game_of_one_through_the_loop(table):
    session, feed, verdicts, _ = table
    board = {}
    status = show(feed, board)
    assert status["status"] == STEADY and kinds(verdicts)[-1] == v.UNCHANGED

    board["A1"] = "black"
    show(feed, board)
    assert verdicts[-1].kind == v.APPLIED and verdicts[-1].text == "Black places on A1."
    board["B1"] = "white"
    show(feed, board)
    assert session.state["board"]["B1"] == "white"

    # White again, out of turn: refused with the rule's reason, the stone to take back.
    show(feed, {**board, "C5": "white"})
    assert verdicts[-1].kind == v.ILLEGAL
    assert "Black" in verdicts[-1].text and verdicts[-1].spaces == ("C5",)
    assert session.state["board"]["C5"] is None and session.problem is not None
    show(feed, board)  # put back
    assert verdicts[-1].kind == v.UNCHANGED
    assert verdicts[-1].text == "The board is as the game has it again."
    assert session.problem is None

    # A stone knocked off the board: the game is corrected by hand to match it.
    del board["B1"]
    show(feed, board)
    assert verdicts[-1].kind in (v.MISMATCH, v.ILLEGAL) and "B1" in verdicts[-1].spaces
    session.correct({"type": "set", "space": "B1", "content": None})
    assert verdicts[-1].kind == v.CORRECTED and session.problem is None

    board["C1"] = "black"
    show(feed, board)
    assert session.state["board"]["C1"] == "black"
    assert session.game.to_move(session.state) == "white"

    # Undo (from the page): the game takes C1 back, the board must follow.
    session.undo()
    assert verdicts[-1].kind == v.UNDONE and verdicts[-1].spaces == ("C1",)
    del board["C1"]
    show(feed, board)
    assert verdicts[-1].text == "The board is as the game has it again."
    history = [step["text"] for step in session.snapshot()["history"]]
    assert history == ["Black places on A1", "White places on B1",
                       "Correction: B1 set to empty"]


def test_the_camera_s_picture_of_each_move_it_saw_is_kept_small(table):
    session, feed, verdicts, _ = table
    show(feed, {})
    show(feed, {"A1": "black"})
    assert verdicts[-1].kind == v.APPLIED and session.position(1)["picture"]
    kept = cv2.imdecode(np.frombuffer(session.picture(1), np.uint8), cv2.IMREAD_COLOR)
    assert kept.shape[1] == STEP_PICTURE_WIDTH < FRAME[0]
    assert kept.shape[0] == round(FRAME[1] * STEP_PICTURE_WIDTH / FRAME[0])
    session.play({"type": "place", "player": "white", "at": "B1"})
    assert session.picture(2) is None


def test_a_folder_of_one_photograph_per_move_is_refereed(table, tmp_path, fake_clock):
    """`serve --source FOLDER`: each photograph is held long enough to look steady."""
    session, feed, verdicts, _ = table
    folder = tmp_path / "moves"
    folder.mkdir()
    positions = [{}, {"A1": "black"}, {"A1": "black", "B1": "white"}]
    for index, pieces in enumerate(positions):
        cv2.imwrite(str(folder / f"{index:02d}.png"), picture(pieces)[0])
    source = open_source(str(folder), clock=fake_clock, sleep=fake_clock.sleep)
    for _ in range(len(positions) * source.hold):
        feed.process(source.read().image)
    assert [verdict.text for verdict in verdicts if verdict.kind == v.APPLIED] == [
        "Black places on A1.", "White places on B1."]
    source.close()


def test_a_hand_over_the_board_never_applies_a_move(table):
    session, feed, verdicts, statuses = table
    show(feed, {})
    before = len(verdicts)
    # The stone is being put down while the hand is over the board, moving each frame.
    for moment in range(6):
        image, _ = picture({"A1": "black"}, HAND, frame_seed=moment)
        status = feed.process(image)
        assert status["status"] != STEADY
    assert all(verdict.kind != v.APPLIED for verdict in verdicts[before:])
    assert session.state["board"]["A1"] is None
    assert OCCLUDED in {s["status"] for s in statuses}
    show(feed, {"A1": "black"})  # the hand is gone: the move is seen once
    assert kinds(verdicts[before:]).count(v.APPLIED) == 1


def test_a_bad_frame_changes_nothing(table):
    session, feed, verdicts, _ = table
    before = len(verdicts)
    for image in (np.zeros((4, 4, 3), np.uint8), np.full((600, 800, 3), 255, np.uint8)):
        status = feed.process(image)
        assert status["status"] != STEADY
    assert len(verdicts) == before and session.state["moves"] == 0


def test_a_new_game_is_sent_the_board_even_if_it_did_not_change(table):
    session, feed, verdicts, _ = table
    show(feed, {"A1": "black"})
    session.start("one", {"players": 2})
    show(feed, {"A1": "black"})
    assert verdicts[-1].kind in (v.APPLIED, v.AMBIGUOUS)


def test_status_gives_each_space_in_the_picture_for_the_overlay(table):
    _, feed, _, _ = table
    status = show(feed, {})
    assert status["registration"]["method"] == "rendered (known)"
    assert status["frame"] == list(FRAME)
    assert len(status["spaces_px"]) == 60
    x, y = status["spaces_px"]["A1"]
    assert 0 < x < FRAME[0] and 0 < y < FRAME[1]


def test_games_the_camera_cannot_read_are_played_from_the_page():
    """Every board game is read today; a game without a recogniser (the card game, the
    outdoor field to come) is played from the page."""

    def no_recogniser(game, board):
        raise ValueError(f"The camera cannot read {game!r} yet.")

    journal = Journal(":memory:")
    session = TableSession(journal)
    feed = RefereeFeed(session, recogniser_for=no_recogniser)
    assert feed.process(np.zeros((10, 10, 3), np.uint8))["status"] == "no game"
    session.start("onslaught")
    status = feed.process(np.zeros((10, 10, 3), np.uint8))
    assert status["status"] == UNREADABLE
    assert status["message"].endswith("Play ONSLAUGHT from the page.")
    with pytest.raises(ValueError, match="no board to register"):
        feed.reregister()
    feed.stop()
    journal.close()


def test_reregister_from_tapped_corners_and_afresh(table):
    _, feed, _, _ = table
    status = feed.reregister([[10, 10], [700, 12], [690, 560], [15, 580]])
    assert "corners tapped" in status["message"]
    assert feed.reregister()["status"] == "searching"


class StillCamera(FrameSource):
    """A camera over a still board: each picture a few times, then the last for ever."""

    description = "rendered pictures"

    def __init__(self, images):
        super().__init__()
        self._images = [image for image in images for _ in range(4)]

    def read(self) -> Frame:
        image = self._images.pop(0) if len(self._images) > 1 else self._images[0]
        return self._frame(image)

    def close(self) -> None:
        pass


def test_the_loop_runs_on_its_own_thread_beside_the_camera_feed():
    journal = Journal(":memory:")
    session = TableSession(journal)
    session.start("one", {"players": 2})
    applied = threading.Event()
    session.subscribe(lambda verdict, snapshot: applied.set()
                      if verdict.kind == v.APPLIED else None)
    empty, _ = picture({})
    stone, _ = picture({"A1": "black"})
    camera = CameraFeed(lambda: StillCamera([empty, stone]))
    feed = RefereeFeed(session, camera, locator_for=known_board, recogniser_for=stones)
    feed.start()
    camera.start()
    assert applied.wait(30), "the move was never seen"
    camera.stop()
    feed.stop()
    assert session.state["board"]["A1"] == "black"
    journal.close()


def test_a_plain_grid_board_is_found_by_its_lines_and_kept_until_reset():
    import cv2

    from companion.geometry import load_geometry
    from hardware.frames.replay import image_files
    from hardware.replays import DEMO
    from web.demo import demo_homography

    geometry = load_geometry("go-9")
    locator = BoardLocator(geometry)
    image = cv2.imread(str(image_files(DEMO)[3]))
    found = locator.locate(image)
    assert found.method.startswith("grid") and found.confidence > 0.9
    assert locator.locate(np.zeros_like(image)) is found  # kept: no search on each frame
    # Where the drawn lines are: every intersection within 1 mm of where it was drawn.
    drawn = np.linalg.inv(demo_homography(geometry))
    points = np.array([geometry.position_mm(n) for n in geometry.names]).reshape(-1, 1, 2)
    pixels = cv2.perspectiveTransform(points, drawn)
    seen = cv2.perspectiveTransform(pixels, found.homography).reshape(-1, 2)
    assert np.abs(seen - points.reshape(-1, 2)).max() < 1.0
    locator.reset()
    with pytest.raises(ValueError):
        locator.locate(np.zeros_like(image))


class GlareOn:
    """A recogniser that can never read ``space`` (a lamp's glare always on it)."""

    def __init__(self, recogniser, space):
        self.recogniser, self.space = recogniser, space
        self.geometry = recogniser.geometry

    def read(self, image, homography):
        reading = self.recogniser.read(image, homography)
        reading.cells[self.space] = "unsure"
        reading.unsure = sorted({*reading.unsure, self.space})
        return reading


def test_a_stone_put_in_a_glare_spot_is_asked_about_after_the_hand_has_gone():
    journal = Journal(":memory:")
    session = TableSession(journal)
    verdicts = []
    session.subscribe(lambda verdict, snapshot: verdicts.append(verdict))
    feed = RefereeFeed(session, locator_for=known_board,
                       recogniser_for=lambda game, board: GlareOn(stones(game, board), "C4"))
    session.start("one", {"players": 2})
    show(feed, {})
    assert verdicts[-1].kind == v.UNCHANGED  # C4 never read: nothing to ask about yet
    for moment in range(3):  # a hand puts a black stone on C4, under the glare
        feed.process(picture({"C4": "black"}, HAND, frame_seed=moment)[0])
    show(feed, {"C4": "black"})
    assert verdicts[-1].kind == v.QUESTION and verdicts[-1].spaces == ("C4",)
    assert "C4" in verdicts[-1].text
    answers = session.snapshot()["choices"]
    session.choose(next(i for i, text in enumerate(answers) if "Black" in text))
    assert session.state["board"]["C4"] == "black"
    before = len(verdicts)
    show(feed, {"C4": "black"})  # the same board, held still: asked once, not again
    assert all(verdict.kind != v.QUESTION for verdict in verdicts[before:])
    feed.stop()
    session.close()
    journal.close()


# -- the learned look -------------------------------------------------------------------------

def saved_look(path):
    """The look the loop saved for the one-60 board at this picture size."""
    from companion.geometry import load_geometry
    from companion.vision.look_file import look_key

    entries = json.loads(path.read_text(encoding="utf-8"))
    return entries[look_key(load_geometry("one-60"), FRAME)]


@pytest.fixture
def looking(tmp_path):
    """A table whose loop keeps its learned look in ``look.json``; ``next_game()`` is the
    next game at the same table (a new session and loop, the same file)."""
    journal = Journal(":memory:")
    made = []

    def next_game():
        session = TableSession(journal, dice=DiceService(journal))
        verdicts = []
        session.subscribe(lambda verdict, snapshot: verdicts.append(verdict))
        feed = RefereeFeed(session, locator_for=known_board, recogniser_for=stones,
                           look_path=tmp_path / "look.json")
        made.append((session, feed))
        session.start("one", {"players": 2})
        return session, feed, verdicts

    yield tmp_path / "look.json", next_game
    for session, feed in made:
        feed.stop()
        session.close()
    journal.close()


def test_the_loop_teaches_the_look_each_accepted_reading_and_saves_it(looking):
    path, next_game = looking
    session, feed, verdicts = next_game()
    show(feed, {})  # set-up: the starting position, as the game has it
    assert verdicts[-1].kind == v.UNCHANGED
    look = saved_look(path)
    assert look["teachings"] == 1 and look["classes"][:2] == ["empty", "black"]
    assert look["weight"][0] > 50 and look["weight"][1] == 0

    show(feed, {"A1": "black"})
    assert verdicts[-1].kind == v.APPLIED
    look = saved_look(path)
    assert look["teachings"] == 2 and look["weight"][1] == pytest.approx(1.0)

    # A move refused, and a hand over the board, teach nothing.
    show(feed, {"A1": "black", "C5": "black"})
    assert verdicts[-1].kind == v.ILLEGAL
    for moment in range(4):
        feed.process(picture({"A1": "black"}, HAND, frame_seed=moment)[0])
    assert saved_look(path)["teachings"] == 2
    show(feed, {"A1": "black"})  # put back: the board is as the game has it again
    assert saved_look(path)["teachings"] == 3

    # The next game at the same table starts knowing the look, and reads with it.
    session, feed, verdicts = next_game()
    image, _ = picture({})
    feed.process(image)
    assert feed._recogniser.look.ready
    show(feed, {})
    assert verdicts[-1].kind == v.UNCHANGED and saved_look(path)["teachings"] == 4
    show(feed, {"A1": "black"})
    assert verdicts[-1].kind == v.APPLIED and session.state["board"]["A1"] == "black"


class UnreadWithLook(GlareOn):
    """``GlareOn`` that lets the loop give and take the inner recogniser's learned look
    (and shows the loop the rest of the inner recogniser: its reader, colours, cfg)."""

    def __getattr__(self, name):
        if name == "recogniser":
            raise AttributeError(name)
        return getattr(self.recogniser, name)

    @property
    def look(self):
        return self.recogniser.look

    @look.setter
    def look(self, look):
        self.recogniser.look = look


def test_the_set_up_teaches_every_space_its_empty_look_the_unread_ones_too(tmp_path):
    """Held-out game 4434 (white glass stones on white vinyl): the edge space A17, unread
    from the empty board on, never learned how it looks empty; once the look learned a
    white as pale as the board, A17 read white and the loop took a White move nobody
    made. At set-up the game's position is the truth on every space; after it, a space
    read unsure teaches nothing unless the accepted move changed it."""
    from companion.geometry import load_geometry

    journal = Journal(":memory:")
    session = TableSession(journal, dice=DiceService(journal))
    verdicts = []
    session.subscribe(lambda verdict, snapshot: verdicts.append(verdict))
    feed = RefereeFeed(session, locator_for=known_board,
                       recogniser_for=lambda game, board: UnreadWithLook(stones(game, board),
                                                                         "C4"),
                       look_path=tmp_path / "look.json")
    session.start("one", {"players": 2})
    names = list(load_geometry("one-60").names)
    show(feed, {})
    assert verdicts[-1].kind == v.UNCHANGED
    weight = saved_look(tmp_path / "look.json")["space_weight"]
    assert weight[names.index("C4")] == pytest.approx(1.0)  # unread, yet learned empty

    show(feed, {"A1": "black"})
    assert verdicts[-1].kind == v.APPLIED
    weight = saved_look(tmp_path / "look.json")["space_weight"]
    assert weight[names.index("C4")] == pytest.approx(1.0)  # unread, untaught since
    assert weight[names.index("C5")] > 1.0
    feed.stop()
    session.close()
    journal.close()


def test_a_broken_look_file_is_ignored_and_learned_afresh(looking, caplog):
    path, next_game = looking
    path.write_text("{\"half a look\": ", encoding="utf-8")
    session, feed, verdicts = next_game()
    with caplog.at_level(logging.WARNING, logger="companion.vision.look_file"):
        show(feed, {})
    assert "is broken" in caplog.text
    assert verdicts[-1].kind == v.UNCHANGED and saved_look(path)["teachings"] == 1


def test_a_saved_look_that_no_longer_fits_the_table_is_learned_afresh(looking):
    """A look saved under another light: every empty space now far from it. The loop
    reads the board look-free, and learns the look again from the game's start."""
    path, next_game = looking
    session, feed, verdicts = next_game()
    show(feed, {})
    entries = json.loads(path.read_text(encoding="utf-8"))
    (key, look), = entries.items()
    look["total"][0][:3] = [w + look["weight"][0] * 0.8 for w in look["total"][0][:3]]
    path.write_text(json.dumps({key: look}), encoding="utf-8")

    session, feed, verdicts = next_game()
    show(feed, {})
    assert verdicts[-1].kind == v.UNCHANGED
    assert saved_look(path)["teachings"] == 1  # the old look dropped, the new one taught
    show(feed, {"A1": "black"})
    assert verdicts[-1].kind == v.APPLIED and saved_look(path)["teachings"] == 2


def test_serve_keeps_the_learned_look_in_the_data_folder(monkeypatch, companion_home):
    from companion.cli import build_parser
    from web import commands

    given = {}
    monkeypatch.setattr(commands, "_serve",
                        lambda config, host, port, threads: given.update(config) or 0)
    args = build_parser().parse_args(["serve", "--source", "none", "--no-button"])
    assert args.func(args) == 0
    assert given["LOOK_PATH"] == str(companion_home / "look.json")


GO_MOVES = ["D4", "Q16", "D16", "Q4", "K10", "C10", "R10", "K3", "K17", "F6", "O14", "F14",
            "O6", "C7"]


@pytest.mark.slow
def test_a_game_of_go_under_a_drifting_light_teaches_the_look_at_every_move(tmp_path):
    """Go 19 × 19, glossy stones, 640 × 480; the light drifts over the game (white balance
    to red × 0.8 / blue × 1.2, dimmed to half, a haze rising). Every move is applied, each
    teaches the look, and at the end the look reads the board whole."""
    from benchmarks.vision_look import drifted

    journal = Journal(":memory:")
    session = TableSession(journal, dice=DiceService(journal))
    verdicts = []
    session.subscribe(lambda verdict, snapshot: verdicts.append(verdict))
    effects = Effects(light_gradient=0.2, colour_cast=0.05, blur=0.5, noise=3.0, jpeg=85,
                      gloss=0.6)
    pose = Pose(tilt_deg=20.0, azimuth_deg=-8.0, fill=0.8)
    frame = (640, 480)

    def go_picture(pieces, moment):
        image, truth = render_scene(7, "go-19", pieces, pose, effects, frame=frame)
        drift = np.random.default_rng(len(pieces))
        return drifted(image, moment, drift), np.linalg.inv(np.array(truth["homography"]))

    _, to_board = go_picture({}, 0.0)

    def located(geometry):
        locator = BoardLocator(geometry)
        locator.fix(to_board, "rendered (known)")
        return locator

    path = tmp_path / "look.json"
    feed = RefereeFeed(session, locator_for=located, recogniser_for=stones, look_path=path)
    try:
        session.start("go", {})
        board = {}
        for turn in range(len(GO_MOVES) + 1):
            if turn:
                board[GO_MOVES[turn - 1]] = ("black", "white")[(turn - 1) % 2]
            image, _ = go_picture(board, turn / len(GO_MOVES))
            for _ in range(4):
                feed.process(image)
            assert verdicts[-1].kind == (v.APPLIED if turn else v.UNCHANGED), verdicts[-1]
        assert {s: c for s, c in session.state["board"].items() if c} == board
        (entry,) = json.loads(path.read_text(encoding="utf-8")).values()
        assert entry["teachings"] == len(GO_MOVES) + 1
        reading = feed._recogniser.read(image, to_board)
        assert feed._recogniser.look.ready and reading.unsure == []
    finally:
        feed.stop()
        session.close()
        journal.close()


def test_the_loop_beats_the_watchdog_per_frame_and_while_the_camera_is_away():
    journal = Journal(":memory:")
    session = TableSession(journal)
    empty, _ = picture({})
    camera = CameraFeed(lambda: StillCamera([empty]))
    feed = RefereeFeed(session, camera, locator_for=known_board, recogniser_for=stones)
    beaten = threading.Event()
    feed.heartbeat = beaten.set
    feed.start()
    camera.start()
    assert beaten.wait(30), "a frame went through the loop without a beat"
    camera.stop()
    feed.stop()

    def no_camera():
        raise OSError("no camera on this cable")

    away = CameraFeed(no_camera, wait=lambda seconds: False)
    feed = RefereeFeed(session, away, locator_for=known_board, recogniser_for=stones)
    beaten = threading.Event()
    feed.heartbeat = beaten.set
    away.start()
    feed.start()
    assert beaten.wait(30), "a loop waiting for its camera was not beating"
    assert away.status.startswith("reconnecting")
    away.stop()
    feed.stop()
    session.close()
    journal.close()


class NamedUnderGlare(GlareOn):
    """``GlareOn``, whose picture leans on ``space`` as ``odds`` says (``None``: no odds,
    as where a glare blows a space out)."""

    def __init__(self, recogniser, space):
        super().__init__(recogniser, space)
        self.odds = None

    def read(self, image, homography):
        reading = super().read(image, homography)
        if self.odds is not None:
            reading.odds[self.space] = self.odds
        return reading


def test_the_same_board_is_sent_again_when_the_picture_comes_to_name_a_stone():
    """C4 is never read (a glare): a black stone put there leaves every label as it was,
    so the loop sent nothing. Once the picture all but surely names the stone there
    (the learned look under that glare), the reading goes to the table again, and the
    move is played; a picture that goes on naming it is not sent again."""
    reader = {}

    def recogniser_for(game, board):
        reader["it"] = NamedUnderGlare(stones(game, board), "C4")
        return reader["it"]

    with one_game(recogniser_for) as (session, feed, verdicts):
        show(feed, {})
        assert verdicts[-1].kind == v.UNCHANGED
        before = len(verdicts)
        show(feed, {"C4": "black"})
        assert verdicts[before:] == [] and session.state["board"]["C4"] is None
        reader["it"].odds = {"empty": 0.0005, "black": 0.999, "white": 0.0005}
        show(feed, {"C4": "black"})
        assert verdicts[-1].kind == v.APPLIED and session.state["board"]["C4"] == "black"
        after = len(verdicts)
        show(feed, {"C4": "black"})
        assert verdicts[after:] == []


# -- a space whose picture did not change (T24) --------------------------------------------

class MisreadBy(UnreadWithLook):
    """The stone recogniser with its learned look, which reads ``space`` as ``label``
    surely while ``misread`` is set: a look drifted so that it takes that empty space, its
    picture unchanged, for a stone (held-out game 4434: a white learned as pale as the
    board read the empty edge space A17 white)."""

    def __init__(self, recogniser, space, label):
        super().__init__(recogniser, space)
        self.label = label
        self.misread = False

    def read(self, image, homography):
        reading = self.recogniser.read(image, homography)
        if self.misread:
            reading.cells[self.space] = self.label
            reading.confidence[self.space] = 1.0
            reading.unsure = [space for space in reading.unsure if space != self.space]
            reading.odds.pop(self.space, None)
        return reading


def test_an_empty_space_whose_picture_did_not_change_takes_no_stone():
    """C4 read white, its picture as it was a photo ago: no stone was put there, and the
    game keeps it empty (before, "White places on C4" was applied). A white stone set on
    C10 meanwhile is taken, and so is a black one set on C4 itself: its picture changed."""
    reader = {}

    def recogniser_for(game, board):
        reader["it"] = MisreadBy(stones(game, board), "C4", "white")
        return reader["it"]

    with one_game(recogniser_for) as (session, feed, verdicts):
        show(feed, {})
        show(feed, {"A1": "black"})
        assert verdicts[-1].kind == v.APPLIED
        reader["it"].misread = True
        before = len(verdicts)
        for moment in range(1, 4):  # the same board, photo after photo (fresh noise)
            for _ in range(4):
                feed.process(picture({"A1": "black"}, frame_seed=moment)[0])
        assert set(kinds(verdicts[before:])) <= {v.UNCHANGED}  # as before, or "unchanged"
        assert session.state["board"]["C4"] is None and session.state["to_move"] == "white"

        show(feed, {"A1": "black", "C10": "white"})
        assert verdicts[-1].kind == v.APPLIED and verdicts[-1].spaces == ()
        assert session.state["board"]["C10"] == "white" and session.state["board"]["C4"] is None

        reader["it"].misread = False
        show(feed, {"A1": "black", "C10": "white", "C4": "black"})
        assert verdicts[-1].kind == v.APPLIED and session.state["board"]["C4"] == "black"


def test_daylight_drifting_over_the_board_leaves_each_move_seen(monkeypatch):
    """The light drifts between photos (white balance, dimming, a haze rising): every
    space moves, alike. The empty spaces still count as unchanged against one another
    (the rule keeps working) and each stone set is taken: its space is never among them."""
    from benchmarks.vision_look import drifted
    from companion.vision.last_seen import LastSeen

    found = []
    unchanged = LastSeen.unchanged

    def spy(self, names, samples, group, content=None):
        found.append(unchanged(self, names, samples, group, content))
        return found[-1]

    monkeypatch.setattr(LastSeen, "unchanged", spy)
    moves = [("B2", "black"), ("B7", "white"), ("C5", "black"), ("D2", "white")]
    board = {}
    with one_game(lambda game, board: UnreadWithLook(stones(game, board), "C14")) \
            as (session, feed, verdicts):
        for turn in range(len(moves) + 1):
            if turn:
                board[moves[turn - 1][0]] = moves[turn - 1][1]
            # Half the drift of ``bench vision-look``'s whole game over these four moves.
            image = drifted(picture(dict(board))[0], turn / 8, np.random.default_rng(turn))
            found.clear()
            before = len(verdicts)
            for _ in range(4):
                feed.process(image)
            assert verdicts[before:]
            assert verdicts[-1].kind == (v.APPLIED if turn else v.UNCHANGED)
            if turn:
                assert found and all(moves[turn - 1][0] not in still for still in found)
                assert all(len(still) > 40 for still in found)  # the drift did not stop it
        assert {s: c for s, c in session.state["board"].items() if c} == board
