"""What is known about one file before any check runs: its source and tree, the facts checks
read, and the data-flow analysis."""
