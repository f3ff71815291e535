from .storage import Shelf


def shelf(request):
    return Shelf(request.app["db_path"])
