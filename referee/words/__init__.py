"""The words layer: the values the games hand back (facts, rulings, events) said as
sentences in the reader's language. Games never build these sentences; the table service,
the renderers and the command line call this layer (it sits below the service: see
``tests/test_layout.py``). The choice of language is :mod:`referee.words.lang`.

- :mod:`referee.words.sentences`: :func:`~referee.words.sentences.said` turns a fact
  into its sentence, from each game family's table (:mod:`referee.games.fishing.words`,
  :mod:`referee.games.trick.words`).
- :mod:`referee.words.events`: each event said, and :func:`~referee.words.events.said_back`,
  the one line that says an accepted entry back (``Omar: 9♦ takes 5♦ 4♣``).
- :mod:`referee.words.rulings`: :func:`~referee.words.rulings.refusal_json`, a refused
  entry as the object programs read (``{"rule", "message", "legal", "more"}``).
"""
