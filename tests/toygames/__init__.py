"""Two games defined only in the tests, each a package of its own that adds itself to the
registry with one line (``referee.registry.add(SPEC)``) and its words with
``referee.words.sentences.register`` (through its spec's ``words``): Pesca, a fishing game
on a 40-card deck whose sweep is a "pesca", and Fante, a trick game on the 36-card deck."""
