"""The table page driving a game in headless Chromium: a game of ONE started from the
page, moves seen by the camera (rendered pictures through the live loop) and tapped on
the page, an illegal move highlighted and put back, an undo and a correction; ONSLAUGHT's
roll asked for live, and its moves seen by the camera; OneWorld's secret choices sealed
in the browser; the demo refereeing its replay. Screenshots go to test-artifacts/."""

import numpy as np
import pytest

from calibration.locator import BoardLocator
from companion.games.registry import get_game
from companion.vision.scene import Pose
from tests.helpers.browser import WAIT_MS, referee_context, screenshot, space, sync_api, verdict
from tests.helpers.oneworld_combat import oneworld_to_combat
from tests.helpers.rendered_table import RenderedTable
from tests.helpers.scene_cache import render_scene
from tests.helpers.stone_reader import stones
from tests.helpers.table_camera import CLEAN, POSE, TableCamera, known_board, picture
from web.runtime import get_runtime

pytestmark = [pytest.mark.browser, pytest.mark.slow]

def test_a_game_of_one_from_the_page_and_the_camera(make_app, live_server, page):
    camera = TableCamera()
    app = make_app(FRAME_SOURCE=lambda: camera, BOARD_LOCATOR=known_board, RECOGNISER=stones)
    page.goto(live_server(app))
    sync_api.expect(page.locator("#live")).to_have_text("live", timeout=WAIT_MS)
    sync_api.expect(page.locator("#game-choice")).to_have_value("one", timeout=WAIT_MS)
    page.click("#start")
    sync_api.expect(verdict(page)).to_have_text("A new game of ONE begins.", timeout=WAIT_MS)
    sync_api.expect(page.locator("#turn")).to_contain_text("Black to move")
    sync_api.expect(page.locator("#referee-status")).to_have_text("steady", timeout=WAIT_MS)

    # Black places a stone on the table: the camera sees it, the page shows it.
    camera.picture, _ = picture({"A1": "black"})
    sync_api.expect(verdict(page)).to_have_text("Black places on A1.", timeout=WAIT_MS)
    sync_api.expect(space(page, "A1").locator('.stone[data-content="black"]')).to_have_count(1)
    sync_api.expect(page.locator("#overlay .seen")).to_have_count(1)

    # White plays by tapping the page (no camera needed), then puts the stone down.
    space(page, "B1").click()
    sync_api.expect(verdict(page)).to_contain_text(
        "White places on B1. Now make the board match the game: B1.", timeout=WAIT_MS)
    camera.picture, _ = picture({"A1": "black", "B1": "white"})
    sync_api.expect(verdict(page)).to_have_text("The board is as the game has it again.",
                                                timeout=WAIT_MS)

    # Tapping Black's stone shows where it may go; it cannot go anywhere else.
    space(page, "A1").click()
    sync_api.expect(page.locator("#board .mark.target")).not_to_have_count(0, timeout=WAIT_MS)
    sync_api.expect(page.locator("#moves .move-button")).to_contain_text(
        ["Black jumps"], timeout=WAIT_MS)
    screenshot(page, "table-one-selected.png")
    space(page, "A1").click()  # tapped again: no longer selected

    # White again, out of turn, on the table: refused with the reason, C5 highlighted.
    camera.picture, _ = picture({"A1": "black", "B1": "white", "C5": "white"})
    sync_api.expect(page.locator("#verdict-card")).to_have_attribute(
        "data-kind", "illegal", timeout=WAIT_MS)
    assert "Black" in verdict(page).inner_text()
    sync_api.expect(space(page, "C5").locator(".mark.problem")).to_have_count(1)
    sync_api.expect(page.locator("#overlay .mark.problem")).to_have_count(1)
    screenshot(page, "table-one-illegal.png")
    camera.picture, _ = picture({"A1": "black", "B1": "white"})
    sync_api.expect(verdict(page)).to_have_text("The board is as the game has it again.",
                                                timeout=WAIT_MS)
    sync_api.expect(page.locator("#board .mark.problem")).to_have_count(0)

    # Undo from the page: the game takes B1 back, the board still shows it.
    page.click("#undo")
    sync_api.expect(verdict(page)).to_contain_text("Undone: White places on B1.",
                                                   timeout=WAIT_MS)
    sync_api.expect(space(page, "B1").locator(".mark.problem")).to_have_count(1)
    sync_api.expect(page.locator("#redo")).to_be_enabled()
    # The table keeps the stone: accept the board as the camera reads it.
    page.click("#accept-board")
    sync_api.expect(verdict(page)).to_contain_text("Correction: the board accepted",
                                                   timeout=WAIT_MS)
    sync_api.expect(page.locator("#events li")).to_have_count(2)
    sync_api.expect(page.locator("#events li.correction")).to_have_count(1)
    sync_api.expect(page.locator("#panel")).to_contain_text("Group")
    screenshot(page, "table-one-desktop.png")
    record = page.request.get(page.url + "api/game/export").text()
    assert record.splitlines()[1] == '{"at": "A1", "player": "black", "type": "place"}'


def test_a_game_of_one_on_a_phone_by_tapping(make_app, live_server, browser):
    app = make_app()
    context = referee_context(browser, viewport={"width": 390, "height": 844},
                                  device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(live_server(app))
        sync_api.expect(page.locator("#game-choice")).to_have_value("one", timeout=WAIT_MS)
        page.click("#start")
        for name, text in (("A1", "Black places on A1."), ("A2", "White places on A2."),
                           ("B1", "Black places on B1.")):
            space(page, name).tap()
            sync_api.expect(verdict(page)).to_have_text(text, timeout=WAIT_MS)
        sync_api.expect(page.locator("#board .mark.last")).to_have_count(1)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        screenshot(page, "table-one-phone.png")
    finally:
        context.close()


def test_onslaught_asks_for_its_roll_live_and_the_page_rolls_it(make_app, live_server,
                                                               page):
    app = make_app(DICE_RANDBELOW=lambda n: 2)
    page.goto(live_server(app))
    sync_api.expect(page.locator("#live")).to_have_text("live", timeout=WAIT_MS)
    page.select_option("#game-choice", "onslaught")
    page.select_option("#players", "2")
    page.click("#start")
    sync_api.expect(page.locator("#pending")).to_have_text(
        "Next roll: 1d6 for Red 1's moves", timeout=WAIT_MS)
    sync_api.expect(verdict(page)).to_contain_text("roll 1d6 (Red 1's moves)")
    page.click("#roll")
    sync_api.expect(page.locator("#panel")).to_contain_text(
        "Turn 1: Red 1 rolled 3, 3 moves left", timeout=WAIT_MS)
    sync_api.expect(page.locator("#pending")).to_be_hidden()
    space(page, "D1").click()
    sync_api.expect(page.locator("#board .mark.target")).to_have_count(3, timeout=WAIT_MS)
    space(page, "D2").click()
    sync_api.expect(verdict(page)).to_contain_text("Red 1 moves D1 to D2", timeout=WAIT_MS)
    page.locator('#other-moves [data-type="end_turn"]').click()
    sync_api.expect(page.locator("#pending")).to_contain_text("Blue 1's moves",
                                                              timeout=WAIT_MS)
    # The buttons follow the turn: Blue 1 rolls, Red 1 no longer ends anything.
    sync_api.expect(page.locator("#other-moves .move-button")).to_have_text(
        ["Blue 1 rolls the die (roll 1d6)"], timeout=WAIT_MS)
    screenshot(page, "table-onslaught.png")


def test_onslaught_with_the_tables_dice_takes_the_die_thrown(make_app, live_server, page):
    app = make_app()
    page.goto(live_server(app))
    sync_api.expect(page.locator("#live")).to_have_text("live", timeout=WAIT_MS)
    page.select_option("#game-choice", "onslaught")
    page.select_option("#dice-choice", "table")
    page.click("#start")
    sync_api.expect(verdict(page)).to_contain_text(
        "throw 1d6 (Red 1's moves) at the table and enter the dice", timeout=WAIT_MS)
    sync_api.expect(page.locator("#pending")).to_be_hidden()  # the companion rolls nothing
    page.fill("#thrown", "5")
    page.click("#thrown-form button")
    sync_api.expect(page.locator("#panel")).to_contain_text(
        "Turn 1: Red 1 rolled 5, 5 moves left", timeout=WAIT_MS)
    sync_api.expect(page.locator("#thrown-form")).to_be_hidden()
    roll = get_runtime(app).journal.events(kind="dice.roll")[-1]
    assert roll.data["by_hand"] and roll.actor == "page"


def test_onslaught_moves_seen_by_the_camera_on_the_page(make_app, live_server,
                                                       page):
    """The printed pieces on the printed board, read by the real ONSLAUGHT recogniser."""
    camera_view = RenderedTable("onslaught", "onslaught", seed=8,
                                pose=Pose(tilt_deg=15.0, azimuth_deg=-6.0, fill=0.85))
    to_board = camera_view.to_board()

    def seen(board):
        return camera_view.picture({square: c for square, c in board.items() if c})

    def onslaught_board(geometry):
        locator = BoardLocator(geometry)
        locator.fix(to_board, "rendered (known)")
        return locator

    engine = get_game("onslaught")
    board = engine.view(engine.initial_state({"players": 2}))
    camera = TableCamera()
    camera.picture = seen(board)
    app = make_app(DICE_RANDBELOW=lambda n: 2, FRAME_SOURCE=lambda: camera,
                   BOARD_LOCATOR=onslaught_board)
    page.goto(live_server(app))
    sync_api.expect(page.locator("#live")).to_have_text("live", timeout=WAIT_MS)
    page.select_option("#game-choice", "onslaught")
    page.select_option("#players", "2")
    page.click("#start")
    sync_api.expect(page.locator("#pending")).to_contain_text("Red 1's moves",
                                                              timeout=WAIT_MS)
    page.click("#roll")
    sync_api.expect(page.locator("#panel")).to_contain_text(
        "Turn 1: Red 1 rolled 3, 3 moves left", timeout=WAIT_MS)

    # Red 1 steps D1 -> D2 on the table: the camera sees it and the page shows it.
    board = {**board, "D1": {"pieces": ["red2"], "orbs": [], "token": None},
             "D2": {"pieces": ["red1"], "orbs": [], "token": None}}
    camera.picture = seen(board)
    sync_api.expect(verdict(page)).to_contain_text("Red 1 moves D1 to D2", timeout=WAIT_MS)
    sync_api.expect(page.locator("#panel")).to_contain_text("2 moves left")

    # Red 2 walks off instead: refused, the two squares to put back ringed.
    camera.picture = seen({**board, "D1": None,
                           "C1": {"pieces": ["red2"], "orbs": [], "token": None}})
    sync_api.expect(page.locator("#verdict-card")).to_have_attribute(
        "data-kind", "illegal", timeout=WAIT_MS)
    sync_api.expect(page.locator("#board .mark.problem")).to_have_count(2)
    screenshot(page, "table-onslaught-camera-illegal.png")
    camera.picture = seen(board)
    sync_api.expect(verdict(page)).to_have_text("The board is as the game has it again.",
                                                timeout=WAIT_MS)
    camera.close()


def test_oneworld_secret_choices_are_sealed_in_the_browser(make_app, live_server,
                                                          page):
    rolls = iter([4, 1])
    app = make_app(DICE_RANDBELOW=lambda n: next(rolls, 0))
    oneworld_to_combat(app.test_client())
    page.goto(live_server(app))
    secret = page.locator("#secret")
    sync_api.expect(secret).to_contain_text("CHEZ: choose in secret", timeout=WAIT_MS)
    sync_api.expect(page.locator("#panel")).to_contain_text("Combat on D1, round 1")
    sync_api.expect(space(page, "D1").locator(".mark.combat")).to_have_count(1)
    sync_api.expect(verdict(page)).to_contain_text("each side chooses in secret")
    screenshot(page, "table-oneworld-secret.png")
    page.fill('#secret-form input[name="fog"]', "1")
    page.click("#secret-form button")
    sync_api.expect(secret).to_contain_text("BORG: choose in secret", timeout=WAIT_MS)
    journal = get_runtime(app).journal
    sent = journal.events(kind="game.action")[-1].data["action"]
    assert set(sent) == {"type", "player", "commitment"} and sent["player"] == "chez"
    page.fill('#secret-form input[name="stone"]', "1")
    page.click("#secret-form button")
    sync_api.expect(page.locator("#reveal")).to_have_text("Reveal CHEZ's choice",
                                                          timeout=WAIT_MS)
    page.click("#reveal")
    sync_api.expect(page.locator("#reveal")).to_have_text("Reveal BORG's choice",
                                                          timeout=WAIT_MS)
    page.click("#reveal")
    sync_api.expect(verdict(page)).to_contain_text("BORG loses 1 Stone", timeout=WAIT_MS)
    sync_api.expect(secret).to_be_hidden()
    revealed = [e.data["action"] for e in journal.events(kind="game.action")[-2:]]
    assert revealed[0]["choice"] == {"stone": 0, "blade": 0, "fog": 1}
    screenshot(page, "table-oneworld.png")


def test_oneworld_undo_of_a_sealed_choice_is_refused_and_the_round_annulled(
        make_app, live_server, page):
    rolls = iter([4, 1])
    app = make_app(DICE_RANDBELOW=lambda n: next(rolls, 0))
    oneworld_to_combat(app.test_client())
    page.goto(live_server(app))
    secret = page.locator("#secret")
    for side, aspect in (("CHEZ", "fog"), ("BORG", "stone")):
        sync_api.expect(secret).to_contain_text(f"{side}: choose in secret", timeout=WAIT_MS)
        page.fill(f'#secret-form input[name="{aspect}"]', "1")
        page.click("#secret-form button")
    sync_api.expect(page.locator("#reveal")).to_have_text("Reveal CHEZ's choice",
                                                          timeout=WAIT_MS)
    page.click("#undo")
    sync_api.expect(verdict(page)).to_contain_text(
        "cannot be undone once both sides have committed", timeout=WAIT_MS)
    page.click("#annul")
    sync_api.expect(verdict(page)).to_contain_text("the secret choices of the round annulled",
                                                   timeout=WAIT_MS)
    sync_api.expect(secret).to_contain_text("CHEZ: choose in secret", timeout=WAIT_MS)
    record = page.request.get(page.url + "api/game/export").text()
    assert '# correction: {"type": "annul"}' in record.splitlines()


def test_the_demo_referees_its_replay_move_by_move(make_app, live_server, page):
    from web.commands import demo_config
    from web.demo import DemoGames

    games = DemoGames()
    app = make_app(**demo_config(games))
    games.table = get_runtime(app).table
    games.new_game()
    page.goto(live_server(app))
    sync_api.expect(page.locator("#turn")).to_contain_text("ONE", timeout=WAIT_MS)
    sync_api.expect(page.locator("#events li:not(.empty)")).not_to_have_count(
        0, timeout=WAIT_MS)
    sync_api.expect(page.locator("#events li").first).to_have_text("Black places on C4")
    sync_api.expect(page.locator("#events li")).to_have_count(3, timeout=WAIT_MS)
    sync_api.expect(page.locator("#overlay .seen")).not_to_have_count(0)
    screenshot(page, "table-demo.png")

    # A person starts a game of their own: the replay pauses and overrules nothing.
    sync_api.expect(page.locator("#demo-paused")).to_be_hidden()
    page.select_option("#game-choice", "go")
    page.click("#start")
    sync_api.expect(verdict(page)).to_have_text("A new game of Go begins.", timeout=WAIT_MS)
    sync_api.expect(page.locator("#demo-paused")).to_be_visible(timeout=WAIT_MS)
    mine = get_runtime(app).table.game_id
    space(page, "D4").click()
    sync_api.expect(verdict(page)).to_contain_text("Black places on D4", timeout=WAIT_MS)
    screenshot(page, "table-demo-paused.png")
    assert games.paused and get_runtime(app).table.game_id == mine
    # Resumed: a new pass of the replay, a new game of ONE; the person's game is kept.
    page.click("#demo-resume")
    sync_api.expect(page.locator("#demo-paused")).to_be_hidden(timeout=WAIT_MS)
    sync_api.expect(page.locator("#turn")).to_contain_text("ONE", timeout=WAIT_MS)
    saved = [g["game_id"] for g in page.request.get(page.url + "api/games").json()["saved"]]
    assert mine in saved


def test_the_board_is_registered_from_corners_tapped_on_the_picture(make_app, live_server,
                                                                    page):
    camera = TableCamera()
    app = make_app(FRAME_SOURCE=lambda: camera,  # no known board: it must be registered
                   RECOGNISER=stones)
    page.goto(live_server(app))
    sync_api.expect(page.locator("#start")).to_be_enabled(timeout=WAIT_MS)
    page.click(".more-options summary")
    page.fill("#more-options", '{"captures": false}')
    page.click("#start")
    sync_api.expect(page.locator("#referee-status")).to_have_text("searching",
                                                                  timeout=WAIT_MS)
    page.wait_for_function("document.getElementById('frame').naturalWidth === 800",
                           timeout=WAIT_MS)
    # The buttons under the board come last: the picture below them has settled.
    sync_api.expect(page.locator("#other-moves .move-button")).to_have_count(1,
                                                                             timeout=WAIT_MS)
    page.click("#tap-corners")
    sync_api.expect(page.locator("#corner-hint")).to_contain_text("top-left")
    _, truth = render_scene(21, "one-60", {}, POSE, CLEAN, frame=(800, 600))
    for x, y in truth["corners_px"]:
        box = page.locator("#frame").bounding_box()  # where the picture is now
        scale = box["width"] / 800
        page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)
    sync_api.expect(page.locator("#referee-status")).to_have_text("steady", timeout=WAIT_MS)
    camera.picture, _ = picture({"A1": "black"})
    sync_api.expect(verdict(page)).to_have_text("Black places on A1.", timeout=WAIT_MS)
    options = get_runtime(app).table.state["options"]
    assert options["captures"] is False


def test_a_reloaded_page_still_rings_the_last_move(make_app, live_server, page):
    app = make_app()
    client = app.test_client()
    client.post("/api/game/start", json={"game": "one", "options": {"players": 2}})
    for player, at in (("black", "A1"), ("white", "B1")):
        client.post("/api/game/play",
                    json={"action": {"type": "place", "player": player, "at": at}})
    page.goto(live_server(app))  # a page opened (or reloaded) after the move
    sync_api.expect(space(page, "B1").locator(".mark.last")).to_have_count(1, timeout=WAIT_MS)
    sync_api.expect(page.locator("#board .mark.last")).to_have_count(1)
    page.reload()
    sync_api.expect(space(page, "B1").locator(".mark.last")).to_have_count(1, timeout=WAIT_MS)
    screenshot(page, "table-one-reloaded.png")


def test_the_game_form_shows_the_game_in_progress(make_app, live_server, page):
    app = make_app()
    app.test_client().post("/api/game/start", json={"game": "onslaught",
                                                    "options": {"players": 2}})
    page.goto(live_server(app))
    sync_api.expect(page.locator("#turn")).to_contain_text("ONSLAUGHT", timeout=WAIT_MS)
    sync_api.expect(page.locator("#game-choice")).to_have_value("onslaught", timeout=WAIT_MS)
    sync_api.expect(page.locator("#players")).to_have_value("2")
    # A game started on another screen: this page's form follows it.
    app.test_client().post("/api/game/start", json={"game": "go",
                                                    "options": {"board": "go-13"}})
    sync_api.expect(page.locator("#game-choice")).to_have_value("go", timeout=WAIT_MS)
    sync_api.expect(page.locator("#board-choice")).to_have_value("go-13")


def test_onslaught_buttons_drawn_late_do_not_outlive_the_turn(make_app, live_server,
                                                              page):
    """An answer for the buttons that arrives after the turn has changed is not drawn."""
    app = make_app(DICE_RANDBELOW=lambda n: 2)
    client = app.test_client()
    client.post("/api/game/start", json={"game": "onslaught", "options": {"players": 2}})
    client.post("/api/dice/roll", json={"by": "page"})
    page.goto(live_server(app))
    buttons = page.locator("#other-moves .move-button")
    sync_api.expect(buttons).to_have_text(["Red 1 ends the turn"], timeout=WAIT_MS)
    held = []
    page.route("**/api/game/actions",
               lambda route: route.continue_() if held else held.append(route))
    with page.expect_request("**/api/game/actions", timeout=WAIT_MS):
        client.post("/api/game/play", json={"action": {"type": "move", "piece": "red1",
                                                       "to": "D2"}})
    red_buttons = client.get("/api/game/actions").get_data(as_text=True)
    end_turn = [a["action"] for a in client.get("/api/game/actions").get_json()["actions"]
                if a["action"]["type"] == "end_turn"]
    client.post("/api/game/play", json={"action": end_turn[0]})
    sync_api.expect(buttons).to_have_text(["Blue 1 rolls the die (roll 1d6)"],
                                          timeout=WAIT_MS)
    assert held, "the page asked for Red 1's buttons after the move"
    held[0].fulfill(status=200, content_type="application/json", body=red_buttons)
    page.evaluate("fetch('/healthz').then((r) => r.json())")  # the late answer is read
    sync_api.expect(buttons).to_have_text(["Blue 1 rolls the die (roll 1d6)"])
    page.unroute("**/api/game/actions")


def test_the_camera_box_says_whether_a_lens_calibration_is_loaded(make_app, live_server,
                                                                 page, tmp_path):
    from calibration.intrinsics import CameraModel

    path = tmp_path / "camera.json"
    matrix = np.array([[900.0, 0, 400], [0, 900.0, 300], [0, 0, 1]])
    CameraModel(matrix, np.zeros(5), (800, 600), rms=0.31).save(path)
    camera = TableCamera()
    app = make_app(FRAME_SOURCE=lambda: camera, BOARD_LOCATOR=known_board, RECOGNISER=stones,
                   CAMERA_PATH=str(path))
    app.test_client().post("/api/game/start", json={"game": "one", "options": {"players": 2}})
    page.goto(live_server(app))
    sync_api.expect(page.locator("#lens-status")).to_have_text(
        "Lens calibration loaded: its error is 0.31 pixels (good).", timeout=WAIT_MS)
    screenshot(page, "table-lens.png")


def test_the_drawn_boards_show_their_terrain_lines_and_squares(make_app, live_server,
                                                              page):
    import json
    from pathlib import Path

    import companion

    spec = json.loads((Path(companion.__file__).parent / "data/boards/oneworld.json")
                      .read_text(encoding="utf-8"))
    app = make_app()
    client = app.test_client()
    client.post("/api/game/start", json={"game": "oneworld"})
    page.goto(live_server(app))
    board = page.locator("#board")
    sync_api.expect(board.locator(".feature.runeline")).to_have_count(
        sum(len(f["sides"]) for f in spec["features"] if f["kind"] == "runeline"),
        timeout=WAIT_MS)
    sync_api.expect(board.locator(".feature.fault")).to_have_count(
        sum(len(f["sides"]) for f in spec["features"] if f["kind"] == "fault"))
    sync_api.expect(board.locator('.hex[data-terrain="pylon"]')).to_have_count(
        len(spec["terrain"]["pylon"]))
    sync_api.expect(board.locator(".tower-site")).to_have_count(len(spec["hexes"]))
    # A Runeline runs along the side B7 and C8 share: between their centres.
    side = board.locator('.feature.runeline[data-side="B7/C8"]')
    ends = [float(side.get_attribute(k)) for k in ("x1", "y1", "x2", "y2")]
    b7, c8 = board.locator('[data-space="B7"] .hit'), board.locator('[data-space="C8"] .hit')
    middle = [(float(b7.get_attribute(k)) + float(c8.get_attribute(k))) / 2
              for k in ("cx", "cy")]
    assert abs((ends[0] + ends[2]) / 2 - middle[0]) < 0.01
    assert abs((ends[1] + ends[3]) / 2 - middle[1]) < 0.01
    for words in ("Crystal Pylon", "Tower of Balance site", "Runeline", "Fault of Chaos"):
        sync_api.expect(board.locator(".legend")).to_contain_text(words)
    screenshot(page, "table-oneworld-board.png")

    client.post("/api/game/start", json={"game": "onslaught", "options": {"players": 2}})
    sync_api.expect(board.locator(".square-label")).to_have_count(9, timeout=WAIT_MS)
    labels = {board.locator(".square-label").nth(i).get_attribute("data-square"):
              board.locator(".square-label").nth(i).text_content() for i in range(9)}
    assert labels == {"D1": "Red core", "D7": "Blue core", "D4": "Prime node",
                      "B3": "Left node", "B5": "Left node", "F3": "Right node",
                      "F5": "Right node", "A1": "Red orb", "G7": "Blue orb"}
    for words in ("Red core", "Blue core", "Node (prime, left or right link)", "Red orb"):
        sync_api.expect(board.locator(".legend")).to_contain_text(words)
    screenshot(page, "table-onslaught-board.png")
