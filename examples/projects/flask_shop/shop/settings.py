"""The shop's switches, fixed here: the link step reads them where views test them."""

RAW_REPORTS = False
QUOTED_REPORTS = True
