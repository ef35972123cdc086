"""The stone recogniser a game reads the table with, for tests that feed rendered
pictures through the live loop."""

def stones(game, board):
    """The stone recogniser with the bundled settings (an empty board reads as a board)."""
    from companion.vision.games import game_vision
    from companion.vision.pipeline import Recogniser

    vision = game_vision(game, board=board)
    return Recogniser(vision.geometry, vision.colours)
