"""``python -m referee``."""

from referee.cli import main

main()
