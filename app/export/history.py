"""The change log of a backup must lead to its rounds exactly as the store wrote it, and
undo must be able to walk it back (store.undo_last_change).

The store keeps only a table's newest changes (store.CHANGE_LIMIT), so a log may begin in the
middle of a table's life: it is walked back from the file's rounds to where it begins, then
forward again from there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from typing import Protocol

from app.export.validation import canonical
from app.text import InputError
from app.text import Message


class Logged(Protocol):
    """What the replay reads of a change (read-only, so frozen dataclasses fit)."""

    @property
    def kind(self) -> str:
        """What was done: add, edit, delete, settings (round number 0), undo or redo."""

    @property
    def round_number(self) -> int:
        """The number of the round the change is about."""

    @property
    def before(self) -> dict[str, Any] | None:
        """The round as it was (None when the change inserted it)."""

    @property
    def after(self) -> dict[str, Any] | None:
        """The round as it became (None when the change removed it)."""

    @property
    def undone(self) -> bool:
        """True when a later undo reverted the change."""


def broken(path: str, what: Message) -> InputError:
    """The change log contradicts itself or the rounds: `what` it does wrong."""
    return InputError(
        Message(
            "The change log (%(path)s) %(what)s: the file was changed by hand or is damaged.",
            path=path,
            what=what,
        ),
        path,
    )


def inverse(change: Logged) -> tuple[int, str, str]:
    """What the undo of a change logs: the same round, before and after swapped."""
    return change.round_number, canonical(change.after), canonical(change.before)


def start_of(changes: Sequence[Logged], rounds: list[dict[str, Any]], path: str) -> list[Any]:
    """The rounds before the oldest logged change: the log walked back from the file's rounds."""
    state: list[Any] = list(rounds)
    for index in reversed(range(len(changes))):
        change, at = changes[index], f"{path}[{index}]"
        number = change.round_number
        if number == 0:  # the table's settings: no round changed
            continue
        if change.after is None:  # it removed round `number`: put it back
            if not 1 <= number <= len(state) + 1:
                raise broken(
                    at,
                    Message(
                        "removes round %(number)s from %(value)s rounds",
                        number=number,
                        value=len(state) + 1,
                    ),
                )
            state.insert(number - 1, change.before)
        elif not 1 <= number <= len(state) or canonical(state[number - 1]) != canonical(
            change.after
        ):
            raise broken(
                at,
                Message(
                    "changes round %(number)s other than the rounds of the file are", number=number
                ),
            )
        elif change.before is None:
            del state[number - 1]
        else:
            state[number - 1] = change.before
    return state


def replay(changes: Sequence[Logged], rounds: list[dict[str, Any]], path: str) -> None:
    """Walk the log as the store wrote it, from where it begins; it must end at the rounds.

    An undo must name the inverse of the newest change not yet undone and mark it undone
    (store.undo_last_change; one older than the trimmed log is checked against the rounds
    only), a redo the change undone last (store.redo_last_undo). Settings changes (round 0)
    change no round; an empty log is accepted (undo has nothing to revert).
    """
    if not changes:
        return
    state: list[dict[str, Any]] = start_of(changes, rounds, path)
    open_changes: list[int] = []
    redoable: list[int] = []
    undone = [False] * len(changes)
    for index, change in enumerate(changes):
        at, number = f"{path}[{index}]", change.round_number
        if change.kind == "redo":
            if redoable:
                target = redoable.pop()
                if (number, canonical(change.before), canonical(change.after)) != (
                    changes[target].round_number,
                    canonical(changes[target].before),
                    canonical(changes[target].after),
                ):
                    raise broken(
                        at, Message("has a redo that does not repeat the change undone last")
                    )
                undone[target] = False
                open_changes.append(target)
            # else: it repeated a change older than the log
        elif change.kind == "undo" and not open_changes:
            pass  # it reverted a change older than the log
        elif change.kind == "undo":
            target = open_changes.pop()
            if inverse(changes[target]) != (
                number,
                canonical(change.before),
                canonical(change.after),
            ):
                raise broken(at, Message("has an undo that does not revert the newest change"))
            undone[target] = True
            redoable.append(target)
        else:
            open_changes.append(index)
            redoable.clear()  # a new change ends what could be redone
        if number == 0:
            continue  # the table's settings: no round changed
        if change.before is None:
            if not 1 <= number <= len(state) + 1 or change.after is None:
                raise broken(
                    at,
                    Message(
                        "inserts round %(number)s into %(count)s rounds",
                        number=number,
                        count=len(state),
                    ),
                )
            state.insert(number - 1, change.after)
        elif not 1 <= number <= len(state) or canonical(state[number - 1]) != canonical(
            change.before
        ):
            raise broken(
                at, Message("changes round %(number)s, which was different then", number=number)
            )
        elif change.after is None:
            del state[number - 1]
        else:
            state[number - 1] = change.after
    if canonical(state) != canonical(rounds):
        why = Message("does not lead to the rounds of the file")
        raise broken(path, why)
    for index, change in enumerate(changes):
        if change.undone != undone[index]:
            raise broken(f"{path}[{index}].undone", Message("marks the wrong changes as undone"))
