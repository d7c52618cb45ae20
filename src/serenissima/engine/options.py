"""The option schema: the rule options an engine's code reads, and the values it understands.

An edition's code reads its rule options as a frozen ``attrs`` class with one
field per option. Its engine declares, as :attr:`Engine.option_schema
<serenissima.engine.ruleset.Engine.option_schema>`, an :class:`OptionSchema`
derived from that class by :func:`option_schema`: the fields give the option
names and the Python types the code needs, and a small declaration gives the
string values the code understands. The schema is built from the class the
code reads, so the two cannot drift apart.

When a ruleset is loaded, the options of its ``options.toml`` are checked
against the schema (:meth:`OptionSchema.check`): a renamed, missing or
mistyped option, or a value the code does not understand, is a
:class:`~serenissima.engine.errors.RulesetError` naming the file and key. At
play, :meth:`OptionSchema.read` turns the option values of a game into the
class, and refuses a bad value with an :class:`~serenissima.engine.errors.OptionError`.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Generic, TypeVar

import attrs

from serenissima.engine.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    OptionError,
    RulesetError,
)
from serenissima.engine.spec import OptionKind, OptionSpec

__all__ = ["Numbers", "OptionField", "OptionSchema", "option_schema"]

OptionsT = TypeVar("OptionsT")
"""The options class of a schema, as in ``OptionSchema[ClassicOptions]``."""

_WHOLE = re.compile(r"-?[0-9]+")
_PORTS = str | tuple[str, ...]
"""The field type of a ``ports`` option: one of its words, or a tuple of port ids."""
_KINDS: tuple[tuple[object, OptionKind], ...] = (
    (bool, OptionKind.BOOL),
    (int, OptionKind.CHOICE),
    (str, OptionKind.CHOICE),
    (_PORTS, OptionKind.PORTS),
)
"""The field types an options class may use, and the kind of option each is declared as."""


@attrs.frozen(slots=True)
class Numbers:
    """Whole numbers written as strings, such as ``"100"``, from ``low`` to ``high``.

    Attributes:
        low: The smallest number the code understands, or ``None`` for no bound.
        high: The largest, or ``None`` for no bound.

    Examples:
        >>> from serenissima.engine.options import Numbers
        >>> positive = Numbers(low=1)
        >>> positive.accepts("100"), positive.accepts("0"), positive.accepts("ten")
        (True, False, False)
        >>> str(positive)
        'a whole number of at least 1'
    """

    low: int | None = None
    high: int | None = None

    def accepts(self, text: str) -> bool:
        """Return whether ``text`` spells a whole number within the bounds (digits only)."""
        if _WHOLE.fullmatch(text) is None:
            return False
        number = int(text)
        return (self.low is None or number >= self.low) and (
            self.high is None or number <= self.high
        )

    def __str__(self) -> str:
        if self.low is not None and self.high is not None:
            return f"a whole number in {self.low}..{self.high}"
        if self.low is not None:
            return f"a whole number of at least {self.low}"
        if self.high is not None:
            return f"a whole number of at most {self.high}"
        return "a whole number"


@attrs.frozen(slots=True)
class OptionField:
    """One rule option as an engine's code reads it: a field of its options class.

    Attributes:
        name: The option's name, the field's name.
        kind: How ``options.toml`` must declare it: ``bool`` for a ``bool``
            field, ``choice`` for an ``int`` or ``str`` field, ``ports`` for a
            ``str | tuple[str, ...]`` field.
        python_type: The field's type: what the code needs. An ``int`` is
            written as a string in ``options.toml`` (``values = ["100"]``).
        words: The strings the code understands (none for a ``bool``).
        numbers: The whole numbers, written as strings, that the code
            understands besides ``words``; ``None`` when it reads no number.

    Examples:
        >>> import serenissima as ser
        >>> field = ser.load_ruleset("classic").engine.option_schema.field("money_unit")
        >>> field.kind, field.python_type, field.understands("50"), field.understands("0")
        (<OptionKind.CHOICE: 'choice'>, <class 'int'>, True, False)
        >>> field.describe()
        'a whole number of at least 1'
    """

    name: str
    kind: OptionKind
    python_type: object
    words: tuple[str, ...] = ()
    numbers: Numbers | None = None

    def understands(self, value: str) -> bool:
        """Return whether the code understands the string ``value`` for this option."""
        return value in self.words or (self.numbers is not None and self.numbers.accepts(value))

    def describe(self) -> str:
        """Say which values the code understands, for messages."""
        if self.kind is OptionKind.BOOL:
            return "true or false"
        parts = [*self.words, *([str(self.numbers)] if self.numbers is not None else [])]
        if self.words and self.numbers is None:
            text = f"one of {', '.join(self.words)}"
        else:
            text = " or ".join(parts)
        return f"{text} or a list of port ids" if self.kind is OptionKind.PORTS else text

    def read(self, value: object) -> object:
        """Return ``value`` as the code reads it (a number written as a string becomes an int).

        Raises:
            OptionError: A value the code does not understand.
        """
        if self.kind is OptionKind.BOOL:
            if isinstance(value, bool):
                return value
        elif isinstance(value, str):
            if self.understands(value):
                return int(value) if self.python_type is int else value
        elif (
            self.kind is OptionKind.PORTS
            and isinstance(value, list | tuple)
            and all(isinstance(item, str) for item in value)
        ):
            return tuple(value)
        raise OptionError(self.name, f"expected {self.describe()}, got {value!r}")

    def check(
        self, option: OptionSpec, *, edition: str, file: str, key: str, ports: Collection[str]
    ) -> None:
        """Check how ``options.toml`` declares this option (see :meth:`OptionSchema.check`).

        Raises:
            RulesetError: A wrong kind, a value or default the code does not
                understand, or a default port that is not on the board.
        """
        if option.kind is not self.kind:
            reads = f"the {edition} engine reads {self.name} as {self._reads()}"
            raise RulesetError(
                file,
                f"{key}.kind",
                f"expected {self.kind.value!r} ({reads}), got {option.kind.value!r}",
            )
        why = f"the values the {edition} engine understands for {self.name}"
        for index, value in enumerate(option.values):
            if not self.understands(value):
                raise RulesetError(
                    file,
                    f"{key}.values[{index}]",
                    f"expected {self.describe()} ({why}), got {value!r}",
                )
        default = option.default
        if isinstance(default, str) and not self.understands(default):
            raise RulesetError(
                file, f"{key}.default", f"expected {self.describe()} ({why}), got {default!r}"
            )
        if isinstance(default, tuple):
            for index, port in enumerate(default):
                if port not in ports:
                    raise RulesetError(
                        file,
                        f"{key}.default[{index}]",
                        f"expected a port of the board, got {port!r}",
                    )

    def _reads(self) -> str:
        if self.kind is OptionKind.BOOL:
            return "true or false"
        if self.kind is OptionKind.PORTS:
            return "one of its values or a list of port ids"
        if self.python_type is int:
            return "a whole number written as a string, such as '100'"
        return "one of its values"


@attrs.frozen(slots=True)
class OptionSchema(Generic[OptionsT]):
    """The rule options an engine's code reads: its options class and what it understands.

    Build one with :func:`option_schema`.

    Attributes:
        options_type: The frozen ``attrs`` class the code reads the options as.
        fields: One entry per field of that class, in its order.

    Examples:
        >>> import serenissima as ser
        >>> schema = ser.load_ruleset("modern").engine.option_schema
        >>> schema.options_type.__name__, schema.names[:2]
        ('ModernOptions', ('galley_capacity', 'cv_between_battles'))
        >>> schema.read({"galley_capacity": "separate"}).galley_capacity
        'separate'
    """

    options_type: type[OptionsT]
    fields: tuple[OptionField, ...]

    @property
    def names(self) -> tuple[str, ...]:
        """The names of the options the code reads, in the order of the class."""
        return tuple(field.name for field in self.fields)

    def field(self, name: str) -> OptionField:
        """Return the option called ``name``.

        Raises:
            OptionError: The code reads no option of that name.
        """
        for field in self.fields:
            if field.name == name:
                return field
        raise OptionError(name, f"unknown option; the code reads {', '.join(self.names)}")

    def read(self, options: Mapping[str, object]) -> OptionsT:
        """Build the options class from the option values of a game.

        Args:
            options: Values by option name, as ``Ruleset.new_game`` resolves
                them; an option left out takes the class's default.

        Returns:
            The options as the code reads them.

        Raises:
            OptionError: An unknown option, or a value the code does not understand.
        """
        make: Callable[..., OptionsT] = self.options_type
        return make(**{name: self.field(name).read(value) for name, value in options.items()})

    def check(
        self,
        options: Sequence[OptionSpec],
        *,
        edition: str,
        file: str,
        ports: Collection[str] = (),
    ) -> None:
        """Check the options a ruleset declares against what the code reads.

        Every option of ``options.toml`` must be one the code reads, of the
        kind its field needs, with values (and a default) the code
        understands; a list of ports given as a default must name ports of the
        board; and every option the code reads must be declared.

        Args:
            options: The declared options, in file order (see
                :func:`~serenissima.engine.loader.load_options`).
            edition: The engine's edition, for messages.
            file: The file they come from.
            ports: The port ids of the board.

        Raises:
            RulesetError: The first problem, e.g. ``options.toml: option[0].name:
                expected one of the options the modern engine reads: ...; got 'galley_cap'``.
        """
        declared = {option.name for option in options}
        missing = [name for name in self.names if name not in declared]
        for index, option in enumerate(options):
            key = f"option[{index}]"
            if option.name not in self.names:
                known = ", ".join(self.names)
                hint = f" ({', '.join(missing)} not declared)" if missing else ""
                raise RulesetError(
                    file,
                    f"{key}.name",
                    f"expected one of the options the {edition} engine reads: {known}; "
                    f"got {option.name!r}{hint}",
                )
            self.field(option.name).check(option, edition=edition, file=file, key=key, ports=ports)
        if missing:
            raise RulesetError(
                file,
                "option",
                f"expected an [[option]] for each option the {edition} engine reads, "
                f"got none for {', '.join(missing)}",
            )


def option_schema(
    options_type: type[OptionsT], /, **understood: Numbers | tuple[str | Numbers, ...]
) -> OptionSchema[OptionsT]:
    """Derive an engine's option schema from the class its code reads the options as.

    Each field of ``options_type`` is an option of the same name; its type
    says what the code needs and how ``options.toml`` declares it: ``bool``
    (kind ``bool``), ``str`` or ``int`` (kind ``choice``, an ``int`` written
    as a string) or ``str | tuple[str, ...]`` (kind ``ports``). Every field
    but the ``bool`` ones is given, as a keyword argument, the values the code
    understands: strings, and :class:`Numbers` for numbers written as strings.

    Args:
        options_type: A frozen ``attrs`` class, one field per option.
        **understood: For each non-``bool`` field, a tuple of the strings the
            code understands (with a :class:`Numbers` among them when it also
            reads numbers), or a :class:`Numbers` alone for an ``int`` field.

    Returns:
        The schema.

    Raises:
        ArgumentTypeError: ``options_type`` is not an ``attrs`` class.
        ArgumentValueError: A field of another type, a field without its
            values (or a ``bool`` field with some), an ``int`` field with
            strings, or a name that is not a field.

    Examples:
        >>> import attrs
        >>> from serenissima.engine.options import Numbers, option_schema
        >>> @attrs.frozen
        ... class DiceOptions:
        ...     die: str = "d6"
        ...     target: int = 10
        ...     may_stop: bool = True
        >>> schema = option_schema(DiceOptions, die=("d6", "d4"), target=Numbers(low=1))
        >>> [(field.name, field.kind.value) for field in schema.fields]
        [('die', 'choice'), ('target', 'choice'), ('may_stop', 'bool')]
        >>> schema.read({"target": "20"})
        DiceOptions(die='d6', target=20, may_stop=True)
    """
    target = options_type
    if not (isinstance(options_type, type) and attrs.has(options_type)):
        raise ArgumentTypeError("options_type", "an attrs class", options_type)
    hints = typing.get_type_hints(options_type)
    names = [field.name for field in attrs.fields(options_type)]
    for name in understood:
        if name not in names:
            raise ArgumentValueError(f"{options_type.__name__} has no field {name!r}")
    fields = tuple(
        _field(options_type.__name__, name, hints[name], understood.get(name)) for name in names
    )
    return OptionSchema(target, fields)


def _field(
    owner: str, name: str, hint: object, declared: Numbers | tuple[str | Numbers, ...] | None
) -> OptionField:
    kind = next((kind for tp, kind in _KINDS if hint == tp), None)
    where = f"{owner}.{name}"
    if kind is None:
        raise ArgumentValueError(
            f"{where}: expected a field of type bool, int, str or str | tuple[str, ...], got {hint}"
        )
    parts = (declared,) if isinstance(declared, Numbers) else declared or ()
    words = tuple(part for part in parts if isinstance(part, str))
    numbers = [part for part in parts if isinstance(part, Numbers)]
    if kind is OptionKind.BOOL:
        if declared is not None:
            raise ArgumentValueError(f"{where}: a bool option takes no values (true or false)")
        return OptionField(name, kind, hint)
    if len(numbers) > 1 or not (words or numbers):
        raise ArgumentValueError(
            f"{where}: expected the values the code understands (strings, at most one Numbers)"
        )
    if hint is int and (words or not numbers):
        raise ArgumentValueError(f"{where}: an int option takes a Numbers and no strings")
    return OptionField(name, kind, hint, words, numbers[0] if numbers else None)
