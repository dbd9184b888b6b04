"""A table's house rules as one value: the switches away from their default, by option name.

Each variant declares its own switches (:class:`~app.engine.houserules.HouseRule`) in its
folder; an :class:`Options` value holds only what a table changed, and a rule asks it for a
switch (``situation.options[SEVEN]``), getting that switch's own default when it is unset.
So two variants may both have a ``seven`` with different choices, as OpenSpiel's games each
own their parameters. Text form (the situation's ``options=``)::

    stack2,seven:pass,handlimit:false
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from dataclasses import dataclass

from app.engine.houserules import HouseRule
from app.engine.houserules import Value
from app.engine.houserules import option_names


@dataclass(frozen=True, slots=True)
class Options:
    """The switches a table set away from their default, ``(option, value)`` in the order
    of the variant's declaration (names it does not declare last, for the referee to name)."""

    chosen: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def of(cls, house_rules: Iterable[HouseRule], values: Mapping[str, Value]) -> Options:
        """The options of a variant with these switches: values at their default are left
        out, so a table that names a default equals one that does not."""
        declared = {rule.option: rule for rule in house_rules}
        order = {name: index for index, name in enumerate(declared)}
        kept = [
            (name, value)
            for name, value in values.items()
            if name not in declared or not at_default(declared[name], value)
        ]
        return cls(tuple(sorted(kept, key=lambda item: order.get(item[0], len(order)))))

    @classmethod
    def parse(cls, text: str, house_rules: Iterable[HouseRule] = ()) -> Options:
        """Read ``stack2,seven:pass,handlimit:false``: a bare name switches it on, ``true`` and
        ``false`` are on and off, any other word is a choice (checked by the rules' problems)."""
        values: dict[str, Value] = {}
        known = option_names()
        for item in filter(None, text.split(",")):
            name, colon, value = item.partition(":")
            if name not in known or name in values:
                raise ValueError(f"{item!r} is not an option (options: {', '.join(known)})")
            values[name] = value != "false" if value in ("true", "false") or not colon else value
        return cls.of(house_rules, values)

    def __getitem__(self, rule: HouseRule) -> Value:
        """The value of a switch: the table's choice, else the switch's default."""
        for name, value in self.chosen:
            if name == rule.option:
                return value
        return rule.default

    def on(self, rule: HouseRule) -> bool:
        """True when an on/off switch is on."""
        return self[rule] is True

    def changed(self) -> dict[str, Value]:
        """The switches away from their default, by option name."""
        return dict(self.chosen)

    def __str__(self) -> str:
        """The inverse of :meth:`parse`."""
        return ",".join(
            name if value is True else f"{name}:{str(value).lower()}" for name, value in self.chosen
        )


def at_default(rule: HouseRule, value: Value) -> bool:
    """True when ``value`` is the switch's default (``True`` is not the string "true")."""
    return type(value) is type(rule.default) and value == rule.default


# No switch changed: every rule reads its default.
DEFAULT_OPTIONS = Options()
