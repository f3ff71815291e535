"""A small Flask shop: views read the request, helpers in another module run the work."""
