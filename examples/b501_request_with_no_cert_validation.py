import httpx
import requests
from requests import get as fetch

requests.get(url, timeout=5, verify=False)  # expect: B501@37
requests.post(url, verify=False, timeout=5)  # expect: B501
fetch(url, verify="False", timeout=5)  # expect: B501
httpx.get(url, verify=False)  # expect: B501
httpx.Client(verify=False)  # expect: B501
httpx.AsyncClient(verify=False)  # expect: B501
requests.put(
    url,
    timeout=5,
    verify=False,  # expect: B501@12
)
requests.get(url, timeout=5, verify=False)  # nosec B501

requests.get(url, timeout=5)
requests.get(url, timeout=5, verify=True)
requests.get(url, timeout=5, verify="/etc/ssl/internal-ca.pem")
requests.get(url, timeout=5, verify=settings.VERIFY)
httpx.get(url, verify=True)
session.get(url, verify=False)
requests.Session().get(url, verify=False)
urlopen(url, verify=False)
