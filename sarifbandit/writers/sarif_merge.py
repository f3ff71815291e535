"""`sarifbandit merge`: the SARIF files of a sharded scan as one run.

GitHub rejects two runs of one tool and category in a file, so shards (one job per directory,
or per Python version) are merged into a single run: the union of the rules and CWE taxa, with
every `ruleIndex` and taxon index rewritten; all results, sorted, without the duplicates that
overlapping shards give; one invocation spanning all the shards (successful only if all were),
holding every shard's notifications. The result-count limit applies to the merged run.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Iterable, List, Sequence, Tuple

from ..errors import ConfigError
from .sarif import MAX_RESULTS, SCHEMA

_SEVERITY = {"HIGH": 3, "MEDIUM": 2, "LOW": 1}
_LEVEL = {"error": 3, "warning": 2, "note": 1}


def load(path: str) -> Dict[str, Any]:
    """A SARIF log from `path`; ConfigError naming the file when it is not one."""
    try:
        with open(path, encoding="utf-8-sig") as handle:
            log = json.load(handle)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise ConfigError(f"{path}: not JSON ({exc}); pass SARIF files written by scan") from None
    if not isinstance(log, dict) or not isinstance(log.get("runs"), list):
        raise ConfigError(f"{path}: not a SARIF log (no 'runs' list)")
    return log


def _driver(run: Dict[str, Any]) -> Dict[str, Any]:
    return run.get("tool", {}).get("driver", {})


def _location_key(result: Dict[str, Any]) -> Tuple:
    try:
        physical = result["locations"][0]["physicalLocation"]
    except (KeyError, IndexError, TypeError):
        return ("", 0, 0)
    region = physical.get("region", {})
    return (
        physical.get("artifactLocation", {}).get("uri", ""),
        region.get("startLine", 0),
        region.get("startColumn", 0),
    )


def _identity(result: Dict[str, Any]) -> str:
    """What makes two results the same finding: everything but volatile properties."""
    return json.dumps(
        [
            result.get("ruleId"),
            result.get("locations"),
            result.get("message", {}).get("text"),
            result.get("partialFingerprints"),
            result.get("suppressions"),
        ],
        sort_keys=True,
    )


def _rank(result: Dict[str, Any]) -> Tuple[int, int]:
    properties = result.get("properties", {})
    severity = _SEVERITY.get(properties.get("issue_severity", ""), 0)
    confidence = _SEVERITY.get(properties.get("issue_confidence", ""), 0)
    return (severity or _LEVEL.get(result.get("level", "warning"), 0), confidence)


def _times(invocations: Iterable[Dict[str, Any]], key: str) -> List[str]:
    return sorted(i[key] for i in invocations if isinstance(i.get(key), str))


def _merge_taxonomies(runs: Sequence[Dict[str, Any]]) -> Tuple[List[Dict[str, Any]], Dict]:
    """One taxonomy per name with the union of its taxa, and {(name, taxon id): new index}."""
    by_name: Dict[str, Dict[str, Any]] = {}
    taxa: Dict[str, Dict[str, Dict[str, Any]]] = {}
    for run in runs:
        for taxonomy in run.get("taxonomies", []):
            name = taxonomy.get("name", "")
            by_name.setdefault(name, taxonomy)
            for taxon in taxonomy.get("taxa", []):
                taxa.setdefault(name, {}).setdefault(taxon.get("id", ""), taxon)
    merged = []
    index: Dict[Tuple[str, str], int] = {}
    for name in sorted(by_name):
        ordered = sorted(taxa.get(name, {}).items(), key=lambda item: _numeric(item[0]))
        for i, (taxon_id, _) in enumerate(ordered):
            index[(name, taxon_id)] = i
        merged.append({**by_name[name], "taxa": [taxon for _, taxon in ordered]})
    return merged, index


def _numeric(text: str) -> Tuple[int, str]:
    return (int(text), "") if text.isdigit() else (1 << 62, text)


def _retarget(rule: Dict[str, Any], taxa: Dict, names: List[str]) -> Dict[str, Any]:
    relationships = []
    for relation in rule.get("relationships", []):
        target = dict(relation.get("target", {}))
        component = dict(target.get("toolComponent", {}))
        name = component.get("name", "")
        if (name, target.get("id")) in taxa:
            target["index"] = taxa[(name, target.get("id"))]
            if name in names:
                component["index"] = names.index(name)
            target["toolComponent"] = component
        relationships.append({**relation, "target": target})
    return {**rule, "relationships": relationships} if relationships else rule


def merge(logs: Sequence[Dict[str, Any]], names: Sequence[str], limit: int = MAX_RESULTS) -> Dict:
    """One SARIF log with one run from every run of `logs` (`names` are their files, for
    messages); ConfigError when the runs come from different tools."""
    runs = [(name, run) for name, log in zip(names, logs) for run in log["runs"]]
    if not runs:
        raise ConfigError("nothing to merge: the files hold no runs")
    tools = {_driver(run).get("name") for _, run in runs}
    if len(tools) != 1:
        raise ConfigError(
            f"cannot merge runs of different tools ({', '.join(sorted(map(str, tools)))}); "
            "merge the shards of one tool at a time"
        )
    plain_runs = [run for _, run in runs]
    first = plain_runs[0]
    rules: Dict[str, Dict[str, Any]] = {}
    for run in plain_runs:
        for rule in _driver(run).get("rules", []):
            rules.setdefault(rule["id"], rule)
    taxonomies, taxa = _merge_taxonomies(plain_runs)
    taxonomy_names = [t.get("name", "") for t in taxonomies]
    rule_list = [_retarget(rules[rule_id], taxa, taxonomy_names) for rule_id in sorted(rules)]
    rule_index = {rule["id"]: i for i, rule in enumerate(rule_list)}

    seen = set()
    results = []
    for run in plain_runs:
        for result in run.get("results", []):
            identity = _identity(result)
            if identity in seen:
                continue
            seen.add(identity)
            result = {k: v for k, v in result.items() if k != "ruleIndex"}
            if result.get("ruleId") in rule_index:
                result["ruleIndex"] = rule_index[result["ruleId"]]
            results.append(result)

    invocations = [i for run in plain_runs for i in run.get("invocations", [])]
    execution = [n for i in invocations for n in i.get("toolExecutionNotifications", [])]
    configuration = [n for i in invocations for n in i.get("toolConfigurationNotifications", [])]
    if len(results) > limit:
        ranked = sorted(results, key=lambda r: tuple(-x for x in _rank(r)))
        cut = len(results) - limit
        execution.append(
            {
                "level": "warning",
                "message": {
                    "text": f"{cut:,} of {len(results):,} merged results were left out to stay "
                    f"within the {limit:,} results per run that GitHub accepts; the most severe "
                    "were kept."
                },
                "descriptor": {"id": "results-truncated"},
            }
        )
        results = ranked[:limit]
    results.sort(key=lambda r: (*_location_key(r), r.get("ruleId", "")))

    invocation: Dict[str, Any] = {
        "executionSuccessful": all(i.get("executionSuccessful", True) for i in invocations)
    }
    starts, ends = _times(invocations, "startTimeUtc"), _times(invocations, "endTimeUtc")
    if starts:
        invocation["startTimeUtc"] = starts[0]
    if ends:
        invocation["endTimeUtc"] = ends[-1]
    working = next((i["workingDirectory"] for i in invocations if "workingDirectory" in i), None)
    if working is not None:
        invocation["workingDirectory"] = working
    if execution:
        invocation["toolExecutionNotifications"] = execution
    if configuration:
        invocation["toolConfigurationNotifications"] = configuration

    provenance: List[Dict[str, Any]] = []
    for run in plain_runs:
        for entry in run.get("versionControlProvenance", []):
            if entry not in provenance:
                provenance.append(entry)

    merged = {key: value for key, value in first.items() if key not in ("results", "invocations")}
    merged["tool"] = {**first["tool"], "driver": {**_driver(first), "rules": rule_list}}
    if taxonomies:
        merged["taxonomies"] = taxonomies
    if provenance:
        merged["versionControlProvenance"] = provenance
    merged["invocations"] = [invocation]
    merged["results"] = results
    return {"version": "2.1.0", "$schema": SCHEMA, "runs": [merged]}


def merge_files(paths: Sequence[str]) -> str:
    """The merged SARIF text of the files at `paths`."""
    logs = [load(path) for path in paths]
    return json.dumps(merge(logs, list(paths)), ensure_ascii=False, separators=(",", ":")) + "\n"
