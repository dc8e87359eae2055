"""referee: a command-line referee and scorekeeper for Basra, Pasur and Bura."""

__version__ = "0.1.0"
