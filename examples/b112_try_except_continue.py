for path in paths:
    try:
        scan(path)
    except:  # expect: B112@5
        continue

for path in paths:
    try:
        scan(path)
    except Exception:  # expect: B112
        continue

while queue:
    try:
        handle(queue.pop())
    except KeyError:
        continue
    except Exception as error:  # expect: B112
        continue

for path in paths:
    try:
        scan(path)
    except Exception:  # nosec B112
        continue

for path in paths:
    try:
        scan(path)
    except (OSError, ValueError):
        continue
    except errors.Unreadable:
        continue

for path in paths:
    try:
        scan(path)
    except Exception:
        logger.warning("skipping %s", path)
        continue

for path in paths:
    try:
        scan(path)
    except Exception:  # expect: B110
        pass
