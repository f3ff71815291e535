"""The checks. Each module defines Rule objects and registers their check functions; the
registry finds them by importing every module of this package."""
