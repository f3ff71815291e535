"""Turn sarif-om objects into JSON-ready dicts and lists, fast.

jschema_to_python's `to_json` deep-copies every object's `__dict__` before dropping default
values and renaming fields to their schema names; on a 5,000-result log that copy dominates the
time of the whole write. This walks the same attrs classes with the same two rules (a field equal
to its attrs default is left out; the `schema_property_name` metadata names the JSON key) and
builds the output directly. A test checks that both give the same JSON on a real report.
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

import attr

#: per class: (attribute, JSON name, default value) for every attrs field
_FIELDS: Dict[type, List[Tuple[str, str, Any]]] = {}
_NO_DEFAULT = object()


def _fields(cls: type) -> List[Tuple[str, str, Any]]:
    fields = _FIELDS.get(cls)
    if fields is None:
        fields = []
        for field in attr.fields(cls):
            default = field.default
            if isinstance(default, attr.Factory):  # type: ignore[arg-type]
                default = default.factory()
            elif default is attr.NOTHING:
                default = _NO_DEFAULT
            fields.append(
                (field.name, field.metadata.get("schema_property_name", field.name), default)
            )
        _FIELDS[cls] = fields
    return fields


#: values written as they are; looked up by exact type, the commonest case by far
_SCALARS = frozenset({str, int, float, bool, type(None)})


def plain(value: Any) -> Any:
    """`value` with every attrs object replaced by a dict of its non-default fields.

    SARIF objects nest a bounded number of levels (log, run, result, location, region ...), so
    plain recursion is safe here; the depth never depends on the scanned code. Scalars are told
    apart by exact type before any call: a 5,000-result log holds over a hundred thousand.
    """
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list or kind is tuple:
        return [item if type(item) in _SCALARS else plain(item) for item in value]
    if kind is dict:
        return {key: item if type(item) in _SCALARS else plain(item) for key, item in value.items()}
    fields = _FIELDS.get(kind)
    if fields is None:
        if not attr.has(kind):
            # str and int subclasses (enums) are written as their value, anything else as text
            return value if isinstance(value, (str, int, float)) else str(value)
        fields = _fields(kind)
    out = {}
    for name, key, default in fields:
        item = getattr(value, name)
        if item is default or (default is not _NO_DEFAULT and item == default):
            continue
        out[key] = item if type(item) in _SCALARS else plain(item)
    return out
