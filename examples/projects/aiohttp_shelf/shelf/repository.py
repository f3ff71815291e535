"""A repository base whose classmethod makes the repository from the request's app."""


class Repository:
    def __init__(self, db):
        self.db = db

    @classmethod
    def for_request(cls, request):
        return cls(request.app["db"])
