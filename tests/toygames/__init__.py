"""Two games defined only in the tests, each a package of its own that adds itself to the
registry with one line (``referee.registry.add(SPEC)``), its words named by its spec's
``words`` and read beside the built-in sentences as a built-in game's are: Pesca, a fishing game
on a 40-card deck whose sweep is a "pesca", and Fante, a trick game on the 36-card deck."""
