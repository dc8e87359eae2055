"""Tournaments: entrants, rounds, tables, pairings, the director's decisions, standings with
tie-breaks, and their verification (tournament.md). The modules here are the core (pure
values and functions) except :mod:`store` and :mod:`director`, the edge that reads and
writes the folder."""
