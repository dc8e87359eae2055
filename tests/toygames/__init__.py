"""Two games defined only in the tests, each a package of its own that adds itself to the
registry with one line (``referee.registry.add(SPEC)``): Pesca, a fishing game on a
40-card deck whose sweep is a "pesca", its words added to the built-in sentences with
``referee.words.sentences.register``; and Fante, a trick game on the 36-card deck, its
words named by its spec's ``words`` and read beside the built-in ones as a built-in
game's are."""
