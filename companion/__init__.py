"""Tabletop Companion: the referee core.

Board geometries, game rules engines, the event journal, dice and the recogniser
pipeline. Nothing here imports Flask, gpiozero or picamera2, so every rule and every
recogniser can be tested on a laptop from images alone.
"""

__version__ = "0.1.0"
