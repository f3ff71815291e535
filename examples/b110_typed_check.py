# options: {try_except_pass: {check_typed_exception: true}, tests: [B110]}
try:
    connect()
except ValueError:  # expect: B110
    pass

try:
    connect()
except (ValueError, TypeError):  # expect: B110
    pass

try:
    connect()
except errors.Timeout:  # expect: B110
    pass

try:
    connect()
except ValueError:
    logger.debug("ignored")
