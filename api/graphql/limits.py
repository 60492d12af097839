"""What one GraphQL document may ask for, measured before graphql-core validates it.

- tokens: the parser stops as soon as a document has more (the request size limit bounds characters);
- depth: fields on the longest path (`{ games { key } }` is 2), introspection (`__schema`, `__type`)
  excepted: graphql-core's MaxIntrospectionDepthRule bounds that;
- aliases: aliased fields, counted at every spread of the fragment they are in;
- cost: selections (fields, fragment spreads, inline fragments) with every fragment spread expanded,
  where a response name selected n times at one place counts n², and so do n fragment spreads at one
  place: graphql-core's OverlappingFieldsCanBeMergedRule compares every pair of them (500 copies of
  `games { key }` took it 0.7 s). A document without fragments that names each field once costs its
  number of fields.

Why not strawberry's QueryDepthLimiter and MaxAliasesLimiter: they walk a fragment again at each of its
spreads, so a 1 KB chain of fragments, each spreading the previous one twice, cost them 2^n steps and held
the event loop for minutes. Here each fragment is measured once, after the fragments it spreads, in plain
ints: a chain whose expansion has 2^49 fields is refused in microseconds. Only once the expansion is known
to be within the limit are spreads expanded, to find the repeated names.

A spread of an unknown fragment, or one that closes a cycle, counts for nothing here: graphql-core's
validation (KnownFragmentNamesRule, NoFragmentCyclesRule) refuses those documents.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from django.conf import settings
from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    InlineFragmentNode,
    OperationDefinitionNode,
    SelectionSetNode,
)

QUERY_TOO_LARGE = "QUERY_TOO_LARGE"
QUERY_TOO_DEEP = "QUERY_TOO_DEEP"
TOO_MANY_ALIASES = "TOO_MANY_ALIASES"
QUERY_TOO_COMPLEX = "QUERY_TOO_COMPLEX"

INTROSPECTION_ROOTS = frozenset({"__schema", "__type"})


@dataclass(frozen=True)
class DocumentLimits:
    tokens: int
    depth: int
    aliases: int
    cost: int

    # Each limit's setting.
    SETTINGS: ClassVar[dict[str, str]] = {
        "tokens": "GRAPHQL_MAX_TOKENS",
        "depth": "GRAPHQL_MAX_DEPTH",
        "aliases": "GRAPHQL_MAX_ALIASES",
        "cost": "GRAPHQL_MAX_COST",
    }

    @classmethod
    def from_settings(cls) -> DocumentLimits:
        return cls(**{limit: getattr(settings, name) for limit, name in cls.SETTINGS.items()})


@dataclass(frozen=True)
class Size:
    """A selection with every fragment spread expanded (Python ints: the expansion may be huge)."""

    selections: int = 0
    aliases: int = 0
    depth: int = 0

    def beside(self, other: Size) -> Size:
        return Size(
            self.selections + other.selections, self.aliases + other.aliases, max(self.depth, other.depth)
        )


NOTHING = Size()
ONE = Size(selections=1)


def refusal(document: DocumentNode, limits: DocumentLimits) -> GraphQLError | None:
    """Why `document` asks for too much, or None. Linear in the document's size, whatever it spreads."""
    fragments = first_fragments(document)
    order = dependency_order(document, fragments)
    sizes: dict[str, Size] = {}
    for name in order:
        sizes[name] = measure(fragments[name].selection_set, sizes)
    roots = outermost(document, fragments)
    total = NOTHING
    for root in roots:
        measured = isinstance(root, FragmentDefinitionNode) and fragments[root.name.value] is root
        total = total.beside(sizes[root.name.value] if measured else measure(root.selection_set, sizes))
    if total.depth > limits.depth:
        return refused(QUERY_TOO_DEEP, f"The document is {total.depth} fields deep; at most {limits.depth}.")
    if total.aliases > limits.aliases:
        return refused(
            TOO_MANY_ALIASES, f"The document has {total.aliases} aliases; at most {limits.aliases}."
        )
    if total.selections > limits.cost:
        return too_complex(total.selections, limits, at_least=True)
    # The expansion is now known to be small: expand it to count the pairs of repeated names.
    ranks = {name: rank for rank, name in enumerate(order)}
    cost = sum(
        pairwise_cost([(root.selection_set, rank_of(root, ranks))], fragments, ranks) for root in roots
    )
    return too_complex(cost, limits, at_least=False) if cost > limits.cost else None


def refused(code: str, message: str) -> GraphQLError:
    return GraphQLError(message, extensions={"code": code})


def too_complex(cost: int, limits: DocumentLimits, *, at_least: bool) -> GraphQLError:
    shown = f"{'at least ' if at_least else ''}{cost}" if cost < 10**12 else f"about 10^{len(str(cost)) - 1}"
    return refused(
        QUERY_TOO_COMPLEX,
        f"The document costs {shown} (selections with every fragment spread expanded); at most {limits.cost}.",
    )


def first_fragments(document: DocumentNode) -> dict[str, FragmentDefinitionNode]:
    """Fragments by name; a second fragment of the same name is graphql-core's to refuse."""
    fragments: dict[str, FragmentDefinitionNode] = {}
    for definition in document.definitions:
        if isinstance(definition, FragmentDefinitionNode):
            fragments.setdefault(definition.name.value, definition)
    return fragments


def spreads(selection_set: SelectionSetNode) -> Iterator[str]:
    """The names of the fragments spread anywhere in `selection_set` (not inside those fragments)."""
    for selection in selection_set.selections:
        if isinstance(selection, FragmentSpreadNode):
            yield selection.name.value
        elif selection.selection_set is not None:  # a field or an inline fragment
            yield from spreads(selection.selection_set)


def dependency_order(document: DocumentNode, fragments: dict[str, FragmentDefinitionNode]) -> list[str]:
    """Every fragment after the fragments it spreads, except for a spread that closes a cycle.

    Depth-first, from the operations' spreads first: every fragment an operation reaches is then
    reached along spreads that count, so none of what an operation selects goes unmeasured.
    """
    operation_spreads = [
        name
        for definition in document.definitions
        if isinstance(definition, OperationDefinitionNode)
        for name in spreads(definition.selection_set)
    ]
    order: list[str] = []
    seen: set[str] = set()
    for start in (*operation_spreads, *fragments):
        if start in seen or start not in fragments:
            continue
        seen.add(start)
        stack = [(start, spreads(fragments[start].selection_set))]
        while stack:
            name, pending = stack[-1]
            child = next((c for c in pending if c in fragments and c not in seen), None)
            if child is None:
                stack.pop()
                order.append(name)
            else:
                seen.add(child)
                stack.append((child, spreads(fragments[child].selection_set)))
    return order


def measure(selection_set: SelectionSetNode, sizes: dict[str, Size]) -> Size:
    """The size of a selection, given the sizes of the fragments measured so far."""
    total = NOTHING
    for selection in selection_set.selections:
        if isinstance(selection, FieldNode):
            inner = NOTHING if selection.selection_set is None else measure(selection.selection_set, sizes)
            introspection = selection.name.value in INTROSPECTION_ROOTS
            field = Size(
                1 + inner.selections,
                (selection.alias is not None) + inner.aliases,
                0 if introspection else 1 + inner.depth,
            )
        elif isinstance(selection, InlineFragmentNode):
            field = ONE.beside(measure(selection.selection_set, sizes))
        else:
            field = ONE.beside(sizes.get(selection.name.value, NOTHING))
        total = total.beside(field)
    return total


def outermost(
    document: DocumentNode, fragments: dict[str, FragmentDefinitionNode]
) -> list[OperationDefinitionNode | FragmentDefinitionNode]:
    """The definitions no operation reaches into: operations, unused fragments and duplicates.

    graphql-core validates every definition, used or not, so each counts.
    """
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    reached: set[str] = set()
    pending = [name for operation in operations for name in spreads(operation.selection_set)]
    while pending:
        name = pending.pop()
        if name in fragments and name not in reached:
            reached.add(name)
            pending.extend(spreads(fragments[name].selection_set))
    return [
        *operations,
        *(
            d
            for d in document.definitions
            if isinstance(d, FragmentDefinitionNode)
            and (d.name.value not in reached or fragments[d.name.value] is not d)
        ),
    ]


def rank_of(definition: OperationDefinitionNode | FragmentDefinitionNode, ranks: dict[str, int]) -> int:
    """An operation may spread any fragment; a fragment only those measured before it."""
    if isinstance(definition, FragmentDefinitionNode) and definition.name.value in ranks:
        return ranks[definition.name.value]
    return len(ranks)


def pairwise_cost(
    roots: list[tuple[SelectionSetNode, int]],
    fragments: dict[str, FragmentDefinitionNode],
    ranks: dict[str, int],
) -> int:
    """Σ n² over the response names of `roots` merged (n: how often a name is selected there), plus the
    square of their fragment spreads and their inline fragments, and so on down the merged selections
    below each name. Each selection set comes with the rank of the definition it is in, so spreads are
    expanded exactly as `measure` counted them. A worklist, not recursion: an introspection path may be
    longer than Python's recursion limit."""
    cost = 0
    groups = [roots]
    while groups:
        counts, below, spread_count, inline_count = merged(groups.pop(), fragments, ranks)
        cost += sum(n * n for n in counts.values()) + spread_count * spread_count + inline_count
        groups.extend(below.values())
    return cost


def merged(
    selection_sets: list[tuple[SelectionSetNode, int]],
    fragments: dict[str, FragmentDefinitionNode],
    ranks: dict[str, int],
) -> tuple[Counter[str], dict[str, list[tuple[SelectionSetNode, int]]], int, int]:
    """How often each response name is selected in these selection sets, fragments expanded, the
    selection sets below each name, and how many spreads and inline fragments they have."""
    counts: Counter[str] = Counter()
    spread_count = inline_count = 0
    below: dict[str, list[tuple[SelectionSetNode, int]]] = {}
    pending = list(selection_sets)
    while pending:
        selection_set, rank = pending.pop()
        for selection in selection_set.selections:
            if isinstance(selection, FieldNode):
                key = (selection.alias or selection.name).value
                counts[key] += 1
                if selection.selection_set is not None:
                    below.setdefault(key, []).append((selection.selection_set, rank))
            elif isinstance(selection, InlineFragmentNode):
                inline_count += 1
                pending.append((selection.selection_set, rank))
            else:
                spread_count += 1
                spread_rank = ranks.get(selection.name.value)
                if spread_rank is not None and spread_rank < rank:
                    pending.append((fragments[selection.name.value].selection_set, spread_rank))
    return counts, below, spread_count, inline_count
