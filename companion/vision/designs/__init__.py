"""The pieces the camera reads, as designed: one module per design, the one source of its
sizes, colours and shapes.

The printables (``calibration.printables``) print these designs, the test-scene
renderer (``companion.vision.scene``) draws them, and the recognisers
(``companion.vision``) read them; none keeps a copy. Thresholds (how sure a reading must
be, how far a colour may drift) stay in ``thresholds.json``.
"""
