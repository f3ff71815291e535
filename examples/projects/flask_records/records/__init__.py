"""A Flask application whose views reach their services through factories: a package
function named as its own submodule, a classmethod building the object, and a class-based
view handed the factory by `as_view`. The data flow follows each into the service's method."""

from flask import Flask

from .views import bp


def create_app() -> Flask:
    app = Flask(__name__)
    app.config.from_prefixed_env()
    app.register_blueprint(bp)
    return app
