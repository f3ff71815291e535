import httpx
import requests
import requests as http
from requests import post

requests.get(url)  # expect: B113@1
requests.post(url, data=payload)  # expect: B113
http.put(url)  # expect: B113
post(url, json=body)  # expect: B113
requests.api.delete(url)  # expect: B113
requests.head(url, **options)  # expect: B113
requests.get(url, timeout=None)  # expect: B113@27
requests.patch(url, timeout=settings.get("timeout"))  # expect: B113@29
requests.options(url, timeout=base * 2)  # expect: B113
httpx.get(url, timeout=None)  # expect: B113
httpx.Client(timeout=None)  # expect: B113
httpx.stream(
    "GET",
    url,
    timeout=None,  # expect: B113@13
)
requests.get(url)  # nosec B113

requests.get(url, timeout=10)
requests.get(url, timeout=(3.05, 27))
requests.get(url, timeout=TIMEOUT)
requests.get(url, timeout=self.timeout)
httpx.get(url)
httpx.Client()
httpx.post(url, timeout=5.0)
requests.Session().get(url)
session.get(url)
requests.request("GET", url)
requests.codes.ok
urllib_get(url)
