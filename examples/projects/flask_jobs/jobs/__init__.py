"""A Flask application whose views hand request data to helpers of another module that build
shell commands and SQL from their parameters. Bandit flags each helper whatever its callers
do; the data flow judges each by every call of it the scan holds: LOW where every caller
passes fixed or checked values, Bandit's own confidence where one passes raw input."""
