"""A seeded Go game followed from rendered photos on a realistic table: the referee's
frames tests and the recogniser's odds tests read it."""

from benchmarks.follow import random_game
from hardware.follow_frames import follow
from hardware.referee_feed import game_recogniser


def realistic_follow(seed, *, held_out=False, size=9, moves=20):
    """A seeded random game rendered on a realistic table (``scene.looks``: glossy
    stones with their highlights, a webcam's noise and JPEG), followed photo by photo
    through its corners; the game's states, the results and the recogniser used."""
    import numpy as np

    from companion.vision.scene.frames import render_game_frames
    from companion.vision.scene.looks import random_look

    states = random_game(size, moves, seed=seed)
    look = random_look(np.random.default_rng(seed), held_out=held_out)
    frames = render_game_frames([{k: c for k, c in s["board"].items() if c} for s in states],
                                look, seed, f"go-{size}")
    made = []

    def recogniser(game, board):
        made.append(game_recogniser(game, board))
        return made[-1]

    results = list(follow("go", [(str(i), image) for i, (image, _) in enumerate(frames)],
                          corners=frames[0][1]["corners_px"], options={"size": size},
                          recogniser_for=recogniser))
    return states, results, made[-1]
