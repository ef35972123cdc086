"""The referee at the table: what the camera reads, held against the game.

A steady reading of the board (space → content, or unsure) is compared with the game's
view of its state (``reading``); the legal actions, alone or a few in a row, that turn
the state into what the camera sees are searched (``explain``); a change that no legal
action explains but that looks like a move is checked against the rules for its reason
(``guesses``, asking the game what the change looks like); a move that may hide in a
space the camera cannot read is asked about ("Is C4 empty or white?", ``question``, in
the game's words); and a ``TableSession`` (``session``) ties it to the journal, the
dice and the page, with corrections by hand (``companion.games.corrections``), saying
which spaces the last change touched (``last_step``) so a page can ring the last move.

This package is camera-free and web-free: the pictures become readings elsewhere. It
never asks which game it holds: what differs between games is the game's own hooks
(``companion.games.base.Game``).
"""
