"""Every GraphQL document parsed, measured and validated once, within the limits, before it runs.

`CheckedDocuments` replaces strawberry's ParserCache, ValidationCache, MaxTokensLimiter,
QueryDepthLimiter and MaxAliasesLimiter:

- on_parse: parse within GRAPHQL_MAX_TOKENS, or take the document from the cache of recent ones;
- on_validate: measure it (api/graphql/limits.py) and, only when it is within the limits, run
  graphql-core's rules (OverlappingFieldsCanBeMergedRule is quadratic: costly documents never reach it).
  With GRAPHQL_INTROSPECTION off, `__schema` and `__type` are refused (`__typename` stays allowed).
  Then what depends on the request rather than the document: a document of several operations must
  name the one to run (never "the first").

Every error made here carries an `extensions.code`. Limits and the introspection switch are read from
settings on each request, so a test (or an operator's change) applies at once.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from graphql import DocumentNode, GraphQLError, GraphQLSchema, OperationDefinitionNode, parse
from graphql.validation import ASTValidationRule, NoSchemaIntrospectionCustomRule, specified_rules
from strawberry.extensions import SchemaExtension
from strawberry.schema.schema import validate_document

from api.common.from_settings import FromSettings
from api.graphql import limits
from api.graphql.limits import DocumentLimits
from api.graphql.request_errors import (
    GRAPHQL_VALIDATION_FAILED,
    INTROSPECTION_DISABLED,
    OPERATION_NAME_REQUIRED,
    with_code,
)

# Recent documents are kept by text, so a client repeating its documents parses and validates each
# once. Only small ones: a 2,000-token document's syntax tree takes about 0.9 MB, and anyone may send
# a stream of distinct ones.
CACHED_DOCUMENTS = 128
CACHED_TOKENS = 500


class IntrospectionDisabled(NoSchemaIntrospectionCustomRule):
    """graphql-core's rule against `__schema` and `__type`, with a code."""

    def report_error(self, error: GraphQLError) -> None:
        super().report_error(with_code(error, INTROSPECTION_DISABLED))


@dataclass
class Checked:
    document: DocumentNode
    errors: tuple[GraphQLError, ...] | None = None  # None until validated


Key = tuple[str, GraphQLSchema, DocumentLimits, tuple[type[ASTValidationRule], ...]]


class RecentDocuments:
    """The last `size` documents checked, least recently used first out."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.entries: OrderedDict[Key, Checked] = OrderedDict()

    def get(self, key: Key) -> Checked | None:
        checked = self.entries.get(key)
        if checked is not None:
            self.entries.move_to_end(key)
        return checked

    def add(self, key: Key, checked: Checked) -> None:
        self.entries[key] = checked
        while len(self.entries) > self.size:
            self.entries.popitem(last=False)


RECENT = RecentDocuments(CACHED_DOCUMENTS)
DEFAULT_RULES = tuple(specified_rules)  # strawberry's, unless a request brings its own


class CheckedDocuments(SchemaExtension):
    checked: Checked | None = None

    def on_parse(self) -> Iterator[None]:
        context = self.execution_context
        self.limits = IN_FORCE.get()[0]
        self.rules = _rules(context.validation_rules)
        # For strawberry's own parse, which runs (and reports the syntax error) when ours failed.
        context.parse_options["max_tokens"] = self.limits.tokens
        if isinstance(context.query, str) and context.graphql_document is None:
            self.checked = self.parsed(context.query, context.schema._schema)
            if self.checked is not None:
                context.graphql_document = self.checked.document
        yield

    def parsed(self, query: str, schema: GraphQLSchema) -> Checked | None:
        key = (query, schema, self.limits, self.rules)
        checked = RECENT.get(key)
        if checked is None:
            try:
                document = parse(query, max_tokens=self.limits.tokens)
            except GraphQLError:
                return None
            checked = Checked(document)
            if getattr(document, "token_count", CACHED_TOKENS + 1) <= CACHED_TOKENS:
                RECENT.add(key, checked)
        return checked

    def on_validate(self) -> Iterator[None]:
        context = self.execution_context
        assert context.graphql_document is not None
        checked = self.checked or Checked(context.graphql_document)
        if checked.errors is None:
            checked.errors = validation_errors(
                context.schema._schema, checked.document, self.limits, self.rules
            )
        context.pre_execution_errors = list(checked.errors) or request_errors(context)
        yield


def _rules(rules: tuple[type[ASTValidationRule], ...]) -> tuple[type[ASTValidationRule], ...]:
    return rules if settings.GRAPHQL_INTROSPECTION else (*rules, IntrospectionDisabled)


# The limits and the default rules in force: read on every operation, from settings that a running
# server never changes.
IN_FORCE = FromSettings(
    {*DocumentLimits.SETTINGS.values(), "GRAPHQL_INTROSPECTION"},
    lambda: (DocumentLimits.from_settings(), _rules(DEFAULT_RULES)),
)


def valid(query: str, schema: GraphQLSchema) -> DocumentNode | None:
    """``query``'s document if it was checked already, under the limits and rules in force now, and
    passed; None: it has not been, and goes the usual way, where it is (api/graphql/calls.py)."""
    key = (query, schema, *IN_FORCE.get())
    checked = RECENT.get(key)
    return checked.document if checked is not None and checked.errors == () else None


def validation_errors(
    schema: GraphQLSchema,
    document: DocumentNode,
    document_limits: DocumentLimits,
    rules: tuple[type[ASTValidationRule], ...],
) -> tuple[GraphQLError, ...]:
    refusal = limits.refusal(document, document_limits)
    if refusal is not None:
        return (refusal,)
    errors = validate_document(schema, document, rules)
    return tuple(with_code(error, GRAPHQL_VALIDATION_FAILED) for error in errors)


def request_errors(context: Any) -> list[GraphQLError]:
    """What this request may not do with a valid document."""
    document = context.graphql_document
    operations = sum(isinstance(definition, OperationDefinitionNode) for definition in document.definitions)
    # strawberry runs the first operation when no name is given; it keeps the given name private.
    if operations > 1 and context._provided_operation_name is None:
        message = "This document has several operations: name the one to run in operationName."
        return [GraphQLError(message, extensions={"code": OPERATION_NAME_REQUIRED})]
    return []
