"""``referee serve``: the tables' phones enter each deal and play on the room's network.

The pages and the JSON interface go through the same table service as the CLI (the same
rules, the same lock, the same canonical bytes), and the server keeps nothing the files do
not hold: :mod:`~referee.serve.source` reads what is served, :mod:`~referee.serve.keys`
the keys, :mod:`~referee.serve.entry` records an entry, :mod:`~referee.serve.pages` and
:mod:`~referee.serve.boards` render, :mod:`~referee.serve.app` answers HTTP, and
:mod:`~referee.serve.start` starts the server. Starlette, uvicorn and segno are imported
by this package alone, so that the table commands never load them.
"""
