"""referee: a command-line referee and scorekeeper for Basra, Pasur, Bura and Kozel."""

__version__ = "0.1.0"
