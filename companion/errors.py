"""Error types. Every message says what is wrong and what would be right."""


class CompanionError(Exception):
    """Base of every error the engine raises on bad input."""


class MalformedCard(CompanionError):
    """Text that is not a card token or typed play."""


class AmbiguousSpelling(CompanionError):
    """A typed Quiddler word that splits into cards more than one way."""

    def __init__(self, message: str, options: list[list[str]]):
        super().__init__(message)
        self.options = options


class DeckError(CompanionError):
    """A deck file that is broken, or a card or copy the deck does not have."""


class IllegalPlay(CompanionError):
    """A play the rules forbid (wrong turn, bad steal, game over ...)."""


class UnknownPlayer(IllegalPlay):
    """A player name that is not at the table."""


class SetupError(CompanionError):
    """A new game whose players or options are not allowed."""


class SaveError(CompanionError):
    """A save file or game log that cannot be read; it is left untouched."""


class GameMovedOn(CompanionError):
    """Another window (or program) changed a saved game after this one last read it: nothing was written."""
