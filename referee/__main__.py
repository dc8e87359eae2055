"""``python -m referee``."""

from referee.entry import main

if __name__ == "__main__":
    main()
