"""Taint analysis: untrusted input traced through a function to the calls it must not reach."""
