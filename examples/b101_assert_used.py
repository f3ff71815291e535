def withdraw(account, amount):
    assert amount > 0  # expect: B101
    assert (  # expect: B101
        account.balance >= amount
    ), "overdrawn"
    if amount <= 0:
        raise ValueError("amount must be positive")
    account.balance -= amount


def audited(value):
    assert value  # nosec B101 - reviewed: only for type narrowing
    assert value  # nosec
    return value


# the word assert in a string or a comment is not a statement
NOTE = "assert nothing"
