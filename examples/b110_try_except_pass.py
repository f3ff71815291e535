try:
    connect()
except:  # expect: B110@1
    pass

try:
    connect()
except Exception:  # expect: B110
    pass

try:
    connect()
except ValueError:
    pass
except Exception as error:  # expect: B110
    pass

try:
    connect()
except* Exception:  # expect: B110
    pass


def nested():
    try:
        connect()
    except Exception:  # expect: B110@5
        pass


try:
    connect()
except Exception:  # nosec B110
    pass

try:
    connect()
except (ValueError, TypeError):
    pass

try:
    connect()
except errors.Timeout:
    pass

try:
    connect()
except builtins.Exception:
    pass

try:
    connect()
except Exception:
    logger.exception("connect failed")

try:
    connect()
except Exception:
    pass
    cleanup()

for attempt in range(3):
    try:
        connect()
    except Exception:  # expect: B112
        continue
