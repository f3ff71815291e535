import ast
import os

value = eval(user_text)  # expect: B307
total = eval(  # expect: B307
    "1 + 2"
)
safe = ast.literal_eval(user_text)
sandbox.eval(user_text)  # someone else's eval method
evaluate(user_text)


class Rule:
    """The expression each rule class fixes in its body: a base class's method evaluates one
    of the texts the file's rule classes bind (LOW)."""

    EXPR = "False"

    def check(self, metrics):
        return bool(eval(self.EXPR, {"__builtins__": {}}, dict(metrics)))  # expect: B307:LOW


class LatencyRule(Rule):
    EXPR = "p95_ms > 800"


class OperatorRule:
    """A subclass binds the expression to what the environment holds: not the code's text."""

    EXPR = "False"

    def check(self, metrics):
        return bool(eval(self.EXPR, {"__builtins__": {}}, dict(metrics)))  # expect: B307


class EnvironmentRule(OperatorRule):
    EXPR = os.environ.get("ALERT_RULE", "False")
