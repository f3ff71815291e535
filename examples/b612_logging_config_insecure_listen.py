import logging.config
from logging import config

thread = logging.config.listen(9999)  # expect: B612@10
thread = config.listen(port)  # expect: B612@10
thread = logging.config.listen(  # expect: B612
    9999,
)
thread = logging.config.listen(**settings)  # expect: B612

thread = logging.config.listen(9999, verify=check_signature)
thread = logging.config.listen(verify=None)
thread = socket_server.listen(9999)
logging.config.dictConfig(settings)
